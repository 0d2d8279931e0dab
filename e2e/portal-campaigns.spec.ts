// Campaigns and the test helpers in the portal, in a real browser against the production build (its job
// worker running): the seed's campaign (created, 1,000 test USDC) is listed with its funding; a player's
// link session, started through the campaign API, is approved with the test helpers' button and shows up
// as a linked player; the campaign is started, stopped and its balance withdrawn, each followed on the page
// until its background job is done. The helpers refuse live mode. Every page fits the width, passes axe and
// is saved as a screenshot, on the desktop (the phone: portal-phone.spec).
import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { auditPortalPage, openPortal, signInToPortal } from "./portal-support";
import { campaignHeaders, startReceiver, uniqueEmail } from "./support";

test.describe.configure({ timeout: 240_000 });

/**
 * Presses an operation's button and follows its progress on the page (requested, then the job) until the
 * worker has finished it: the page polls on its own, nobody reloads.
 */
const runOperation = async (page: Page, button: string, kind: "start" | "stop" | "withdraw", verb: string) => {
  const form = page.getByRole("form", { name: new RegExp(`^${button}`) });
  await form.getByRole("button", { name: new RegExp(`^${button}`) }).click();
  const progress = page.locator(`[data-testid^="operation-"][data-kind="${kind}"]`);
  await expect(progress).toContainText(`${verb} requested at`);
  await expect(progress).toHaveAttribute("data-status", "completed", { timeout: 30_000 });
  await expect(progress).toContainText(`${verb}: done`);
  await expect(progress.getByRole("progressbar")).toHaveAttribute("value", "3");
  return progress;
};

test("campaigns: funding, a link session approved with a test helper button, start, stop and withdraw with progress", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = await signInToPortal(page, baseURL!, receiver.url);
    const campaignId = s.campaign.campaignId;

    await openPortal(page, s, "/campaigns");
    await expect(page.getByRole("heading", { level: 1, name: "Campaigns" })).toBeVisible();
    const row = page.getByTestId(`campaign-${campaignId}`);
    await expect(row.getByTestId("campaign-status")).toHaveAttribute("data-status", "created");
    await expect(row).toContainText("1,000.00 USDC");
    await auditPortalPage(page, "campaigns");

    // a player's link session, started by the game server with the campaign key, approved with the helper button
    const email = uniqueEmail("camper");
    const initiated = await request.post(`/api/v1/campaign/${campaignId}/users/link/initiate`, {
      headers: { ...campaignHeaders(s), "idempotency-key": randomUUID() },
      data: { email },
    });
    expect(initiated.status(), await initiated.text()).toBe(201);
    const { sessionKey } = await initiated.json();
    await page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Test helpers" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Test helpers" })).toBeVisible();
    const pending = page.getByTestId(`session-${sessionKey}`);
    await expect(pending).toContainText(email);
    await auditPortalPage(page, "helpers");
    await pending.getByRole("button", { name: "Approve" }).click();
    await expect(pending.getByRole("status")).toContainText(/Approved: the player is linked as \S+/);
    // the campaign API sees the linked player
    const users = await request.get(`/api/v1/campaign/${campaignId}/users`, { headers: campaignHeaders(s) });
    expect((await users.json()).users).toEqual([expect.objectContaining({ email: email.toLowerCase() })]);

    // live mode: the helpers refuse, with the reason
    await openPortal(page, s, "/helpers", "live");
    await expect(page.getByTestId("live-refusal")).toContainText("Test helpers work only in test mode");
    await auditPortalPage(page, "helpers-live");

    // the campaign's page: its linked player; start, stop, withdraw, each followed to the end
    await openPortal(page, s, "/campaigns");
    await page.getByTestId(`campaign-${campaignId}`).getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/campaigns/${campaignId}$`));
    await expect(page.getByRole("heading", { level: 2, name: "Linked players (1)" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Players linked to this campaign" })).toContainText(email);
    await expect(page.getByTestId("balance")).toHaveText("1,000.00 USDC");

    await runOperation(page, "Start campaign", "start", "Start");
    await expect(page.getByTestId("campaign-status").first()).toHaveAttribute("data-status", "started");
    await auditPortalPage(page, "campaign");

    await runOperation(page, "Stop campaign", "stop", "Stop");
    await expect(page.getByTestId("campaign-status").first()).toHaveAttribute("data-status", "stopped");

    const withdrawal = await runOperation(page, "Withdraw", "withdraw", "Withdrawal");
    await expect(withdrawal).toContainText("1,000.00 USDC returned to the business funding wallet.");
    await expect(page.getByTestId("balance")).toHaveText("0.00 USDC");
    await expect(page.getByTestId("funded")).toHaveText("1,000.00 USDC");
    // the API agrees
    const api = await request.get(`/api/v1/campaign/${campaignId}`, { headers: campaignHeaders(s) });
    expect((await api.json()).campaign).toMatchObject({ status: "stopped", totalAmountFunded: 1000, availableToWithdraw: 0 });
    await auditPortalPage(page, "campaign-withdrawn");
  } finally {
    receiver.close();
  }
});
