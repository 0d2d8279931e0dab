// Link invites: one shareable /join URL; each visitor who presses Continue gets their own session
// and their own link. A paused invite links nobody.
import { expect, test } from "@playwright/test";
import {
  asNewVisitor,
  campaignHeaders,
  expectHostedPageBasics,
  screenshot,
  seed,
  signUpOnForm,
  startReceiver,
  uniqueEmail,
  verifyEmailFromOutbox,
  type Seeded,
} from "./support";
import type { APIRequestContext, Browser } from "@playwright/test";

const createInvite = async (request: APIRequestContext, s: Seeded, data: Record<string, unknown> = {}) => {
  const res = await request.post(`/api/v1/campaign/${s.campaign.campaignId}/link-invites`, {
    headers: campaignHeaders(s),
    data: { label: "Discord", ...data },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { code: string; url: string; currentUses: number };
};

/** A new visitor (own browser context, so own cookies) follows the invite, signs up, confirms the email and approves. */
const visit = async (browser: Browser, inviteUrl: string, email: string, shot?: string) => {
  const context = await browser.newContext({
    viewport: test.info().project.use.viewport ?? undefined,
    isMobile: test.info().project.use.isMobile,
    deviceScaleFactor: test.info().project.use.deviceScaleFactor,
  });
  const page = await context.newPage();
  await asNewVisitor(page);
  try {
    await page.goto(inviteUrl);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Join /);
    await expect(page.getByText("Test mode")).toBeVisible();
    if (shot) {
      await expectHostedPageBasics(page);
      await screenshot(page, shot);
    }
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/link\/lks_test_[0-9a-f]{32}$/);
    const sessionKey = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
    await signUpOnForm(page, { email, password: "invite-password" });
    await verifyEmailFromOutbox(page, { email, password: "invite-password" });
    await page.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^You're linked to /);
    return sessionKey;
  } finally {
    await context.close();
  }
};

test("two visitors of one invite get two different links", async ({ browser, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = await seed(baseURL!, receiver.url);
    const invite = await createInvite(request, s);
    expect(invite.url).toBe(`${baseURL}/join/${invite.code}`);

    // Fetching the invite URL (a link preview, a bot) opens no session.
    expect((await request.get(invite.url)).status()).toBe(200);

    const a = await visit(browser, invite.url, uniqueEmail("visitor-a"), "join");
    const b = await visit(browser, invite.url, uniqueEmail("visitor-b"));
    expect(a).not.toBe(b);

    await expect.poll(() => receiver.hooks.filter((h) => h.event === "User.Account.Link.Succeeded").length, { timeout: 20_000 }).toBe(2);
    const refs = receiver.hooks.filter((h) => h.event === "User.Account.Link.Succeeded").map((h) => [h.data.sessionKey, h.data.user_ref]);
    expect(refs.map((r) => r[0]).sort()).toEqual([a, b].sort());
    expect(refs[0]![1]).toMatch(/^pvu_test_/);
    expect(refs[1]![1]).toMatch(/^pvu_test_/);
    expect(refs[0]![1]).not.toBe(refs[1]![1]);

    const users = await request.get(`/api/v1/campaign/${s.campaign.campaignId}/link-invites`, { headers: campaignHeaders(s) });
    const listed = (await users.json()).invites.find((i: { code: string }) => i.code === invite.code);
    expect(listed.currentUses).toBe(2);
  } finally {
    receiver.close();
  }
});

test("a paused invite refuses and links nobody", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = await seed(baseURL!, receiver.url);
    const invite = await createInvite(request, s);
    const paused = await request.patch(`/api/v1/campaign/${s.campaign.campaignId}/link-invites/${invite.code}`, {
      headers: campaignHeaders(s),
      data: { status: "paused" },
    });
    expect(paused.status()).toBe(200);
    expect((await paused.json()).status).toBe("paused");

    await page.goto(invite.url);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This invite is paused");
    await expect(page.getByText("This invite link has been paused by its owner. Try again later.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Continue" })).toHaveCount(0);
    await expect(page).toHaveTitle(/^Invite to .+ unavailable$/);
    await expectHostedPageBasics(page);
    await screenshot(page, "join-paused");
    await page.waitForTimeout(500);
    expect(receiver.hooks).toEqual([]);
  } finally {
    receiver.close();
  }
});

test("an invite paused after the page was shown refuses on Continue", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = await seed(baseURL!, receiver.url);
    const invite = await createInvite(request, s);
    await page.goto(invite.url);
    await request.patch(`/api/v1/campaign/${s.campaign.campaignId}/link-invites/${invite.code}`, { headers: campaignHeaders(s), data: { status: "paused" } });
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This invite is paused");
    expect(new URL(page.url()).pathname).toBe(`/join/${invite.code}`);
  } finally {
    receiver.close();
  }
});

test("an invite revoked before the visitor approves fails the session and says why", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = await seed(baseURL!, receiver.url);
    const invite = await createInvite(request, s);
    await asNewVisitor(page);
    await page.goto(invite.url);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/link\/lks_test_/);
    const sessionKey = new URL(page.url()).pathname.split("/").pop()!;
    const email = uniqueEmail("late");
    await signUpOnForm(page, { email, password: "invite-password" });
    await verifyEmailFromOutbox(page, { email, password: "invite-password" });
    await expect(page.getByRole("button", { name: "Approve" })).toBeVisible();

    const revoked = await request.delete(`/api/v1/campaign/${s.campaign.campaignId}/link-invites/${invite.code}`, { headers: campaignHeaders(s) });
    expect(revoked.status()).toBe(200);
    await page.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Linking failed");
    await expect(page.locator("main").getByRole("alert")).toHaveText("This invite link has been revoked by its owner and can no longer be used.");
    await screenshot(page, "link-invite-revoked");
    await expect
      .poll(() => receiver.hooks.find((h) => h.event === "User.Account.Link.Failed")?.data, { timeout: 20_000 })
      .toEqual({
        sessionKey,
        message: "This invite link has been revoked by its owner and can no longer be used.",
      });
    expect(receiver.hooks.some((h) => h.event === "User.Account.Link.Succeeded")).toBe(false);
  } finally {
    receiver.close();
  }
});

test("an unknown invite code gets a friendly 404 page", async ({ page }) => {
  const res = await page.goto("/join/no-such-invite-code");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn't find this invite");
});
