// The business admin's side of platform access, in a real browser against the production build:
// - approving a platform link session (the platform's real receiver gets a signed Platform.Link.Completed);
// - declining one (Platform.Link.Declined);
// - accepting a platform's invite;
// - revoking a platform on the Connected platforms page, after which the platform's next call is 403.
// The admin is the seed's developer email (an admin member of the seed business), signing up as a player
// on the page itself and confirming the email from the development outbox.
import { createHmac, randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import {
  asNewVisitor,
  expectHostedPageBasics,
  offsiteRequests,
  screenshot,
  seed,
  signInOnForm,
  signUpOnForm,
  startReceiver,
  verifyEmailFromOutbox,
  type Hook,
} from "./support";

// The seed alone takes several seconds on a busy machine, and each test signs an admin up through the outbox.
test.describe.configure({ timeout: 180_000 });

type PlatformSeed = {
  platform: { platformId: string; platformKey: string; webhookSecret: string };
  business: { businessId: string };
  portal: { email: string; password: string };
};

const PASSWORD = "admin-password-1";
const platformHeaders = (s: PlatformSeed, business = false) => ({
  authorization: `Bearer ${s.platform.platformKey}`,
  ...(business ? { "x-target-business-id": s.business.businessId } : {}),
});

/** The platform's call for the business: GET /v1/platform/business (scope business:read, needs the grant). */
const businessCall = (request: APIRequestContext, s: PlatformSeed) => request.get("/api/v1/platform/business", { headers: platformHeaders(s, true) });

/** The seed grants every business scope; the platform revokes it so the business can connect anew. */
const revokeSeedGrant = async (request: APIRequestContext, s: PlatformSeed) => {
  const grants = await (await request.get("/api/v1/platform/grants", { headers: platformHeaders(s) })).json();
  const active = grants.grants.find((g: { businessId: string; status: string }) => g.businessId === s.business.businessId && g.status === "active");
  const res = await request.post(`/api/v1/platform/grants/${active.grantId}/revoke`, { headers: { ...platformHeaders(s), "idempotency-key": randomUUID() } });
  expect(res.status()).toBe(200);
};

const createLinkSession = async (request: APIRequestContext, s: PlatformSeed, metadata: Record<string, unknown>) => {
  const res = await request.post("/api/v1/platform/link-sessions", {
    headers: platformHeaders(s),
    data: { scopes: ["campaign:read", "campaign:create", "distribution:create", "business:users:link:read", "item:create", "business:read"], metadata },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { sessionKey: string; url: string };
};

/** Signs in as the seed's admin (its printed login, a verified account) on the page's sign-in form and stays on the page. */
const signUpAsAdmin = async (page: Page, s: PlatformSeed) => {
  await expect(page.getByRole("heading", { name: "Sign in to continue" })).toBeVisible();
  await expect(page.getByText("Sign in with the email that administers your business.")).toBeVisible();
  const back = page.url();
  await signInOnForm(page, { email: s.portal.email, password: s.portal.password });
  await expect(page).toHaveURL(back);
  await expect(page.getByText(`Signed in as ${s.portal.email}`)).toBeVisible();
};

const platformHook = async (hooks: Hook[], s: PlatformSeed, event: string, sessionKey: string) => {
  await expect
    .poll(() => hooks.some((h) => h.event === event && h.data.sessionKey === sessionKey), { timeout: 20_000, message: `${event} for ${sessionKey}` })
    .toBe(true);
  const hook = hooks.find((h) => h.event === event && h.data.sessionKey === sessionKey)!;
  expect(hook.signature).toBe(createHmac("sha256", s.platform.webhookSecret).update(hook.raw).digest("hex"));
  return hook;
};

test("a business admin approves a platform link session; the platform's receiver gets the signed Platform.Link.Completed", async ({
  page,
  request,
  baseURL,
}) => {
  const receiver = await startReceiver();
  try {
    const s = (await seed(baseURL!, receiver.url)) as unknown as PlatformSeed;
    await asNewVisitor(page);
    await revokeSeedGrant(request, s);
    expect((await businessCall(request, s)).status()).toBe(403);
    const platformName = (await (await request.get("/api/v1/platform/me", { headers: platformHeaders(s) })).json()).name as string;
    const { sessionKey, url } = await createLinkSession(request, s, { onboarding: "spring", step: 2 });
    const offsite = offsiteRequests(page, baseURL!);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));

    await page.goto(url);
    await expect(page).toHaveTitle(`Connect ${platformName} to your business`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Connect ${platformName} to your business`);
    await expect(page.getByText("Test mode")).toBeVisible();
    // every requested scope, in plain words, grouped by area
    const asks = page.getByRole("group", { name: `${platformName} asks to:` });
    for (const [area, words] of [
      ["Campaigns", ["Create campaigns", "See your campaigns and their status"]],
      ["Money", ["Create payouts to people"]],
      ["Players", ["See the players linked to your business, their balances and verification status"]],
      ["Items", ["Create items in your games"]],
      ["Business details", ["See your business details"]],
    ] as const) {
      const section = asks.getByRole("region", { name: area });
      await expect(section.getByRole("listitem")).toHaveText([...words]);
    }
    await expectHostedPageBasics(page);
    await screenshot(page, "platform-connect-signin");

    await signUpAsAdmin(page, s);
    const business = page.getByRole("radio");
    await expect(business).toHaveCount(1);
    await expect(business).toBeChecked();
    await expectHostedPageBasics(page);
    await screenshot(page, "platform-connect-approve");
    await page.getByRole("button", { name: "Approve" }).click();

    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Platform connected");
    await expect(page).toHaveTitle(`${platformName} connected`);
    await expect(page.getByRole("button", { name: "Approve" })).toHaveCount(0);
    await screenshot(page, "platform-connect-approved");

    const hook = await platformHook(receiver.hooks, s, "Platform.Link.Completed", sessionKey);
    expect(hook.data).toEqual({
      businessId: s.business.businessId,
      grantId: expect.stringMatching(/^[0-9a-f]{24}$/),
      sessionKey,
      scopes: ["campaign:read", "campaign:create", "distribution:create", "business:users:link:read", "item:create", "business:read"],
      metadata: { onboarding: "spring", step: 2 },
    });
    // the platform now acts for the business
    expect((await businessCall(request, s)).status()).toBe(200);
    const grants = (await (await request.get("/api/v1/platform/grants", { headers: platformHeaders(s) })).json()).grants;
    expect(grants[0]).toMatchObject({ grantId: hook.data.grantId, businessId: s.business.businessId, status: "active", source: "link_session" });
    expect(offsite).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    receiver.close();
  }
});

test("a business admin declines a platform link session: Platform.Link.Declined, and no access", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = (await seed(baseURL!, receiver.url)) as unknown as PlatformSeed;
    await asNewVisitor(page);
    await revokeSeedGrant(request, s);
    const { sessionKey, url } = await createLinkSession(request, s, { ref: "decline-me" });
    await page.goto(url);
    await signUpAsAdmin(page, s);
    await page.getByRole("button", { name: "Decline" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Connection declined");
    await expectHostedPageBasics(page);
    await screenshot(page, "platform-connect-declined");
    const hook = await platformHook(receiver.hooks, s, "Platform.Link.Declined", sessionKey);
    expect(hook.data).toEqual({ businessId: s.business.businessId, sessionKey, metadata: { ref: "decline-me" } });
    expect((await businessCall(request, s)).status()).toBe(403);
    // a second visit shows the outcome, with nothing left to answer
    await page.goto(url);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Connection declined");
  } finally {
    receiver.close();
  }
});

test("a business admin accepts a platform's invite from the Connected platforms page", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = (await seed(baseURL!, receiver.url)) as unknown as PlatformSeed;
    await asNewVisitor(page);
    await revokeSeedGrant(request, s);
    const created = await request.post("/api/v1/platform/invites", {
      headers: { ...platformHeaders(s), "idempotency-key": randomUUID() },
      data: { businessId: s.business.businessId, requestedScopes: ["business:read", "invoice:read", "item:read"] },
    });
    expect(created.status()).toBe(201);
    const { inviteId } = await created.json();

    await page.goto(`/business/${s.business.businessId}/platforms`);
    await expect(page).toHaveTitle("Connected platforms");
    await signUpAsAdmin(page, s);
    await expect(page.getByText(/^No platform is connected to /)).toBeVisible();
    await page.getByRole("link", { name: /^Review the invite from / }).click();
    await expect(page).toHaveURL(new RegExp(`/business/invites/${inviteId}$`));
    await expect(page).toHaveTitle(/^.+ invites .+$/);
    await expect(page.getByRole("group", { name: /asks to:$/ }).getByRole("listitem")).toHaveText([
      "See invoices",
      "See the items in your games",
      "See your business details",
    ]);
    await expectHostedPageBasics(page);
    await screenshot(page, "platform-invite");
    await page.getByRole("button", { name: "Accept" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Invite accepted");
    await screenshot(page, "platform-invite-accepted");

    const invites = (await (await request.get("/api/v1/platform/invites", { headers: platformHeaders(s) })).json()).invites;
    expect(invites[0]).toMatchObject({ inviteId, status: "accepted", grantId: expect.any(String) });
    expect((await businessCall(request, s)).status()).toBe(200);
  } finally {
    receiver.close();
  }
});

test("revoking a platform on the Connected platforms page makes its next call for the business 403", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = (await seed(baseURL!, receiver.url)) as unknown as PlatformSeed;
    await asNewVisitor(page);
    expect((await businessCall(request, s)).status()).toBe(200);
    const platformName = (await (await request.get("/api/v1/platform/me", { headers: platformHeaders(s) })).json()).name as string;

    await page.goto("/business");
    await signUpAsAdmin(page, s);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your businesses");
    await page.getByRole("link", { name: /^Test Studio / }).click();
    await expect(page).toHaveURL(new RegExp(`/business/${s.business.businessId}/platforms$`));
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: platformName }) });
    await expect(card.getByText(/^Connected .* · Last activity /)).toBeVisible();
    for (const area of ["Campaigns", "Money", "Players", "Items", "Business details"]) await expect(card.getByRole("region", { name: area })).toBeVisible();
    await expectHostedPageBasics(page);
    await screenshot(page, "platform-connected-platforms");

    await card.getByRole("button", { name: "Revoke access" }).click();
    await expect(page.getByRole("status")).toHaveText(new RegExp(`^Access revoked: ${platformName} can no longer act for `));
    await expect(page.getByRole("heading", { name: platformName })).toHaveCount(0);
    await screenshot(page, "platform-connected-platforms-revoked");

    const refused = await businessCall(request, s);
    expect(refused.status()).toBe(403);
    expect((await refused.json()).code).toBe("GRANT_REQUIRED");
    const grants = (await (await request.get("/api/v1/platform/grants", { headers: platformHeaders(s) })).json()).grants;
    expect(grants[0]).toMatchObject({ status: "revoked", revokedBy: "business" });
  } finally {
    receiver.close();
  }
});

test("a signed-in stranger sees no business on the Connected platforms page (404) and none to connect", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = (await seed(baseURL!, receiver.url)) as unknown as PlatformSeed;
    await asNewVisitor(page);
    const { url } = await createLinkSession(request, s, {});
    await page.goto(url);
    const stranger = `stranger-${randomUUID().slice(0, 8)}@example.com`;
    await signUpOnForm(page, { email: stranger, password: PASSWORD });
    await verifyEmailFromOutbox(page, { email: stranger, password: PASSWORD });
    await expect(page.getByText(`${stranger} is not an admin of a test business.`, { exact: false })).toBeVisible();
    await expect(page.getByRole("button", { name: "Approve" })).toHaveCount(0);
    await screenshot(page, "platform-connect-not-admin");
    await page.goto(`/business/${s.business.businessId}/platforms`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Business not found");
    await expect(page.getByRole("button", { name: "Revoke access" })).toHaveCount(0);
  } finally {
    receiver.close();
  }
});
