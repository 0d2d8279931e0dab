// A signed-in player whose wallet holds too little USDC for the item (the game asked for the wallet): the
// Wallet method shows the balance and is disabled with the reason, so the page starts on Card, and the
// method state is one thing everywhere: the checked radio, the highlighted tile and the card fields on
// screen. Pay sends the card: the purchase is paid by card. (A balance that drops between the page and Pay
// is refused by the server: app/checkout/actions.test.ts.)
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

test("a wallet too low for the item shows its balance, is disabled with the reason, and the page starts on Card", async ({ page, request, baseURL }) => {
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
    // the wallet is empty: its tile says the balance and why it cannot pay, its radio is disabled, and the
    // page starts on Card (the method the game asked for cannot pay), never offering a top-up
    const wallet = page.getByTestId("method-wallet");
    await expect(wallet).toContainText("Your balance: 0.00 USDC (not enough)");
    await expect(page.getByRole("radio", { name: /Wallet/ })).toBeDisabled();
    expect(await methodState(page)).toEqual({ checked: "card", highlighted: ["method-card"], cardFields: 1 });
    await expect(page.getByText(/top it up/i)).toHaveCount(0);
    await expectHostedPageBasics(page);
    await screenshot(page, "checkout-wallet-too-low");
    await expect(page.getByRole("button", { name: "Pay USD 15.00" })).toBeEnabled();
    await typeCard(page, { number: "4242 4242 4242 4242" });
    await page.getByRole("button", { name: "Pay USD 15.00" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment successful");
    const done = await expectPurchaseHook(receiver.hooks, s.game.webhookSecret, "Purchases.Completed", (d) => d.itemId === item._id);
    expect(done.data).toMatchObject({ amount: 1500, currency: "USD", paymentProvider: "sandbox" });
    // nothing was attempted with the wallet
    expect(receiver.hooks.filter((h) => h.event === "Purchases.Failed" && h.data.itemId === item._id)).toEqual([]);
  } finally {
    receiver.close();
  }
});
