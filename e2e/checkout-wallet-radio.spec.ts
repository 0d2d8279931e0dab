// A signed-in player tries the wallet with too little USDC in it. After the failure the payment-method state
// is one thing everywhere: the Wallet radio is checked (what a screen reader announces), its tile is the
// highlighted one, the card fields stay hidden, and focus is on the message, one Tab from the methods.
// Choosing Card then shows the card fields, and Pay sends the card: the purchase is paid by card.
import { expect, test, type Page } from "@playwright/test";
import { createProduct, expectPurchaseHook, openRedirect, typeCard } from "./checkout-support";
import { asNewVisitor, expectHostedPageBasics, screenshot, seed, signUpOnForm, startReceiver, uniqueEmail, verifyEmailFromOutbox } from "./support";

// A seeded tenant, a browser and a real server on a shared 2-core machine: allow for a slow minute.
test.describe.configure({ timeout: 180_000 });

/** Which radio is checked, which tile is highlighted, and whether the card fields are on the page. */
const methodState = async (page: Page) => ({
  checked: await page.evaluate(() => document.querySelector<HTMLInputElement>('main input[name="method"]:checked')?.value ?? null),
  highlighted: await page.locator("main [data-selected='true']").evaluateAll((tiles) => tiles.map((t) => t.getAttribute("data-testid"))),
  cardFields: await page.getByLabel("Card number").count(),
});

test("the payment-method radio, the highlighted tile and the card fields agree after a failed wallet attempt", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = await seed(baseURL!, receiver.url);
    const item = await createProduct(request, s, { name: "Moon Boots", price: 1500 });
    const url = await openRedirect(request, s, { itemId: item._id, checkoutmethod: "wallet" });
    const email = uniqueEmail("wallet");

    await asNewVisitor(page);
    await page.goto(url);
    await page.getByText("Have an account? Sign in").click();
    await signUpOnForm(page, { email, password: "a-good-password", within: page.locator("details") });
    await verifyEmailFromOutbox(page, { email, password: "a-good-password" });
    await expect(page).toHaveURL(url);
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    expect(await methodState(page)).toEqual({ checked: "wallet", highlighted: ["method-wallet"], cardFields: 0 });

    // the wallet is empty: refused, and the state on screen is still the wallet everywhere
    await page.getByRole("button", { name: "Pay USD 15.00" }).click();
    const alert = page.getByTestId("pay-alert");
    await expect(alert).toHaveText("Your wallet balance is too low for this item. Top it up or pay another way.");
    await expect(alert).toBeFocused();
    expect(await methodState(page)).toEqual({ checked: "wallet", highlighted: ["method-wallet"], cardFields: 0 });
    await expect(page.getByRole("radio", { name: /Wallet/ })).toBeChecked();
    await expect(page.getByRole("radio", { name: /Card/ })).not.toBeChecked();
    await expectHostedPageBasics(page);
    await screenshot(page, "checkout-wallet-failed");
    // one Tab from the message reaches the methods (the checked one)
    await page.keyboard.press("Tab");
    await expect(page.getByRole("radio", { name: /Wallet/ })).toBeFocused();

    // choosing Card shows the card fields; Pay sends the card
    await page.getByRole("radio", { name: /Card/ }).check();
    expect(await methodState(page)).toEqual({ checked: "card", highlighted: ["method-card"], cardFields: 1 });
    await typeCard(page, { number: "4242 4242 4242 4242" });
    await page.getByRole("button", { name: "Pay USD 15.00" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment successful");
    const done = await expectPurchaseHook(receiver.hooks, s.game.webhookSecret, "Purchases.Completed", (d) => d.itemId === item._id);
    expect(done.data).toMatchObject({ amount: 1500, currency: "USD", paymentProvider: "sandbox" });
    const failed = await expectPurchaseHook(receiver.hooks, s.game.webhookSecret, "Purchases.Failed", (d) => d.itemId === item._id);
    expect(failed.data).toMatchObject({ paymentMethod: "wallet", status: "failed" });
  } finally {
    receiver.close();
  }
});
