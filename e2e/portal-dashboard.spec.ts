// The Overview's dashboard in a real browser against the production build: `npm run seed -- --history` backfills
// 30 days for the seed's business, the developer signs in and sees every chart drawn (SVG with bars or a line)
// with its numbers in a table (known figures from the seed's report), the live environment shows the empty
// states, and the page fits the width and passes axe on the desktop (the phone: portal-phone.spec)
// (screenshots saved).
import { expect, test } from "@playwright/test";
import { auditPortalPage, openPortal, seedWithHistory, signInWithDeveloperLogin } from "./portal-support";
import { expectHostedPageBasics, startReceiver } from "./support";

// the seed's 30-day backfill goes through the services: about half a minute on a shared 2-core machine
test.describe.configure({ timeout: 240_000 });

const money = (n: number, digits = 2) => n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

const CHARTS = [
  { name: "Revenue by day", marks: ".chart-mark" },
  { name: "Purchases", marks: ".chart-mark" },
  { name: "Virtual currency issued and spent (GEM)", marks: ".chart-mark" },
  { name: "Campaign payouts", marks: ".chart-mark" },
  { name: "Webhook success rate", marks: ".chart-mark" },
  { name: "API error rate", marks: ".chart-mark" },
];

test("the Overview draws 30 days of seeded history in charts, each with its numbers", async ({ page, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = await seedWithHistory(baseURL!, receiver.url);
    expect(s.history.purchases).toBeGreaterThan(90);
    await signInWithDeveloperLogin(page, s.portal);
    await openPortal(page, s);
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await expect(page.getByTestId("count-test")).toHaveText("1");
    await expect(page.getByRole("heading", { level: 2, name: "Last 30 days" })).toBeVisible();

    // every chart: a named figure whose SVG (a named image) carries data marks
    for (const c of CHARTS) {
      const figure = page.getByRole("figure", { name: c.name });
      await expect(figure).toBeVisible();
      const svg = figure.getByRole("img", { name: c.name });
      await expect(svg).toBeVisible();
      await expect.poll(() => figure.locator(c.marks).count(), { message: `${c.name}: data marks` }).toBeGreaterThanOrEqual(20);
    }

    // known figures: the headlines and the tables say what the seed made
    const usd = `$${money(s.history.usdCents / 100)}`;
    const usdc = `${money(s.history.usdcMicros / 1e6)} USDC`;
    await expect(page.getByTestId("headline-revenue")).toHaveText(`${usd} and ${usdc} in 30 days`);
    await expect(page.getByTestId("headline-purchases")).toHaveText(`${s.history.purchases.toLocaleString("en-US")} completed in 30 days`);
    await expect(page.getByTestId("headline-vc-gem")).toHaveText(
      `${s.history.gemsIssued.toLocaleString("en-US")} issued, ${s.history.gemsSpent.toLocaleString("en-US")} spent in 30 days`,
    );
    await expect(page.getByTestId("headline-payouts")).toHaveText(`${money(s.history.payoutMicros / 1e6)} USDC paid in 30 days`);
    await expect(page.getByTestId("headline-webhooks")).toContainText("% succeeded (");
    await expect(page.getByTestId("headline-api")).toContainText("% errors (");

    const purchases = page.getByRole("figure", { name: "Purchases" });
    await purchases.getByText("Show the numbers").click();
    const table = purchases.getByRole("table", { name: "Purchases, by day (UTC)" });
    await expect(table).toBeVisible();
    await expect(table.locator("tbody tr")).toHaveCount(30);
    await expect(table.locator("tfoot")).toContainText(String(s.history.purchases));
    const revenue = page.getByRole("figure", { name: "Revenue by day" });
    await revenue.getByText("Show the numbers").click();
    await expect(revenue.getByRole("table").locator("tfoot")).toContainText(usd);

    await expectHostedPageBasics(page);
    await auditPortalPage(page, "dashboard");

    // live has no history: every chart says so instead of drawing an empty frame
    await openPortal(page, s, "", "live");
    await expect(page.getByTestId("headline-revenue")).toHaveText("No real-money purchases in the last 30 days.");
    await expect(page.getByTestId("headline-api")).toHaveText("No API requests in the last 30 days.");
    await expect(page.locator("svg[data-testid^=svg-]")).toHaveCount(0);
    await auditPortalPage(page, "dashboard-live-empty");

    // the games list (one component on the Overview and the Games page)
    await openPortal(page, s, "/games");
    await expect(page.getByRole("link", { name: /^Test Game / })).toBeVisible();
  } finally {
    await receiver.close();
  }
});
