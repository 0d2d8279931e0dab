// A browser set to French (Accept-Language: fr-FR) sees the whole checkout in French, prices formatted the
// French way with the currency code ("9,99 USD"), errors and the decline included, and the success page
// too. A grant's checkoutMetadata.locale overrides the browser's language.
import { expect, test } from "@playwright/test";
import { createGrant, createProduct, fieldError, openRedirect, payForm, setGameSettings } from "./checkout-support";
import { screenshot, seed, startReceiver, uniqueEmail } from "./support";

// A seeded tenant, a browser and a real server on a shared 2-core machine: allow for a slow minute.
test.describe.configure({ timeout: 180_000 });

test.describe("in French", () => {
  test.use({ locale: "fr-FR" });

  test("a French browser sees the checkout in French with French price formatting", async ({ page, request, baseURL }) => {
    const receiver = await startReceiver();
    try {
      const s = await seed(baseURL!, receiver.url);
      const game = await setGameSettings(request, s, { storeUrl: "https://game.example/boutique", taxLabel: "TVA", taxRatePercent: 20 });
      const item = await createProduct(request, s, { name: "Pack Dragon", price: 1299 });
      const url = await openRedirect(request, s, { itemId: item._id });
      await page.goto(url);
      await expect(page).toHaveTitle(`Payer ${game.name} — Pack Dragon`);
      await expect(page.locator("main").locator("xpath=ancestor::*[@lang][1]")).toHaveAttribute("lang", "fr");
      await expect(page.getByRole("heading", { name: "Payer en tant qu'invité" })).toBeVisible();
      await expect(page.getByTestId("price")).toHaveText(/^12,99\sUSD$/);
      await expect(page.getByTestId("tax-row")).toHaveText(/Dont TVA \(20\s%\)\s*2,17\sUSD/);
      await expect(page.getByTestId("total-row")).toHaveText(/Total\s*12,99\sUSD/);
      await expect(page.getByRole("link", { name: `Retour à ${game.name}` })).toHaveAttribute("href", "https://game.example/boutique");
      await expect(page.getByText("Mode test · aucun argent réel n'est débité")).toBeVisible();
      await screenshot(page, "checkout-fr");

      // the browser's checks speak French too
      await page.getByRole("button", { name: /^Payer 12,99\sUSD$/ }).click();
      await expect(fieldError(page, "email")).toHaveText("Saisissez votre adresse e-mail.");
      await expect(fieldError(page, "cardNumber")).toHaveText("Saisissez votre numéro de carte.");
      await expect(page.getByLabel("Date d'expiration (MM / AA)")).toHaveAttribute("aria-invalid", "true");
      await screenshot(page, "checkout-fr-validation");

      // a decline, then a fix, in French
      await payForm(page).getByLabel("E-mail").fill(uniqueEmail("fr"));
      await page.getByLabel("Numéro de carte").fill("4000 0000 0000 0002");
      await page.getByLabel("Date d'expiration (MM / AA)").fill("12 / 34");
      await page.getByLabel("Cryptogramme (CVC)").fill("123");
      await page.getByRole("button", { name: /^Payer 12,99\sUSD$/ }).click();
      await expect(page.getByTestId("pay-alert")).toHaveText("Votre carte a été refusée. Essayez une autre carte.");
      await screenshot(page, "checkout-fr-declined");
      await page.getByLabel("Numéro de carte").fill("4242 4242 4242 4242");
      await page.getByLabel("Cryptogramme (CVC)").fill("123");
      await page.getByRole("button", { name: /^Payer 12,99\sUSD$/ }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Paiement réussi");
      await expect(page.getByTestId("paid")).toHaveText(/^Vous avez payé 12,99\sUSD pour Pack Dragon\. Dont TVA \(20\s%\) : 2,17\sUSD\.$/);
      await expect(page.getByRole("region", { name: "Et maintenant ?" })).toContainText(`${game.name} livre Pack Dragon sur votre compte.`);
      await expect(page.getByRole("link", { name: `Retourner dans ${game.name}` })).toBeVisible();
      await screenshot(page, "checkout-fr-success");
    } finally {
      receiver.close();
    }
  });
});

test("a grant's checkoutMetadata.locale puts the checkout in French for an English browser", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = await seed(baseURL!, receiver.url);
    const item = await createProduct(request, s, { name: "Pack Dragon", price: 500 });
    const grant = await createGrant(request, s, { itemId: item._id, checkoutMetadata: { locale: "fr", orderId: "o-9" } });
    await page.goto(grant.checkoutUrl);
    await expect(page.getByRole("heading", { name: "Payer en tant qu'invité" })).toBeVisible();
    await expect(page.getByTestId("price")).toHaveText(/^5,00\sUSD$/);
    await expect(page.getByLabel("Numéro de carte")).toBeVisible();
  } finally {
    receiver.close();
  }
});
