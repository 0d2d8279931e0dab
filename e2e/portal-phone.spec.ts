// The developer portal on a phone (390 px; the phone project only): every page of the portal's navigation,
// reached by tapping its link, and the detail pages behind them, on a business with 30 days of seeded history
// (so lists, charts and tables are full, not empty states). Each page fits the width, passes axe, and is
// screenshotted (auditPortalPage). The portal's flows (forms, keys, roles, reviews…) run once, on the desktop:
// their logic does not depend on the viewport; the layout of the pages they pass through does, and is here.
import { expect, test, type Page } from "@playwright/test";
import { auditPortalPage, openPortal, seedWithHistory, signInWithDeveloperLogin, type HistorySeed } from "./portal-support";
import { gameHeaders, startReceiver } from "./support";

test.describe.configure({ timeout: 300_000 });

/** The portal's navigation, in order (components/portal/portal-frame.tsx), with each page's heading. */
const NAV = [
  { label: "Overview", heading: "Overview" },
  { label: "Games", heading: "Test games" },
  { label: "API keys", heading: "API keys" },
  { label: "Webhooks", heading: "Webhooks" },
  { label: "Ledger", heading: "Ledger" },
  { label: "Cashouts", heading: "Cashouts" },
  { label: "Disputes", heading: "Disputes" },
  { label: "Invoices", heading: "Invoices" },
  { label: "Catalogue", heading: "Catalogue" },
  { label: "Reviews", heading: "Player-made products" },
  { label: "Campaigns", heading: "Campaigns" },
  { label: "Players", heading: "Players" },
  { label: "Request log", heading: "Request log" },
  { label: "Audit log", heading: "Audit log" },
  { label: "Members", heading: "Members" },
  { label: "Test helpers", heading: "Test helpers" },
];

/** Opens the first link of the page whose path matches, and checks it leads to a page with a heading. */
const openFirst = async (page: Page, href: RegExp) => {
  const hrefs = await page.locator("main a[href]").evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname));
  const target = hrefs.find((h) => href.test(h));
  expect(target, `a link to ${href} on ${page.url()}`).toBeTruthy();
  await page.goto(target!);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  return target!;
};

test("every portal page fits a phone and passes axe, reached from the navigation", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  let s: HistorySeed;
  try {
    s = await seedWithHistory(baseURL!, receiver.url);
  } finally {
    await receiver.close();
  }
  await signInWithDeveloperLogin(page, s.portal);
  await auditPortalPage(page, "phone-businesses");
  await openPortal(page, s);

  // on a phone the sections are behind the "Menu" button, which opens the whole list
  const nav = page.getByRole("navigation", { name: "Portal" });
  for (const { label, heading } of NAV) {
    const menu = nav.getByRole("button", { name: /^Menu/ });
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await nav.getByRole("link", { name: label, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(nav).toContainText(label);
    await nav.getByRole("button", { name: /^Menu/ }).click();
    await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("aria-current", "page");
    await page.keyboard.press("Escape");
    await expect(nav.getByRole("link", { name: label, exact: true })).toBeHidden();
    await auditPortalPage(page, `phone-${label.toLowerCase().replace(/ /g, "-")}`);
  }

  // the pages behind the lists: a game and its theme, the ledger's journals and a player's account, a
  // campaign, the catalogue's deals and a logged request; then a player found by search, and a purchase's timeline
  const base = `/portal/${s.business.businessId}`;
  const details: { from: string; to: RegExp; name: string }[] = [
    { from: "/games", to: /\/games\/[^/]+$/, name: "game" },
    { from: `/games/${s.game.gameId}`, to: /\/theme$/, name: "theme" },
    { from: "/ledger", to: /\/ledger\/journals$/, name: "ledger-journals" },
    { from: "/ledger/journals", to: /\/ledger\/players\/[^/]+$/, name: "ledger-player" },
    { from: "/campaigns", to: /\/campaigns\/[^/]+$/, name: "campaign" },
    { from: "/catalogue", to: /\/catalogue\/deals$/, name: "deals" },
    { from: "/logs", to: /\/logs\/[^/]+$/, name: "log-entry" },
  ];
  for (const d of details) {
    await page.goto(`${base}${d.from}`);
    await openFirst(page, d.to);
    await auditPortalPage(page, `phone-${d.name}`);
  }

  // a player found on the Players page: the ledger's player (above) searched by the beginning of their userRef
  await page.goto(`${base}/ledger/journals`);
  const userRef = decodeURIComponent((await openFirst(page, /\/ledger\/players\/[^/]+$/)).split("/").pop()!);
  await page.goto(`${base}/players`);
  await page.getByLabel("userRef or email").fill(userRef.slice(0, -2));
  await page.getByRole("search", { name: "Search players" }).getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/[?&]q=/);
  await auditPortalPage(page, "phone-players-found");
  await openFirst(page, /\/players\/[^/]+$/);
  await expect(page.getByText(userRef).first()).toBeVisible();
  await auditPortalPage(page, "phone-player");

  // a purchase's timeline: the player's newest purchase (GET /v1/users/{userRef}/purchases)
  const res = await request.get(`/api/v1/users/${encodeURIComponent(userRef)}/purchases?limit=1`, { headers: gameHeaders(s) });
  expect(res.status()).toBe(200);
  const [purchase] = (await res.json()) as { _id: string }[];
  expect(purchase?._id).toBeTruthy();
  await page.goto(`${base}/timeline/${purchase!._id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Purchase ${purchase!._id}`);
  await auditPortalPage(page, "phone-timeline");
});
