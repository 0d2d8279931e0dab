// A store sends a player to checkout with a deal: the page shows the deal price beside the struck-through
// regular price, and the line items (the item, the deal's saving, the total). The first card is declined
// (Purchases.Failed): the form keeps the email, the card number and the expiry, clears only the CVC, and
// focus goes to the decline, from which one Tab reaches the card number. The player types another card and
// a CVC and pays (Purchases.Completed at the deal price); the success page returns them to the game.
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createProduct, expectPurchaseHook, openRedirect, typeCard } from "./checkout-support";
import { expectHostedPageBasics, gameHeaders, offsiteRequests, screenshot, seed, startReceiver, uniqueEmail } from "./support";

// A seeded tenant, a browser and a real server on a shared 2-core machine: allow for a slow minute.
test.describe.configure({ timeout: 180_000 });

test("a declined card, then a fix on the same form succeeds at the deal price with every typed value kept", async ({ page, request, baseURL }) => {
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
    await expect(page.getByTestId("price")).toHaveText("USD 5.99");
    await expect(page.locator("s")).toHaveText("USD 9.99");
    await expect(page.getByText("Deal LAUNCH40 applied: you save USD 4.00")).toBeVisible();
    const lines = page.getByRole("table", { name: "Order summary" });
    await expect(lines.getByRole("row", { name: /Dragon Pack/ })).toContainText("USD 9.99");
    await expect(lines.getByRole("row", { name: "Deal LAUNCH40" })).toContainText("−USD 4.00");
    await expect(page.getByTestId("total-row")).toHaveText(/Total\s*USD\s5\.99/);
    await expect(page.getByTestId("tax-row")).toHaveCount(0); // the game set no tax
    const email = uniqueEmail("retry");
    const pay = page.getByRole("region", { name: "Pay as a guest" });
    await pay.getByLabel("Email").fill(email);
    await typeCard(page, { number: "4000 0000 0000 0002", expiry: "11 / 33", cvc: "321" });
    await page.getByRole("button", { name: "Pay USD 5.99" }).click();

    const alert = page.getByTestId("pay-alert");
    await expect(alert).toHaveText("Your card was declined. Try another card.");
    await expect(alert).toHaveAttribute("role", "alert");
    await expect(alert).toBeFocused();
    // the focused alert shows its focus (an outline), like every focused control
    expect(await alert.evaluate((e) => getComputedStyle(e).outlineStyle)).not.toBe("none");
    // what was typed is kept; only the CVC is cleared
    await expect(pay.getByLabel("Email")).toHaveValue(email);
    await expect(page.getByLabel("Card number")).toHaveValue("4000 0000 0000 0002");
    await expect(page.getByLabel("Expiry (MM / YY)")).toHaveValue("11 / 33");
    await expect(page.getByLabel("CVC")).toHaveValue("");
    await expect(page.getByRole("radio", { name: /Card/ })).toBeChecked();
    await expectHostedPageBasics(page);
    await screenshot(page, "checkout-declined");
    // one Tab from the decline reaches the card number
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Card number")).toBeFocused();

    const failed = await expectPurchaseHook(receiver.hooks, s.game.webhookSecret, "Purchases.Failed", (d) => d.itemId === item._id);
    expect(failed.data).toMatchObject({ status: "failed", message: "Your card was declined. Try another card.", amount: 599, dealCode: "LAUNCH40" });

    // Fix: another card and the CVC; nothing else is typed again.
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("CVC").fill("321");
    await page.getByRole("button", { name: "Pay USD 5.99" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment successful");
    const back = page.getByRole("link", { name: /Return to/ });
    await expect(back).toHaveAttribute("href", "https://game.example/store?back=1");
    await expect(page.getByTestId("next-steps")).toContainText(`The purchase is on the account ${email}, and its receipt is emailed there.`);
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

test("a decline is not shown again when the page is reloaded", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = await seed(baseURL!, receiver.url);
    const item = await createProduct(request, s, { name: "Dragon Pack", price: 999 });
    const url = await openRedirect(request, s, { itemId: item._id });
    await page.goto(url);
    await page.getByRole("region", { name: "Pay as a guest" }).getByLabel("Email").fill(uniqueEmail("reload"));
    await typeCard(page, { number: "4000 0000 0000 0002" });
    await page.getByRole("button", { name: "Pay USD 9.99" }).click();
    await expect(page.getByTestId("pay-alert")).toHaveText("Your card was declined. Try another card.");
    await page.reload();
    await expect(page.getByRole("heading", { name: "Pay as a guest" })).toBeVisible();
    await expect(page.locator("main").getByRole("alert")).toHaveCount(0);
    await expect(page.getByLabel("Card number")).toHaveValue("");
  } finally {
    receiver.close();
  }
});
