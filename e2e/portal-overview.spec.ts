// The Overview's charts are drawn on the server: the page's HTML already holds every chart as a named SVG
// with its marks, and the browser loads no chart library (no script carries Recharts); the page passes axe and
// fits the width, on the desktop and the phone. The portal speaks the account's language: a member who
// chooses French in the frame's language control gets French pages (<html lang="fr">, French nav, headings,
// numbers and days), and a French browser with no choice saved gets French too; an account's choice of
// English wins over a French browser. Screenshots in both languages.
import { expect, test, type Page, type Response } from "@playwright/test";
import { auditPortalPage, openPortal, portalNavLink, seedWithHistory, signInToPortal, signInWithDeveloperLogin } from "./portal-support";
import { expectHostedPageBasics, screenshot, startReceiver } from "./support";

// the seed's 30-day backfill goes through the services: about half a minute on a shared 2-core machine
test.describe.configure({ timeout: 240_000 });

const CHARTS_EN = ["Revenue by day", "Purchases", "Virtual currency issued and spent (GEM)", "Campaign payouts", "Webhook success rate", "API error rate"];
const CHARTS_FR = [
  "Chiffre d’affaires par jour",
  "Achats",
  "Monnaie virtuelle émise et dépensée (GEM)",
  "Versements des campagnes",
  "Taux de réussite des webhooks",
  "Taux d’erreur de l’API",
];

/** Every script the page loads, with its text, from now on. */
const recordScripts = (page: Page) => {
  const scripts: Promise<{ url: string; body: string }>[] = [];
  page.on("response", (r: Response) => {
    if (r.request().resourceType() === "script")
      scripts.push(
        r.text().then(
          (body) => ({ url: r.url(), body }),
          () => ({ url: r.url(), body: "" }),
        ),
      );
  });
  return () => Promise.all(scripts);
};

/** Chooses a language in the frame's control ("" = the browser's) and waits for the page to come back. */
const chooseLanguage = async (page: Page, label: RegExp, value: "" | "en" | "fr") => {
  await page.getByLabel(label).selectOption(value);
  await page.getByRole("button", { name: /Save language|Enregistrer la langue/ }).click();
};

test("the Overview's charts are server-drawn SVG with no chart script; French when the member chooses it", async ({ page, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = await seedWithHistory(baseURL!, receiver.url);
    await signInWithDeveloperLogin(page, s.portal);

    // the HTML the server sends already draws every chart (nothing waits for a script)
    const html = await (await page.request.get(`/portal/${s.business.businessId}`)).text();
    for (const id of ["revenue", "purchases", "vc-gem", "payouts", "webhooks", "api"]) expect(html).toContain(`data-testid="svg-${id}"`);
    expect(html).toContain('class="chart-mark"');

    const scripts = recordScripts(page);
    await openPortal(page, s);
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    for (const name of CHARTS_EN) {
      const figure = page.getByRole("figure", { name });
      const svg = figure.getByRole("img", { name });
      await expect(svg).toBeVisible();
      expect(await svg.evaluate((e) => e.tagName.toLowerCase())).toBe("svg");
      expect(await figure.locator(".chart-mark").count(), `${name}: data marks`).toBeGreaterThanOrEqual(20);
    }
    await expect(page.getByTestId("legend-vc-gem")).toHaveText("IssuedSpent");
    // each day's column tells its values on hover (the SVG's own <title>, no script)
    await expect(page.getByTestId("svg-purchases").locator("rect > title").first()).toHaveText(/^[A-Z][a-z]{2} \d{1,2}: \d+$/);
    await page.waitForLoadState("networkidle");
    const loaded = await scripts();
    expect(loaded.length).toBeGreaterThan(0);
    expect(
      loaded.filter((sc) => /recharts/i.test(sc.body)).map((sc) => sc.url),
      "a chart library was loaded",
    ).toEqual([]);
    expect(
      loaded.filter((sc) => /No QueryClient set/.test(sc.body)).map((sc) => sc.url),
      "TanStack Query was loaded",
    ).toEqual([]);
    await expectHostedPageBasics(page);
    await auditPortalPage(page, "overview-en");

    // the member chooses French: the frame, the Overview, its charts and numbers, and <html lang>
    await chooseLanguage(page, /Portal language/, "fr");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { level: 1, name: "Vue d’ensemble" })).toBeVisible();
    await expect(await portalNavLink(page, "Portail", "Grand livre")).toBeVisible();
    await expect(page.getByTestId("test-banner")).toHaveText("Mode test : données de test, clés de test. Rien ici ne déplace d’argent réel.");
    await expect(page).toHaveTitle("Vue d’ensemble · Portail développeur");
    for (const name of CHARTS_FR) await expect(page.getByRole("figure", { name }).getByRole("img", { name })).toBeVisible();
    const frCount = s.history.purchases.toLocaleString("fr-FR");
    await expect(page.getByTestId("headline-purchases")).toHaveText(`${frCount} réglés en 30 jours`);
    await expect(page.getByTestId("svg-purchases").locator("rect > title").first()).toHaveText(/^\d{1,2} [a-zéû]+\.? ?: \d+$/);
    await expect(page.getByTestId("legend-vc-gem")).toHaveText("ÉmisesDépensées");
    await expect(page.getByLabel("Langue du portail")).toHaveValue("fr");
    await expectHostedPageBasics(page, { lang: "fr" });
    await auditPortalPage(page, "overview-fr");
    // the choice is the account's: another page of the portal is French too
    await openPortal(page, s, "/games");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.locator("main")).toHaveAttribute("lang", "fr");
    await expect(await portalNavLink(page, "Portail", "Jeux")).toHaveAttribute("aria-current", "page");
  } finally {
    await receiver.close();
  }
});

