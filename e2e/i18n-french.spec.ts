// A French browser (Accept-Language fr-FR, navigator.language fr-FR) on the hosted pages: the link page,
// its sign-in form, the join page, the wallet page and the invoice page speak French, with French dates and
// amounts, and <html lang> says so. The tab title and link preview name the game (or the invoice's sender) in French.
import { expect, test } from "@playwright/test";
import { campaignHeaders, expectHostedPageBasics, gameHeaders, initiateLink, screenshot, seed, startReceiver, uniqueEmail } from "./support";

test.use({ locale: "fr-FR" });
// Several pages per test, each audited or walked on a shared, busy machine: more than the default 30s.
test.describe.configure({ timeout: 180_000 });

/** Intl's no-break spaces (U+00A0, U+202F) as plain spaces, for readable expectations. */
const plain = (s: string | null) => (s ?? "").replace(/[\u00a0\u202f]/g, " ");

test("the link page, its sign-in form and its final state in French, dates the French way", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = await seed(baseURL!, receiver.url);
    const { sessionKey, url } = await initiateLink(request, s, uniqueEmail("fr-link"));
    const gameName = (await (await request.get(`/api/v1/users/link/details?session=${sessionKey}`, { headers: gameHeaders(s) })).json()).gameName as string;

    await page.goto(url);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page).toHaveTitle(`Associez votre compte à ${gameName}`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", `Associez votre compte à ${gameName}`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", new RegExp(`^${gameName} vous demande d’associer votre compte`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Associez votre compte à ${gameName}`);
    await expect(page.getByText("Mode test")).toBeVisible();
    // "23 nov. 2025, 22:03 UTC": day before month, 24-hour clock
    const expiry = plain(await page.getByText(/^Ce lien est valable jusqu’au /).textContent());
    expect(expiry).toMatch(/^Ce lien est valable jusqu’au \d{1,2} [a-zéû]+\.? \d{4}, \d{2}:\d{2} UTC\.$/);
    await expect(page.getByRole("heading", { name: "Connectez-vous pour continuer" })).toBeVisible();
    await expect(page.getByLabel("Mot de passe")).toBeVisible();
    await expect(page.getByRole("button", { name: "Mot de passe oublié ?" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Se connecter" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Pas maintenant" })).toBeVisible();
    await expect(page.getByText("Aller au contenu")).toBeAttached();
    await expect(page.getByText("Propulsé par")).toBeVisible();
    // the client-side form speaks French too: a wrong password
    await page.getByLabel("Mot de passe").fill("pas-le-bon");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.locator("main").getByRole("alert")).toHaveText("E-mail ou mot de passe incorrect.");
    await expect(page.getByRole("button", { name: "Se connecter" })).toBeVisible();
    // "forgot password" switches the form, in French
    await page.getByRole("button", { name: "Mot de passe oublié ?" }).click();
    await expect(page.getByRole("heading", { name: "Réinitialisez votre mot de passe" })).toBeVisible();
    await screenshot(page, "fr-link");

    await request.post(`/api/v1/test-helpers/link-sessions/${sessionKey}/cancel`, { headers: gameHeaders(s) });
    await page.goto(url);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Association annulée");
    await expect(page).toHaveTitle(`Association à ${gameName} annulée`);
    await screenshot(page, "fr-link-canceled");
  } finally {
    receiver.close();
  }
});

test("the join and wallet pages in French, amounts the French way", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = await seed(baseURL!, receiver.url);
    const invite = await (await request.post(`/api/v1/campaign/${s.campaign.campaignId}/link-invites`, { headers: campaignHeaders(s), data: {} })).json();
    await page.goto(invite.url);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Rejoindre /);
    await expect(page).toHaveTitle(/^Rejoindre /);
    await expect(page.getByRole("button", { name: "Continuer" })).toBeVisible();
    await screenshot(page, "fr-join");

    const headers = gameHeaders(s);
    const { sessionKey } = await initiateLink(request, s, uniqueEmail("fr-wallet"));
    const { userRef } = await (await request.post(`/api/v1/test-helpers/link-sessions/${sessionKey}/approve`, { headers, data: {} })).json();
    expect((await request.post("/api/v1/test-helpers/wallets/fund", { headers, data: { userRef, amountUsdc: "1234.5" } })).status()).toBe(200);
    const manage = await request.post("/api/v1/wallet/manage", { headers: { ...headers, "idempotency-key": crypto.randomUUID() }, data: { userId: userRef } });
    await page.goto((await manage.json()).linkUrl);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Solde de votre portefeuille");
    // 1 234,50: a narrow no-break space groups thousands, a comma separates decimals
    expect(plain(await page.getByRole("heading", { level: 1 }).locator("xpath=following-sibling::p[1]").textContent())).toBe("1 234,50 USDC");
    await expect(page.getByRole("button", { name: "Copier l’adresse" })).toBeVisible();
    await expect(page.getByTestId("wallet-network")).toHaveText("Registre Coinop (conservé pour vous par ce service)");
    await expect(page.getByRole("list", { name: "Activité du portefeuille, la plus récente en premier" })).toContainText("1 234,50 USDC");
    await expectHostedPageBasics(page, { lang: "fr" });
    await screenshot(page, "fr-wallet");
  } finally {
    receiver.close();
  }
});

test("the invoice page in French: words, amounts and days the French way, card errors and the payment too", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    // the platform's parts of the seed (test-mode.md); ./support.ts types only the game and campaign parts
    const s = (await seed(baseURL!, receiver.url)) as Awaited<ReturnType<typeof seed>> & {
      platform: { platformKey: string };
      business: { businessId: string };
    };
    const created = await request.post("/api/v1/platform/invoices", {
      headers: { authorization: `Bearer ${s.platform.platformKey}`, "x-target-business-id": s.business.businessId, "idempotency-key": crypto.randomUUID() },
      data: {
        receiverName: "Ada Lovelace",
        receiverEmail: uniqueEmail("fr-invoice"),
        date: "2026-11-20",
        dueDate: "2026-12-20",
        items: [
          { description: "Organisation du tournoi", quantity: 2, rate: 600 },
          { description: "Gestion de la cagnotte", quantity: 1.5, rate: 23.04 },
        ],
        status: "sent",
        emailSuppressed: true,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const inv = await created.json();

    await page.goto(inv.links.invoice);
    await expectHostedPageBasics(page, { lang: "fr" });
    await expect(page.locator("main").locator("xpath=ancestor::*[@lang][1]")).toHaveAttribute("lang", "fr");
    // the tab title and link preview name the invoice, its sender, the amount and the due date
    await expect(page).toHaveTitle(new RegExp(`^Facture ${inv.invoiceNumber} de .+$`));
    expect(plain(await page.locator('meta[name="description"]').getAttribute("content"))).toMatch(
      new RegExp(`vous a envoyé la facture ${inv.invoiceNumber} : 1 234,56 USD, à payer avant le 20 déc\\. 2026\\.$`),
    );
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Facture ${inv.invoiceNumber}`);
    await expect(page.getByTestId("invoice-status")).toHaveText("À payer");
    const table = page.getByRole("table", { name: "Détail de la facture" });
    await expect(table.getByRole("columnheader")).toHaveText(["Article", "Qté", "Prix unitaire", "Montant"]);
    // 1,5 × 23,04 USD: a comma separates decimals, the currency code follows the amount
    await expect(table.getByRole("row").filter({ hasText: "Gestion de la cagnotte" }).getByRole("cell")).toHaveText([
      "Gestion de la cagnotte",
      "1,5",
      /^23,04\sUSD$/,
      /^34,56\sUSD$/,
    ]);
    // 1 234,56 USD: a narrow no-break space groups thousands
    expect(plain(await page.getByTestId("amount-due").textContent())).toBe("1 234,56 USD");
    await expect(page.getByText("Montant à payer")).toBeVisible();
    await expect(page.locator("dt", { hasText: "Date d’échéance" }).locator("xpath=following-sibling::dd[1]")).toHaveText("20 déc. 2026");
    await expect(page.getByRole("link", { name: "Télécharger le PDF" })).toBeVisible();
    await screenshot(page, "fr-invoice");

    // the card form and its errors in French (the browser checks the card before sending)
    const pay = page.getByRole("button", { name: /^Payer 1\s234,56\sUSD$/ });
    await expect(page.getByRole("button", { name: /^Payer 1\s234,56\sUSD par virement$/ })).toBeVisible();
    await pay.click();
    await expect(page.getByTestId("error-cardNumber")).toHaveText("Saisissez votre numéro de carte.");
    await expect(page.getByLabel("Numéro de carte")).toHaveAttribute("aria-invalid", "true");
    await screenshot(page, "fr-invoice-card-error");
    const fillCard = async (number: string) => {
      await page.getByLabel("Numéro de carte").fill(number);
      await page.getByLabel("Date d'expiration (MM / AA)").fill("12/40");
      await page.getByLabel("Cryptogramme (CVC)").fill("123");
    };
    await fillCard("4000 0000 0000 0002");
    await pay.click();
    await expect(page.getByTestId("pay-alert")).toHaveText("Votre carte a été refusée. Essayez une autre carte.");
    await expect(page.getByLabel("Cryptogramme (CVC)")).toHaveValue("");
    await fillCard("4242 4242 4242 4242");
    await pay.click();
    await expect(page.getByTestId("invoice-status")).toHaveText("Payée");
    const paid = page.getByRole("heading", { name: "Payée" }).locator("xpath=following-sibling::div[1]");
    await expect.poll(async () => plain(await paid.textContent())).toMatch(/^1 234,56 USD payés le \d{1,2} \S+ \d{4} par carte\. Merci !$/);
    await expect(page.getByRole("link", { name: "Télécharger le reçu" })).toBeVisible();
    await screenshot(page, "fr-invoice-paid");
  } finally {
    receiver.close();
  }
});
