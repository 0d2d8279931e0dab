// A store sends a player to checkout with a deal: the page shows the deal price beside the struck-through
// regular price. The first card is declined (Purchases.Failed), the player retries on the same URL with
// a good card (Purchases.Completed at the deal price), and the success page returns them to the game.
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createProduct, expectPurchaseHook, fillCard, openRedirect } from "./checkout-support";
import { expectHostedPageBasics, gameHeaders, offsiteRequests, screenshot, seed, startReceiver, uniqueEmail } from "./support";

test("a declined card, then a retry on the same URL succeeds at the deal price", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = await seed(baseURL!, receiver.url);
    const item = await createProduct(request, s, { name: "Dragon Pack", price: 999 });
    const deal = await request.post("/api/v1/test-helpers/deals", {
      headers: { ...gameHeaders(s), "idempotency-key": randomUUID() },
      data: { itemId: item._id, code: "LAUNCH40", overridePrice: 599 },
    });
    expect(deal.status()).toBe(201);
    const url = await openRedirect(request, s, {
      itemId: item._id,
      checkoutmethod: "card",
      dealCode: "launch40",
      redirectUrl: "https://game.example/store?back=1",
    });
    expect(url).toMatch(new RegExp(`^${baseURL}/checkout/r/cks_test_[0-9a-f]+$`));

    const offsite = offsiteRequests(page, baseURL!);
    await page.goto(url);
    await expect(page.getByTestId("price")).toHaveText("$5.99");
    await expect(page.locator("s")).toHaveText("$9.99");
    await expect(page.getByText("Deal LAUNCH40 applied: you save $4.00")).toBeVisible();
    const email = uniqueEmail("retry");
    await page.getByRole("region", { name: "Pay as a guest" }).getByLabel("Email").fill(email);
    await fillCard(page, "4000 0000 0000 0002");
    await page.getByRole("button", { name: "Pay $5.99" }).click();
    await expect(page.locator("main").getByRole("alert")).toHaveText("Your card was declined. Try another card.");
    await expectHostedPageBasics(page);
    await screenshot(page, "checkout-declined");
    const failed = await expectPurchaseHook(receiver.hooks, s.game.webhookSecret, "Purchases.Failed", (d) => d.itemId === item._id);
    expect(failed.data).toMatchObject({ status: "failed", message: "Your card was declined. Try another card.", amount: 599, dealCode: "LAUNCH40" });

    // Same URL, reloaded: still payable, the last decline is shown until the next attempt.
    await page.goto(url);
    await expect(page.locator("main").getByRole("alert")).toHaveText("Your card was declined. Try another card.");
    await page.getByRole("region", { name: "Pay as a guest" }).getByLabel("Email").fill(email);
    await fillCard(page, "4242424242424242");
    await page.getByRole("button", { name: "Pay $5.99" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment successful");
    const back = page.getByRole("link", { name: /Return to/ });
    await expect(back).toHaveAttribute("href", "https://game.example/store?back=1");
    await expectHostedPageBasics(page);
    await screenshot(page, "checkout-retry-success");

    const done = await expectPurchaseHook(receiver.hooks, s.game.webhookSecret, "Purchases.Completed", (d) => d.itemId === item._id);
    expect(done.data).toMatchObject({
      amount: 599,
      currency: "USD",
      dealCode: "LAUNCH40",
      paymentProvider: "sandbox",
      user_ref: expect.stringMatching(/^gmu_test_/),
    });
    expect(done.data).not.toHaveProperty("grant_user_ref");
    expect(done.data.purchaseId).not.toBe(failed.data.purchaseId);
    expect(offsite).toEqual([]);
  } finally {
    receiver.close();
  }
});