test.describe("a French browser", () => {
  test.use({ locale: "fr-FR" });

  test("gets the portal in French when the account chose no language, and English when it chose English", async ({ page, baseURL }) => {
    const receiver = await startReceiver();
    try {
      const s = await signInToPortal(page, baseURL!, receiver.url);
      await openPortal(page, s);
      await expect(page.locator("html")).toHaveAttribute("lang", "fr");
      await expect(page.getByRole("heading", { level: 1, name: "Vue d’ensemble" })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: "30 derniers jours" })).toBeVisible();
      await expect(page.getByTestId("headline-revenue")).toHaveText("Aucun achat en argent réel sur les 30 derniers jours.");
      await expect(page.getByLabel("Langue du portail")).toHaveValue("");
      await screenshot(page, "portal-overview-fr-browser");

      await chooseLanguage(page, /Langue du portail/, "en");
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
      await expect(await portalNavLink(page, "Portal", "Ledger")).toBeVisible();

      // back to the browser's language
      await chooseLanguage(page, /Portal language/, "");
      await expect(page.locator("html")).toHaveAttribute("lang", "fr");
      await expect(page.getByRole("heading", { level: 1, name: "Vue d’ensemble" })).toBeVisible();

      // the control's endpoint: another site's form is refused and changes nothing; an unknown language
      // changes nothing; it only ever comes back to a /portal page of this site
      const post = (form: Record<string, string>, headers: Record<string, string> = {}) =>
        page.request.post("/portal/language", { form, headers: { origin: baseURL!, ...headers }, maxRedirects: 0 });
      const forged = await post({ locale: "en", back: "/portal" }, { origin: "https://evil.example" });
      expect(forged.status()).toBe(403);
      expect(await forged.text()).toBe("A form of another site cannot change your language.");
      const unknown = await post({ locale: "de", back: `/portal/${s.business.businessId}` });
      expect([unknown.status(), unknown.headers().location]).toEqual([303, `/portal/${s.business.businessId}`]);
      for (const back of ["https://evil.example/portal", "//evil.example/portal", "/portalx", "/\\evil.example"]) {
        const res = await post({ locale: "", back });
        expect([res.status(), res.headers().location]).toEqual([303, "/portal"]);
      }
      await openPortal(page, s);
      await expect(page.locator("html")).toHaveAttribute("lang", "fr");
      await expect(page.getByLabel("Langue du portail")).toHaveValue("");
    } finally {
      await receiver.close();
    }
  });
});
