// A platform creates a business (with the player as an admin member, a placeholder until they verify the
// email), then links a player to the whole business: the player opens the link URL, sees the business's
// name and logo, signs up, confirms the email in the outbox, comes back signed in and approves. The
// platform's receiver gets a signed User.Account.Link.Succeeded with the obu_test_ reference, the details
// and users list show it, the member is no longer a placeholder, and the kyb and kycUrl pages show the
// verification statuses truthfully.
import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import {
  asNewVisitor,
  expectHook,
  expectHostedPageBasics,
  offsiteRequests,
  screenshot,
  seed,
  signUpOnForm,
  startReceiver,
  uniqueEmail,
  verifyEmailFromOutbox,
} from "./support";

// Sign-up, mail and verification on a loaded machine take longer than the default 30 s.
test.describe.configure({ timeout: 180_000 });

// the seed prints these too (test-mode.md); e2e/support.ts types only the game and campaign parts
type Seeded = Awaited<ReturnType<typeof seed>> & {
  platform: { platformId: string; platformKey: string; webhookSecret: string };
  business: { businessId: string };
};

const platformHeaders = (s: Seeded, businessId?: string) => ({
  authorization: `Bearer ${s.platform.platformKey}`,
  ...(businessId ? { "x-target-business-id": businessId } : {}),
});

const api = async (request: APIRequestContext, method: "get" | "post", path: string, headers: Record<string, string>, data?: unknown) => {
  const res = await request[method](`/api${path}`, { headers: { ...headers, ...(method === "post" ? { "idempotency-key": randomUUID() } : {}) }, data });
  return { status: res.status(), body: await res.json() };
};

