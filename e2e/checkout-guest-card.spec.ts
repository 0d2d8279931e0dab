// A game creates a checkout grant for a player; the player pays by card as a guest on the hosted page.
// The page names the game and the item (tab, preview), shows the line items and the total with the
// currency code, links back to the game's store, terms and support, and says a guest pays by card. A
// number the sandbox does not know is refused under the field. The success page closes the loop: what
// was bought, what happens next, a short reference and "Return to game". The game receives
// Purchases.Completed with grant_user_ref and checkout_metadata exactly as sent, and the same URL then says
// the checkout is already completed.
import { expect, test } from "@playwright/test";
import { createGrant, createProduct, expectFieldError, expectPurchaseHook, GAME_LINKS, setGameSettings, typeCard } from "./checkout-support";
import { expectHostedPageBasics, offsiteRequests, screenshot, seed, startReceiver, uniqueEmail } from "./support";

// A seeded tenant, a browser and a real server on a shared 2-core machine: allow for a slow minute.
test.describe.configure({ timeout: 180_000 });

test("a guest pays a checkout grant by card", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = await seed(baseURL!, receiver.url);
    const game = await setGameSettings(request, s, { ...GAME_LINKS, taxLabel: "VAT", taxRatePercent: 20 });
    const item = await createProduct(request, s, { name: "Golden Sword", price: 600 });
    const email = uniqueEmail("guest");
    const checkoutMetadata = { orderId: "order-77", cart: { sku: "sword", qty: 1 }, tags: ["launch", "vip"] };
    const grant = await createGrant(request, s, { itemId: item._id, email, checkoutMetadata, customMessage: "<b>Thanks</b> for supporting the game!" });
    expect(grant.checkoutUrl).toMatch(new RegExp(`^${baseURL}/checkout/g/[^?]+\\?sig=[0-9a-f]{64}$`));

    const offsite = offsiteRequests(page, baseURL!);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(grant.checkoutUrl);
    // the tab and the link preview name the game and the item, not the platform
    await expect(page).toHaveTitle(`Pay ${game.name} — Golden Sword`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", `Pay ${game.name} — Golden Sword`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", `Secure checkout for Golden Sword from ${game.name}.`);
    await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute("content", game.name);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Checkout: Golden Sword");
    await expect(page.getByTestId("custom-message")).toHaveText("Thanks for supporting the game!");
    // the summary: the item, the tax included, the total, each with the currency code
    await expect(page.getByTestId("price")).toHaveText("USD 6.00");
    // on a phone the line items fold behind "Details" (issue 30): open them
    if (test.info().project.name === "phone") await page.getByRole("button", { name: "Details" }).click();
    const lines = page.getByRole("table", { name: "Order summary" });
    await expect(lines.getByRole("row", { name: /Golden Sword/ })).toContainText("USD 6.00");
    await expect(page.getByTestId("tax-row")).toHaveText(/Includes VAT \(20%\)\s*USD\s1\.00/);
    await expect(page.getByTestId("total-row")).toHaveText(/Total\s*USD\s6\.00/);
    // a guest pays by card: said, not offered and refused
    await expect(page.getByRole("radio")).toHaveCount(1);
    await expect(page.getByRole("radio", { name: /Card/ })).toBeChecked();
    await expect(page.getByTestId("method-note")).toHaveText("As a guest you pay by card. Sign in below to pay from your wallet.");
    await expect(page.getByText(`This purchase is for ${email}.`)).toBeVisible();
    // the way out and the game's own links
    await expect(page.getByRole("link", { name: `Back to ${game.name}` })).toHaveAttribute("href", GAME_LINKS.storeUrl);
    await expect(page.getByRole("link", { name: "Terms of sale" })).toHaveAttribute("href", GAME_LINKS.termsUrl);
    await expect(page.getByRole("link", { name: `Contact ${game.name}` })).toHaveAttribute("href", GAME_LINKS.supportUrl);
    await expectHostedPageBasics(page);
    await screenshot(page, "checkout-grant");

    // A Luhn-valid number the sandbox does not know: refused under the field by the server, nothing charged.
    await typeCard(page, { number: "4111 1111 1111 1111" });
    await page.getByRole("button", { name: "Pay USD 6.00" }).click();
    await expectFieldError(page, "Card number", "cardNumber", /not valid in test mode/);
    await expect(page.getByLabel("Card number")).toBeFocused();
    await expect(page.getByLabel("Expiry (MM / YY)")).toHaveValue("12 / 34");
    await expect(page.getByLabel("CVC")).toHaveValue("123");

    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await expect(page.getByTestId("error-cardNumber")).toHaveCount(0); // fixed: the error goes as it is typed
    await page.getByRole("button", { name: "Pay USD 6.00" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment successful");
    await expect(page).toHaveTitle(`Payment complete — Golden Sword · ${game.name}`);
    await expect(page.getByTestId("paid")).toHaveText("You paid USD 6.00 for Golden Sword. Includes VAT (20%): USD 1.00.");
    const next = page.getByRole("region", { name: "What happens next" });
    await expect(next.getByTestId("next-steps")).toContainText(`${game.name} delivers Golden Sword to your account.`);
    await expect(next.getByTestId("next-steps")).toContainText(`The purchase is on the account ${email}, and its receipt is emailed there.`);
    const reference = await next.getByTestId("reference").textContent();
    expect(reference).toMatch(/^CO-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    await expect(page.getByRole("link", { name: `Return to ${game.name}` })).toHaveAttribute("href", GAME_LINKS.storeUrl);
    await expect(page.getByRole("button", { name: "Share with friends" })).toBeVisible();
    await expectHostedPageBasics(page);
    await screenshot(page, "checkout-grant-success");

    const done = await expectPurchaseHook(receiver.hooks, s.game.webhookSecret, "Purchases.Completed", (d) => d.itemId === item._id);
    expect(done.data).toMatchObject({
      gameId: s.game.gameId,
      amount: 600,
      currency: "USD",
      paymentProvider: "sandbox",
      user_ref: grant.userRef,
      grant_user_ref: grant.userRef,
    });
    expect(done.data.checkout_metadata).toEqual(checkoutMetadata);
    // the reference is the purchase's: its last 40 bits
    const { referenceToIdSuffix } = await import("../lib/checkout/purchase-reference");
    expect(done.data.purchaseId.endsWith(referenceToIdSuffix(reference!)!)).toBe(true);
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
    await expect(page.getByRole("link", { name: `Back to ${game.name}` }).first()).toHaveAttribute("href", GAME_LINKS.storeUrl);
    await expectHostedPageBasics(page);
    await screenshot(page, "checkout-grant-already-completed");
    // A tampered signature is refused.
    await page.goto(grant.checkoutUrl.replace(/sig=./, (m) => (m.endsWith("0") ? "sig=1" : "sig=0")));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn't find this checkout");
    await expect(page).toHaveTitle("Checkout not found");
    await screenshot(page, "checkout-not-found");
    expect(offsite).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    receiver.close();
  }
});
