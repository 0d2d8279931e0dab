// A French browser (Accept-Language fr-FR, navigator.language fr-FR) on the hosted pages: the link page,
// its sign-in form, the join page and the wallet page speak French, with French dates and amounts, and
// <html lang> says so. The tab title and link preview name the game in French.
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
