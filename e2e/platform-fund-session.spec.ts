// Fund sessions in a real browser: a platform creates a campaign fund session and a distribution fund session
// through the API, the payer opens each url, sees what they fund, pays with the sandbox card (a decline first),
// and the session completes (the platform gets Platform.FundSession.Completed). Cancelled and expired sessions
// say so. axe (WCAG 2.2 AA) on each state; screenshots on desktop and phone.
import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectHostedPageBasics, offsiteRequests, screenshot, seed, startReceiver } from "./support";

test.describe.configure({ timeout: 120_000 });

type Platformed = Awaited<ReturnType<typeof seed>> & { platform: { platformId: string; platformKey: string }; business: { businessId: string } };

const auth = (s: Platformed) => ({ authorization: `Bearer ${s.platform.platformKey}` });
const tb = (s: Platformed) => ({ ...auth(s), "x-target-business-id": s.business.businessId });
const idem = () => ({ "idempotency-key": randomUUID() });
const pathOf = (url: string) => new URL(url).pathname;

const axe = async (page: Page, name: string) => {
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  const blocking = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(blocking.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`).join("\n"), `axe on ${name}`).toBe("");
};

const typeCard = async (page: Page, number: string) => {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM / YY)").fill("12/40");
  await page.getByLabel("CVC").fill("123");
};

const campaignSession = async (request: APIRequestContext, s: Platformed, metadata?: Record<string, unknown>) => {
  const res = await request.post(`/api/v1/platform/campaigns/${s.campaign.campaignId}/fund-sessions`, {
    headers: { ...auth(s), ...idem() },
    data: metadata ? { metadata } : {},
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { sessionKey: string; url: string; expiresAt: string };
};

test("a campaign fund session is paid on the hosted page; the platform gets its webhook", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = (await seed(baseURL!, receiver.url)) as Platformed;
    const fs = await campaignSession(request, s, { order: "e2e-1" });
    expect(fs.sessionKey).toMatch(/^fs_test_[A-Za-z0-9_-]{43}$/);
    const offsite = offsiteRequests(page, baseURL!);
    await page.goto(pathOf(fs.url));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Fund /);
    await expect(page.getByText("Test mode", { exact: true })).toBeVisible();
    await expectHostedPageBasics(page);
    await axe(page, "fund-campaign");
    await screenshot(page, "fund-campaign");

    // an amount below the minimum, then a declined card: nothing changes
    await expect(page.getByRole("button", { name: "Pay", exact: true })).toBeVisible();
    await page.getByLabel("Amount (USD)").fill("0.50");
    await typeCard(page, "4242 4242 4242 4242");
    // Pay names the amount typed
    await page.getByRole("button", { name: /^Pay USD\s0\.50$/ }).click();
    await expect(page.getByText(/^Enter an amount between USD\s1\.00 and USD\s100,000\.00/)).toBeVisible();
    await expect(page.getByLabel("Amount (USD)")).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("Amount (USD)").fill("125.50");
    await typeCard(page, "4000 0000 0000 0002");
    await page.getByRole("button", { name: /^Pay USD\s125\.50$/ }).click();
    // said as on every payment form: an alert just before the card, focused; one Tab reaches the card number
    await expect(page.getByTestId("pay-alert")).toHaveText("Your card was declined. Nothing was charged; try another card.");
    await expect(page.getByTestId("pay-alert")).toBeFocused();
    // what was typed stays; only the CVC is cleared
    await expect(page.getByLabel("Amount (USD)")).toHaveValue("125.50");
    await expect(page.getByLabel("CVC")).toHaveValue("");
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Card number")).toBeFocused();
    await screenshot(page, "fund-campaign-declined");
    const pending = await request.get(`/api/v1/platform/campaigns/${s.campaign.campaignId}/fund-sessions/${fs.sessionKey}`, { headers: auth(s) });
    expect((await pending.json()).status).toBe("pending");

    await page.getByLabel("Amount (USD)").fill("125.50");
    await typeCard(page, "4242 4242 4242 4242");
    await page.getByRole("button", { name: /^Pay USD\s125\.50$/ }).click();
    await expect(page.getByRole("heading", { name: "Funding complete" })).toBeVisible();
    await expect(page.getByTestId("fund-status")).toContainText(/USD\s125\.50 was paid on/);
    await expectHostedPageBasics(page);
    await axe(page, "fund-completed");
    await screenshot(page, "fund-campaign-completed");
    expect(offsite).toEqual([]);

    const done = await (await request.get(`/api/v1/platform/campaigns/${s.campaign.campaignId}/fund-sessions/${fs.sessionKey}`, { headers: auth(s) })).json();
    expect(done).toMatchObject({ status: "completed", amountUsdc: 125.5, campaignId: s.campaign.campaignId, metadata: { order: "e2e-1" } });
    await expect
      .poll(() => receiver.hooks.filter((h) => h.event === "Platform.FundSession.Completed").map((h) => [h.data.sessionKey, h.data.amountUsdc]), {
        timeout: 20_000,
      })
      .toEqual([[fs.sessionKey, 125.5]]);
  } finally {
    receiver.close();
  }
});

test("a distribution fund session shows the payout, its fees and the total, and funds it", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = (await seed(baseURL!, receiver.url)) as Platformed;
    const d = await request.post("/api/v1/platform/distributions", {
      headers: { ...tb(s), ...idem() },
      data: {
        mode: "fixed",
        payoutPath: "fund_session",
        memo: "Season 1 prizes",
        recipients: [
          { email: `w1-${randomUUID().slice(0, 8)}@example.com`, name: "Winner", amount: 100 },
          { email: `w2-${randomUUID().slice(0, 8)}@example.com`, name: "Runner-up", amount: 50 },
        ],
      },
    });
    expect(d.status(), await d.text()).toBe(201);
    const dist = await d.json();
    const due = (dist.totalAmountCents + dist.totalFeeCents) / 100;
    const created = await request.post(`/api/v1/platform/distributions/${dist._id}/fund-sessions`, { headers: { ...tb(s), ...idem() }, data: {} });
    expect(created.status()).toBe(201);
    const fs = await created.json();

    await page.goto(pathOf(fs.url));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Fund a payout from /);
    const summary = page.getByTestId("fund-summary");
    await expect(summary).toContainText("Season 1 prizes");
    await expect(summary).toContainText(/Payout to recipients\s*USD\s150\.00/);
    await expect(summary).toContainText(/Total due\s*USD\s[\d,]+\.\d\d/);
    await expectHostedPageBasics(page);
    await axe(page, "fund-distribution");
    await screenshot(page, "fund-distribution");

    await typeCard(page, "4242 4242 4242 4242");
    await page.getByRole("button", { name: new RegExp(`^Pay USD\\s${due.toFixed(2).replace(".", "\\.")}$`) }).click();
    await expect(page.getByRole("heading", { name: "Funding complete" })).toBeVisible();
    await screenshot(page, "fund-distribution-completed");
    const got = await (await request.get(`/api/v1/platform/distributions/${dist._id}/fund-sessions/${fs.sessionKey}`, { headers: tb(s) })).json();
    expect(got).toMatchObject({ status: "completed", amountUsdc: due });
    await expect
      .poll(() => receiver.hooks.filter((h) => h.data.distributionId === dist._id).map((h) => h.event), { timeout: 20_000 })
      .toEqual(expect.arrayContaining(["Platform.Distribution.Created", "Platform.Gifts.Funded", "Platform.FundSession.Completed"]));
  } finally {
    receiver.close();
  }
});

test("cancelled, expired and unknown fund links say so", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = (await seed(baseURL!, receiver.url)) as Platformed;
    const a = await campaignSession(request, s);
    const del = await request.delete(`/api/v1/platform/campaigns/${s.campaign.campaignId}/fund-sessions/${a.sessionKey}`, { headers: auth(s) });
    expect(await del.json()).toEqual({ success: true });
    await page.goto(pathOf(a.url));
    await expect(page.getByRole("heading", { name: "This funding link was cancelled" })).toBeVisible();
    await expect(page.getByLabel("Card number")).toHaveCount(0);
    await axe(page, "fund-cancelled");
    await screenshot(page, "fund-cancelled");

    const b = await campaignSession(request, s);
    const exp = await request.post(`/api/v1/test-helpers/fund-sessions/${b.sessionKey}/expire`, { headers: auth(s) });
    expect((await exp.json()).status).toBe("expired");
    await page.goto(pathOf(b.url));
    await expect(page.getByRole("heading", { name: "This funding link has expired" })).toBeVisible();
    await screenshot(page, "fund-expired");

    await page.goto(`/fund/fs_test_${"A".repeat(43)}`);
    await expect(page.getByRole("heading", { name: "This funding link is not valid" })).toBeVisible();
    await expectHostedPageBasics(page);
  } finally {
    receiver.close();
  }
});