test("a player approves a business-level link on the hosted page; the platform gets the obu_ reference", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = (await seed(baseURL!, receiver.url)) as Seeded;
    await asNewVisitor(page);
    const email = uniqueEmail("bizlink");
    const name = `Northwind ${randomUUID().slice(0, 8)}`;

    // The platform creates a business whose admin is the player (not signed up yet: a placeholder).
    const created = await api(request, "post", "/v1/platform/business", platformHeaders(s), {
      name,
      members: [{ email, roles: ["admin"], isOwner: true }],
      address: { line1: "1 Main St", city: "Springfield", state: "IL", postalCode: "62701", country: "US" },
      grantScopes: ["business:read", "business:users:link:create", "business:users:link:read"],
      logoUrl: `${baseURL}/favicon.svg`,
    });
    expect(created.status).toBe(201);
    const businessId = created.body.business._id as string;
    expect(created.body.members).toEqual([{ memberId: expect.any(String), userId: null, email, roles: ["admin"], isOwner: true }]);
    expect(created.body.links).toEqual({
      home: `${baseURL}/business/${businessId}`,
      kyb: `${baseURL}/business/${businessId}/verification`,
      signIn: `${baseURL}/business/${businessId}/sign-in`,
    });
    const tb = platformHeaders(s, businessId);

    const started = await api(request, "post", "/v1/platform/business/users/link/initiate", tb, { email, metadata: { crmId: "c-42" } });
    expect(started.status).toBe(201);
    const { sessionKey, url } = started.body as { sessionKey: string; url: string };

    const offsite = offsiteRequests(page, baseURL!);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    await page.goto(url);
    // the business's name and logo, as what the player links to
    await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
    await expect(page.locator("main").getByText("Business", { exact: true })).toBeVisible();
    await expect(page.locator("main").getByText(name, { exact: true }).first()).toBeVisible();
    await expect(page.locator("main img").first()).toHaveAttribute("src", `${baseURL}/favicon.svg`);
    await expect(page.getByText("Test mode")).toBeVisible();
    await expectHostedPageBasics(page);
    await screenshot(page, "business-link-start");

    await signUpOnForm(page, { email, password: "a-good-password" });
    await verifyEmailFromOutbox(page, { email, password: "a-good-password" });
    await expect(page).toHaveURL(url);
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
    await expectHostedPageBasics(page);
    await screenshot(page, "business-link-approve");
    await page.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`linked to ${name}`);
    await expect(page.getByRole("button", { name: /^Approv/ })).toHaveCount(0);
    await expect(page.getByText(email)).toBeVisible();
    await expectHostedPageBasics(page);
    await screenshot(page, "business-link-approved");

    // The platform's endpoint gets the signed webhook with the business-level reference.
    const hook = await expectHook(receiver.hooks, s.platform.webhookSecret, "User.Account.Link.Succeeded", sessionKey);
    const userRef = hook.data.user_ref as string;
    expect(userRef).toMatch(/^obu_test_[0-9a-f]{24}$/);
    expect(hook.data).toEqual({
      sessionKey,
      user_ref: userRef,
      metadata: { idempotencyKey: expect.any(String), platform_metadata: { crmId: "c-42" } },
      businessId,
    });
    const details = await api(request, "get", `/v1/platform/business/users/link/details?session=${sessionKey}`, tb);
    expect(details.body).toMatchObject({ businessId, businessName: name, prefilledEmail: email, status: "approved", userRef });
    const users = await api(request, "get", `/v1/platform/business/users?search=${encodeURIComponent(email.toUpperCase())}`, tb);
    expect(users.body.users).toEqual([{ linkId: expect.any(String), userRef, email, name: "", linkedAt: expect.any(String), environment: "test" }]);
    // the member verified the email: no longer a placeholder
    const business = await api(request, "get", "/v1/platform/business", tb);
    expect(business.body.members[0].userId).toEqual(expect.any(String));

    // kycUrl: the player's own identity verification status
    const compliance = await api(request, "get", `/v1/platform/business/users/${userRef}/compliance`, tb);
    expect(compliance.body).toEqual({ userRef, status: "not_started", kycUrl: `${baseURL}/account/verification` });
    await page.goto(compliance.body.kycUrl);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Identity verification");
    await expect(page.getByText("Not started")).toBeVisible();
    await expect(page.getByText(`Linked to ${name}.`)).toBeVisible();
    await expectHostedPageBasics(page);
    await screenshot(page, "account-verification");

    // kyb: the business's verification status, for its admin (the player is one)
    await page.goto(created.body.links.kyb);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Business verification");
    await expect(page.locator("main").getByText(name, { exact: true })).toBeVisible();
    await expect(page.getByText("Not started")).toBeVisible();
    await expect(page.getByText(/Fill in the application below, add at least one supporting document/)).toBeVisible();
    await expectHostedPageBasics(page);
    await screenshot(page, "business-verification");
    expect(offsite).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    receiver.close();
  }
});

test("the verification pages ask a signed-out visitor to sign in, and show another business to nobody", async ({ page, browser, request, baseURL }) => {
  const receiver = await startReceiver();
  const s = (await seed(baseURL!, receiver.url)) as Seeded;
  receiver.close();
  await asNewVisitor(page);
  await page.goto("/account/verification");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Identity verification");
  await expect(page.getByRole("heading", { name: "Sign in to continue" })).toBeVisible();
  await expectHostedPageBasics(page);
  await screenshot(page, "account-verification-signed-out");
  await page.goto(`/business/${s.business.businessId}/verification`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Business verification");
  await expect(page.getByText(s.business.businessId)).toHaveCount(0);
  await screenshot(page, "business-verification-signed-out");

  // a signed-in player who is not an admin of the business gets a 404 page
  const stranger = await browser.newPage();
  await asNewVisitor(stranger);
  const email = uniqueEmail("stranger");
  const started = await api(request, "post", "/v1/platform/business/users/link/initiate", platformHeaders(s, s.business.businessId), { email });
  await stranger.goto(started.body.url);
  await signUpOnForm(stranger, { email, password: "a-good-password" });
  await verifyEmailFromOutbox(stranger, { email, password: "a-good-password" });
  await expect(stranger.getByText(`Signed in as ${email}`)).toBeVisible();
  const res = await stranger.goto(`/business/${s.business.businessId}/verification`);
  expect(res?.status()).toBe(404);
  await stranger.close();
});
