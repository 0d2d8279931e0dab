// A game creates a checkout grant for a player; the player pays by card as a guest on the hosted page.
// The game receives Purchases.Completed with grant_user_ref and checkout_metadata exactly as sent, and
// the same URL then says the checkout is already completed.
import { expect, test } from "@playwright/test";
import { createGrant, createProduct, expectPurchaseHook, fillCard } from "./checkout-support";
import { expectHostedPageBasics, offsiteRequests, screenshot, seed, startReceiver, uniqueEmail } from "./support";

test("a guest pays a checkout grant by card", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = await seed(baseURL!, receiver.url);
    const item = await createProduct(request, s, { name: "Golden Sword", price: 499 });
    const email = uniqueEmail("guest");
    const checkoutMetadata = { orderId: "order-77", cart: { sku: "sword", qty: 1 }, tags: ["launch", "vip"] };
    const grant = await createGrant(request, s, { itemId: item._id, email, checkoutMetadata, customMessage: "<b>Thanks</b> for supporting the game!" });
    expect(grant.checkoutUrl).toMatch(new RegExp(`^${baseURL}/checkout/g/[^?]+\\?sig=[0-9a-f]{64}$`));

    const offsite = offsiteRequests(page, baseURL!);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(grant.checkoutUrl);
    await expect(page).toHaveTitle(/Checkout/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Checkout: Golden Sword");
    await expect(page.getByTestId("custom-message")).toHaveText("Thanks for supporting the game!");
    await expect(page.getByTestId("price")).toHaveText("$4.99");
    await expect(page.getByRole("region", { name: "Pay as a guest" }).getByLabel("Email")).toHaveValue(email);
    await expect(page.getByRole("radio", { name: /Card/ })).toBeChecked();
    await expectHostedPageBasics(page);
    await screenshot(page, "checkout-grant");

    // A number the sandbox does not know: refused on the page, nothing charged.
    await fillCard(page, "4111 1111 1111 1111");
    await page.getByRole("button", { name: "Pay $4.99" }).click();
    await expect(page.locator("main").getByRole("alert")).toContainText("not valid in test mode");
    await expect(page.getByLabel("Card number")).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("main").getByRole("alert")).toBeFocused();

    await fillCard(page, "4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay $4.99" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment successful");
    await expect(page.getByText("You paid $4.99 for Golden Sword.")).toBeVisible();
    await expect(page.getByText(`Paid as ${email}.`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Share with friends" })).toBeVisible();
    await expectHostedPageBasics(page);
    await screenshot(page, "checkout-grant-success");

    const done = await expectPurchaseHook(receiver.hooks, s.game.webhookSecret, "Purchases.Completed", (d) => d.itemId === item._id);
    expect(done.data).toMatchObject({
      gameId: s.game.gameId,
      amount: 499,
      currency: "USD",
      paymentProvider: "sandbox",
      user_ref: grant.userRef,
      grant_user_ref: grant.userRef,
    });
    expect(done.data.checkout_metadata).toEqual(checkoutMetadata);
    // Deliveries run in parallel, so the order of arrival is not fixed; each event arrives once.
    await expect
      .poll(() =>
        receiver.hooks
          .filter((h) => h.event.startsWith("Purchases."))
          .map((h) => h.event)
          .sort(),
      )
      .toEqual(["Purchases.Completed", "Purchases.Started"]);

    await page.goto(grant.checkoutUrl);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Already completed");
    await screenshot(page, "checkout-grant-already-completed");
    // A tampered signature is refused.
    await page.goto(grant.checkoutUrl.replace(/sig=./, (m) => (m.endsWith("0") ? "sig=1" : "sig=0")));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn't find this checkout");
    expect(offsite).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    receiver.close();
  }
});
