// What every portal spec does: sign in with the login `npm run seed` printed, open a portal page, and audit
// a page: it fits the viewport's width (no sideways scrolling: 390 px in the phone project, where
// portal-phone.spec visits every portal page), axe finds no serious or critical violations, and its screenshot is saved.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { asNewVisitor, screenshot, seed, type Seeded } from "./support";

export type PortalSeed = Seeded & { business: { businessId: string }; portal: { email: string; password: string } };

const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
type Violation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];
const describeViolation = (v: Violation): string =>
  [
    `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})`,
    ...v.nodes.map((n) => `    at ${n.target.join(" > ")}\n      ${(n.failureSummary ?? "").replace(/\n/g, "\n      ")}`),
  ].join("\n");

/** Checks the page fits its viewport's width and runs axe on it as it is (fails on serious or critical violations, printed readably). Saves a screenshot. */
export const auditPortalPage = async (page: Page, name: string) => {
  await screenshot(page, `portal-${name}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  const blocking = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const minor = violations.filter((v) => !blocking.includes(v));
  if (minor.length) console.log(`axe (${name}, ${test.info().project.name}), not blocking:\n${minor.map(describeViolation).join("\n")}`);
  expect(blocking.map(describeViolation).join("\n\n"), `axe found serious or critical violations on ${name}`).toBe("");
};

export type HistorySeed = PortalSeed & {
  game: { gameId: string };
  history: { purchases: number; usdCents: number; usdcMicros: number; gemsIssued: number; gemsSpent: number; payoutMicros: number; requests: number };
};

/** A fresh seed with 30 days of history (`npm run seed -- --history`): purchases, currency, payouts, webhooks, API calls. */
export const seedWithHistory = async (baseURL: string, webhookUrl: string) => (await seed(baseURL, webhookUrl, { history: true })) as HistorySeed;

/** Signs the browser in to /portal with a seed's developer login (as a new visitor). */
export const signInWithDeveloperLogin = async (page: Page, portal: PortalSeed["portal"]) => {
  await asNewVisitor(page);
  await page.goto("/portal/developer-login");
  // in the browser's language: English, or French for a French browser (messages/*/portal-more.json)
  const login = page.getByRole("form", { name: /^(Developer login|Identifiant développeur)$/ });
  await login.getByLabel(/^(Developer email|E-mail développeur)$/).fill(portal.email);
  await login.getByLabel(/^(Developer password|Mot de passe développeur)$/).fill(portal.password);
  await login.getByRole("button", { name: /^(Sign in with the developer login|Se connecter avec l’identifiant développeur)$/ }).click();
  await expect(page).toHaveURL(/\/portal$/);
};

/** A fresh seed (its own business, game, keys and developer login) and a browser signed in to /portal with it. */
export const signInToPortal = async (page: Page, baseURL: string, webhookUrl: string): Promise<PortalSeed> => {
  const s = (await seed(baseURL, webhookUrl)) as PortalSeed;
  await signInWithDeveloperLogin(page, s.portal);
  return s;
};

/** Opens a page of the seed's business (`path` after /portal/{businessId}, e.g. "/webhooks"). */
export const openPortal = async (page: Page, s: PortalSeed, path = "", env: "test" | "live" = "test") => {
  await page.goto(`/portal/${s.business.businessId}${path}${env === "live" ? "?env=live" : ""}`);
};

/** A link of the portal's navigation (named `navName` in the page's language), opening the phone's menu first when there is one. */
export const portalNavLink = async (page: Page, navName: string, linkName: string) => {
  const nav = page.getByRole("navigation", { name: navName });
  const menu = nav.getByRole("button", { name: /^Menu/ });
  if (await menu.isVisible()) {
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
  }
  return nav.getByRole("link", { name: linkName, exact: true });
};
