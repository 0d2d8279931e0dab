// Issue 28, "until the business is approved, nothing live can be created or used": every path that creates or uses
// something live, tried for a business that is not approved (403 BUSINESS_NOT_ACTIVATED, or the portal form's
// error, and no live row written), then the same path after approval; test mode untouched for the same business.
// The choices are in docs/decisions/going-live-gate.md.
import "@/tests/support/serve-auth";
import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import * as authRoute from "@/app/api/auth/[...nextauth]/route";
import { INITIAL_FORM_STATE } from "@/components/portal/portal-form";
import { GET as GET_CAMPAIGN } from "@/app/api/v1/campaign/[id]/route";
import { GET as GET_GAME } from "@/app/api/v1/game/route";
import { POST as CREATE_CHECKOUT_GRANT } from "@/app/api/v1/checkout/grants/route";
import { POST as INITIATE_LINK } from "@/app/api/v1/users/link/initiate/route";
import { POST as CREATE_CAMPAIGN_FUND_SESSION } from "@/app/api/v1/platform/campaigns/[campaignId]/fund-sessions/route";
import { POST as CREATE_DISTRIBUTION_FUND_SESSION } from "@/app/api/v1/platform/distributions/[id]/fund-sessions/route";
import { GET as GET_BUSINESS, POST as CREATE_BUSINESS } from "@/app/api/v1/platform/business/route";
import { GET as LIST_BUSINESS_USERS } from "@/app/api/v1/platform/business/users/route";
import { GET as GET_PLATFORM_CAMPAIGN } from "@/app/api/v1/platform/campaigns/[campaignId]/route";
import { POST as CREATE_PLATFORM_CAMPAIGN } from "@/app/api/v1/platform/campaigns/route";
import { POST as CREATE_DISTRIBUTION } from "@/app/api/v1/platform/distributions/route";
import { GET as LIST_GRANTS } from "@/app/api/v1/platform/grants/route";
import { POST as CREATE_INVOICE } from "@/app/api/v1/platform/invoices/route";
import { POST as CREATE_PLATFORM_KEY } from "@/app/api/v1/platform/me/keys/route";
import { GET as PLATFORM_ME } from "@/app/api/v1/platform/me/route";
import { POST as FUND_WALLET_HELPER } from "@/app/api/v1/test-helpers/wallets/fund/route";
import { createCampaign } from "@/lib/campaigns/create-campaign";
import { getDb } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/transaction";
import { createSeedTenants } from "@/lib/flows/create-seed-tenants";
import { createGame } from "@/lib/games/create-game";
import { isActivated, ACTIVATION_TRANSITIONS } from "@/lib/activation/activation-states";
import { VERIFICATION_STATUSES } from "@/lib/businesses/verification-statuses";
import { buildOpenApiDocument, inlineResponses } from "@/lib/http/openapi";
import { registeredRoutes } from "@/lib/http/registry";
import { createPlatform } from "@/lib/platform/create-platform";
import { grantBusiness } from "@/lib/platform/grant-business";
import { ALL_SCOPES, BUSINESS_SCOPES } from "@/lib/platform/scopes";
import { assertLiveAllowed, liveAllowedFor } from "@/lib/tenants/assert-live-allowed";
import { issueApiKey } from "@/lib/tenants/issue-api-key";
import { hashKey } from "@/lib/tenants/keys";
import { approveBusinessForLive } from "@/tests/support/activation";
import { call } from "@/tests/support/http";
import { makeBusiness, platformHeaders } from "@/tests/support/platform";
import { as, formData as form, makePortalTenant, servePortalAuth } from "@/tests/support/portal";
import { inRequest } from "@/tests/support/serve-auth";
import { createGameAction, createKeyAction, rotateKeyAction } from "@/app/portal/[businessId]/actions";
import { createPortalPlatformKey } from "@/lib/portal/create-portal-platform-key";
import { registerPortalPlatform } from "@/lib/portal/register-portal-platform";

vi.mock("next/headers", async () => (await import("@/tests/support/serve-auth")).nextHeaders);
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

const db = getDb();
const auth = servePortalAuth(authRoute);
const idem = (h: Record<string, string>) => ({ ...h, "idempotency-key": randomUUID() });
const tag = () => randomBytes(4).toString("hex");
const EVENTS = [{ code: "level_complete", name: "Level complete", payoutMicros: 5_000_000n }];

/** Every live row of the tables a live path could write (the request log and the audit log aside). */
const LIVE_TABLES = [
  "Game",
  "Campaign",
  "ApiKey",
  "LinkSession",
  "PlayerLink",
  "VirtualCurrency",
  "LedgerAccount",
  "LedgerJournal",
  "WebhookEvent",
  "LinkInvite",
  "Product",
  "CheckoutGrant",
  "CheckoutSession",
  "Invoice",
  "SplitTemplate",
  "Distribution",
  "FundSession",
  "PlatformLinkSession",
  "GameplayEvent",
];
const liveRows = async (): Promise<Record<string, number>> => {
  const out: Record<string, number> = {};
  for (const t of LIVE_TABLES)
    out[t] = Number((await db.$queryRawUnsafe<{ n: bigint }[]>(`SELECT count(*) AS n FROM "${t}" WHERE "environment" = 'live'`))[0].n);
  return out;
};
/** Runs `attempt` and checks it wrote no live row anywhere. */
const writesNothingLive = async <T>(attempt: () => Promise<T>): Promise<T> => {
  const before = await liveRows();
  const out = await attempt();
  expect(await liveRows()).toEqual(before);
  return out;
};
const refused = (res: { status: number; body: { code?: string; error?: string } }, businessId: string) => {
  expect([res.status, res.body.code], JSON.stringify(res.body)).toEqual([403, "BUSINESS_NOT_ACTIVATED"]);
  expect(res.body.error).toContain(businessId);
};

/**
 * A business that was approved and is not any more. The activation table has no way back from "approved" today
 * (ACTIVATION_TRANSITIONS), so this is written directly: it stands for data made before the gate, or a suspension
 * an operator might get one day. Live things of such a business exist; the gate must hold on their use too.
 */
const unapprove = (businessId: string) => db.business.update({ where: { id: businessId }, data: { kybStatus: "action_required" } });

describe("the rule", () => {
  it("only an approved business may go live, and no operator move leads away from approved", () => {
    expect(VERIFICATION_STATUSES.filter((s) => liveAllowedFor(s))).toEqual(["approved"]);
    for (const s of [...VERIFICATION_STATUSES, null, undefined, ""]) expect(liveAllowedFor(s)).toBe(isActivated(s));
    expect(Object.values(ACTIVATION_TRANSITIONS).filter((t) => (t.from as readonly string[]).includes("approved"))).toEqual([]);
  });

  it("is a no-op in test mode (it reads nothing: even an unknown business passes there)", async () => {
    const business = await makeBusiness("test");
    await expect(assertLiveAllowed({ db }, { environment: "test", businessId: "no-such-business" })).resolves.toBeUndefined();
    await expect(assertLiveAllowed({ db }, { environment: "live", businessId: "no-such-business" })).rejects.toMatchObject({ code: "BUSINESS_NOT_ACTIVATED" });
    await expect(assertLiveAllowed({ db }, { environment: "live", businessId: business.id })).rejects.toMatchObject({
      code: "BUSINESS_NOT_ACTIVATED",
      status: 403,
    });
  });
});

describe("an approval in flight", () => {
  it("a live creation waits for it (the business row is read FOR SHARE) and sees its outcome: refused after a rollback, allowed after a commit", async () => {
    const business = await makeBusiness("test");
    const settledWithin = async (p: Promise<unknown>, ms: number) =>
      Promise.race([
        p.then(
          () => true,
          () => true,
        ),
        new Promise((r) => setTimeout(() => r(false), ms)),
      ]);
    for (const outcome of ["rollback", "commit"] as const) {
      let creation: Promise<unknown> | undefined;
      await db
        .$transaction(async (tx) => {
          await tx.business.update({ where: { id: business.id }, data: { kybStatus: "approved" } });
          creation = createGame({ db }, { businessId: business.id, environment: "live", name: `Rocket ${outcome}` });
          creation.catch(() => undefined);
          expect(await settledWithin(creation, 300)).toBe(false); // blocked on the approval's row lock
          if (outcome === "rollback") throw new Error("rolled back");
        })
        .catch((e: Error) => expect(e.message).toBe("rolled back"));
      if (outcome === "rollback") await expect(creation).rejects.toMatchObject({ code: "BUSINESS_NOT_ACTIVATED" });
      else await expect(creation).resolves.toMatchObject({ environment: "live", name: "Rocket commit" });
    }
    expect(await db.game.count({ where: { businessId: business.id, environment: "live" } })).toBe(1);
  });
});

describe("creating live things before approval", () => {
  it("a live game, through the domain service (the seed's and scripts' path): 403, no game; test untouched; then allowed", async () => {
    const business = await makeBusiness("test");
    const err = await writesNothingLive(() => createGame({ db }, { businessId: business.id, environment: "live", name: "Rocket" }).catch((e) => e));
    expect(err).toMatchObject({ code: "BUSINESS_NOT_ACTIVATED", status: 403 });
    expect(err.message).toContain(`/portal/${business.id}/activation`);
    expect(err.message).toContain(`/business/${business.id}/verification`);
    expect(await createGame({ db }, { businessId: business.id, environment: "test", name: "Rocket" })).toMatchObject({ environment: "test" });
    // each status that is not approved is refused, and the message says where the application stands
    const says = { pending: "is in review", rejected: "was rejected", action_required: "asked for changes" };
    for (const [status, text] of Object.entries(says)) {
      await db.business.update({ where: { id: business.id }, data: { kybStatus: status } });
      const refusal = await createGame({ db }, { businessId: business.id, environment: "live", name: "Rocket" }).catch((e) => e);
      expect(refusal).toMatchObject({ code: "BUSINESS_NOT_ACTIVATED" });
      expect(refusal.message).toContain(text);
    }
    await approveBusinessForLive(business.id);
    expect(await createGame({ db }, { businessId: business.id, environment: "live", name: "Rocket" })).toMatchObject({ environment: "live" });
  });

  it("a live campaign, and live server, campaign and owned-platform keys, through the domain services: 403, nothing written", async () => {
    const business = await makeBusiness("test");
    await expect(
      writesNothingLive(() => createCampaign({ db }, { businessId: business.id, environment: "live", name: "Quest", events: EVENTS })),
    ).rejects.toMatchObject({ code: "BUSINESS_NOT_ACTIVATED" });
    // live objects of a business that is not approved (see unapprove): no new key for them
    await approveBusinessForLive(business.id);
    const game = await createGame({ db }, { businessId: business.id, environment: "live", name: "Rocket" });
    const campaign = await createCampaign({ db }, { businessId: business.id, environment: "live", name: "Quest", events: EVENTS });
    const owned = await createPlatform({ db }, { name: `Owned ${tag()}`, approvedScopes: ALL_SCOPES });
    await db.platform.update({ where: { id: owned.id }, data: { ownerBusinessId: business.id } });
    await unapprove(business.id);
    for (const input of [
      { kind: "server" as const, gameId: game.id },
      { kind: "campaign" as const, campaignId: campaign.id },
      { kind: "platform" as const, platformId: owned.id, scopes: ["business:read"] },
    ])
      await expect(writesNothingLive(() => issueApiKey({ db }, { environment: "live", ...input }))).rejects.toMatchObject({ code: "BUSINESS_NOT_ACTIVATED" });
    // the same business's test keys, and an ownerless (instance-level) platform's live key, are not gated
    const testGame = await createGame({ db }, { businessId: business.id, environment: "test", name: "Sandbox" });
    expect((await issueApiKey({ db }, { kind: "server", environment: "test", gameId: testGame.id })).rawKey).toMatch(/^service_server_test_/);
    const ownerless = await createPlatform({ db }, { name: `Instance ${tag()}`, approvedScopes: ALL_SCOPES });
    expect((await issueApiKey({ db }, { kind: "platform", environment: "live", platformId: ownerless.id })).rawKey).toMatch(/^service_platform_live_/);
    await approveBusinessForLive(business.id);
    expect((await issueApiKey({ db }, { kind: "platform", environment: "live", platformId: owned.id })).rawKey).toMatch(/^service_platform_live_/);
  });

  it("the seed makes test things only, and a failing live creation inside a transaction leaves the transaction's other writes undone", async () => {
    const before = await liveRows();
    await inTransaction(undefined, (tx) => createSeedTenants({ db: tx }, { tag: tag(), webhookUrl: null }));
    expect(await liveRows()).toEqual(before);
    const business = await makeBusiness("test");
    await expect(
      inTransaction(undefined, async (tx) => {
        await createGame({ db: tx }, { businessId: business.id, environment: "test", name: "Made first" });
        await createGame({ db: tx }, { businessId: business.id, environment: "live", name: "Refused" });
      }),
    ).rejects.toMatchObject({ code: "BUSINESS_NOT_ACTIVATED" });
    expect(await db.game.count({ where: { businessId: business.id } })).toBe(0);
  });
});

describe("the portal's server actions, replayed with a forged form", () => {
  it("Create game with environment=live: the form's error, no game, no audit entry; test works; after approval live works", async () => {
    const t = await makePortalTenant();
    const b = t.business.id;
    const developer = await auth.signIn(t.developer);
    const audits = () => db.auditEntry.count({ where: { businessId: b } });
    const auditsBefore = await audits();
    const state = await writesNothingLive(() =>
      inRequest(developer, () => createGameAction({ businessId: b }, INITIAL_FORM_STATE, form({ name: "Rocket", description: "", environment: "live" }))),
    );
    expect(state.error).toContain("is not approved to go live");
    expect(state.error).toContain(`/portal/${b}/activation`);
    expect(state.notice).toBeNull();
    expect(await audits()).toBe(auditsBefore);
    const inTest = await inRequest(developer, () =>
      createGameAction({ businessId: b }, INITIAL_FORM_STATE, form({ name: "Rocket", description: "", environment: "test" })),
    );
    expect(inTest.notice).toBe("Game “Rocket” created in test.");
    await approveBusinessForLive(b);
    const inLive = await inRequest(developer, () =>
      createGameAction({ businessId: b }, INITIAL_FORM_STATE, form({ name: "Rocket", description: "", environment: "live" })),
    );
    expect(inLive).toMatchObject({ error: null, notice: "Game “Rocket” created in live." });
    expect(await db.game.count({ where: { businessId: b, environment: "live" } })).toBe(1);
  });

  it("Create key and Rotate on a live game of a business that is not approved: the form's error, no key; the test game's key is made", async () => {
    const t = await makePortalTenant();
    const b = t.business.id;
    await approveBusinessForLive(b);
    const liveGame = await createGame({ db }, { businessId: b, environment: "live", name: "Rocket" });
    const liveKey = await issueApiKey({ db }, { kind: "server", environment: "live", gameId: liveGame.id, label: "prod" });
    await unapprove(b);
    const developer = await auth.signIn(t.developer);
    const made = await writesNothingLive(() =>
      inRequest(developer, () => createKeyAction({ businessId: b, gameId: liveGame.id }, INITIAL_FORM_STATE, form({ label: "CI" }))),
    );
    expect(made.error).toContain("is not approved to go live");
    expect(made.secret).toBeNull();
    const rotated = await writesNothingLive(() =>
      inRequest(developer, () => rotateKeyAction({ businessId: b, keyId: liveKey.key.id }, INITIAL_FORM_STATE, form({ gracePeriodDays: "3" }))),
    );
    expect(rotated.error).toContain("is not approved to go live");
    expect(await db.apiKey.findUniqueOrThrow({ where: { id: liveKey.key.id } })).toMatchObject({ expiresAt: null, replacedByKeyId: null });
    const testKey = await inRequest(developer, () => createKeyAction({ businessId: b, gameId: t.game.id }, INITIAL_FORM_STATE, form({ label: "CI" })));
    expect(testKey.secret?.value).toMatch(/^service_server_test_/);
  });
});

describe("the platform console", () => {
  it("a live key of a platform the business registered: refused until the owner business is approved, even with its live scopes approved", async () => {
    const t = await makePortalTenant();
    const b = t.business.id;
    const { platformId } = await registerPortalPlatform(as(t.admin), { businessId: b, name: `Console ${tag()}`, description: "" });
    // an operator approved its live scopes (the platform's own review), not the business's activation
    await db.platform.update({ where: { id: platformId }, data: { approvedScopes: ALL_SCOPES } });
    const make = (environment: string) =>
      createPortalPlatformKey(as(t.admin), { businessId: b, platformId, environment, label: "prod", scopes: ["business:read"] });
    await expect(writesNothingLive(() => make("live"))).rejects.toMatchObject({ code: "BUSINESS_NOT_ACTIVATED", status: 403 });
    expect((await make("test")).rawKey).toMatch(/^service_platform_test_/);
    await approveBusinessForLive(b);
    expect((await make("live")).rawKey).toMatch(/^service_platform_live_/);
  });
});

describe("using live keys of a business that is not approved", () => {
  it("a live server key: 403 on /v1 with nothing written (not even its last use); the test key works; after approval the live key works", async () => {
    const business = await makeBusiness("test");
    await approveBusinessForLive(business.id);
    const game = await createGame({ db }, { businessId: business.id, environment: "live", name: "Rocket" });
    const { rawKey, key } = await issueApiKey({ db }, { kind: "server", environment: "live", gameId: game.id });
    const testGame = await createGame({ db }, { businessId: business.id, environment: "test", name: "Sandbox" });
    const testKey = await issueApiKey({ db }, { kind: "server", environment: "test", gameId: testGame.id });
    await unapprove(business.id);
    const headers = { authorization: `Bearer ${rawKey}`, "x-game-id": game.id };
    refused(await writesNothingLive(() => call(GET_GAME, { headers })), business.id);
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).lastUsedAt).toBeNull();
    // a live checkout and a live link session: refused before anything is read or written
    refused(await writesNothingLive(() => call(CREATE_CHECKOUT_GRANT, { headers: idem(headers), body: {} })), business.id);
    refused(await writesNothingLive(() => call(INITIATE_LINK, { headers: idem(headers), body: { email: "p@example.com" } })), business.id);
    // the x-server-api-key form too
    refused(await call(GET_GAME, { headers: { "x-server-api-key": rawKey } }), business.id);
    const inTest = await call(GET_GAME, { headers: { authorization: `Bearer ${testKey.rawKey}`, "x-game-id": testGame.id } });
    expect([inTest.status, inTest.body.gameId]).toEqual([200, testGame.id]);
    // test helpers answer 404 to a live key, whatever its business
    const helper = await call(FUND_WALLET_HELPER, { headers: idem(headers), body: {} });
    expect([helper.status, helper.body.code]).toEqual([404, "NOT_FOUND"]);
    await approveBusinessForLive(business.id);
    const ok = await call(GET_GAME, { headers });
    expect(ok.status).toBe(200);
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).lastUsedAt).toBeInstanceOf(Date);
  });

  it("a live campaign key: 403; after approval it works", async () => {
    const business = await makeBusiness("test");
    await approveBusinessForLive(business.id);
    const campaign = await createCampaign({ db }, { businessId: business.id, environment: "live", name: "Quest", events: EVENTS });
    const { rawKey } = await issueApiKey({ db }, { kind: "campaign", environment: "live", campaignId: campaign.id });
    await unapprove(business.id);
    const get = () => call(GET_CAMPAIGN, { headers: { authorization: `Bearer ${rawKey}`, "x-campaign-id": campaign.id }, params: { id: campaign.id } });
    refused(await get(), business.id);
    await approveBusinessForLive(business.id);
    expect([(await get()).status, (await get()).body.campaign?.id]).toEqual([200, campaign.id]);
  });

  it("a live platform key of a platform whose owner business is not approved: 403 everywhere; an ownerless platform's key is not gated by it", async () => {
    const owner = await makeBusiness("test");
    await approveBusinessForLive(owner.id);
    const platform = await createPlatform({ db }, { name: `Owned ${tag()}`, approvedScopes: ALL_SCOPES });
    await db.platform.update({ where: { id: platform.id }, data: { ownerBusinessId: owner.id } });
    const { rawKey } = await issueApiKey({ db }, { kind: "platform", environment: "live", platformId: platform.id, scopes: ALL_SCOPES });
    const made = await call(CREATE_PLATFORM_KEY, { headers: idem(platformHeaders(rawKey)), body: { requestedScopes: ["business:read"], label: "ci" } });
    expect(made.status).toBe(201);
    await unapprove(owner.id);
    refused(await call(PLATFORM_ME, { headers: platformHeaders(rawKey) }), owner.id);
    refused(
      await writesNothingLive(() =>
        call(CREATE_PLATFORM_KEY, { headers: idem(platformHeaders(rawKey)), body: { requestedScopes: ["business:read"], label: "ci" } }),
      ),
      owner.id,
    );
    refused(await call(PLATFORM_ME, { headers: platformHeaders(made.body.rawKey) }), owner.id);
  });
});

describe("a live platform acting for a business that is not approved", () => {
  /** A live, ownerless platform holding every scope, and a live business it created through the API (unverified). */
  const liveTenant = async () => {
    const platform = await createPlatform({ db }, { name: `Platform ${tag()}`, approvedScopes: ALL_SCOPES });
    const { rawKey } = await issueApiKey({ db }, { kind: "platform", environment: "live", platformId: platform.id, scopes: ALL_SCOPES });
    const address = { line1: "1 Main St", city: "Springfield", state: "IL", postalCode: "62701", country: "us" };
    const created = await call(CREATE_BUSINESS, {
      headers: idem(platformHeaders(rawKey)),
      body: { name: `Live ${tag()}`, members: [{ email: `owner-${tag()}@example.com`, roles: ["admin"], isOwner: true }], address },
    });
    expect(created.status).toBe(201);
    const businessId: string = created.body.business._id;
    return { platform, rawKey, businessId, tb: platformHeaders(rawKey, businessId), kyb: created.body.links.kyb as string };
  };

  it("POST /v1/platform/business creates it unverified; its details and the platform's grants stay readable; everything else is 403, nothing written", async () => {
    const t = await liveTenant();
    expect(await db.business.findUniqueOrThrow({ where: { id: t.businessId } })).toMatchObject({ environment: "live", kybStatus: "not_started" });
    const details = await call(GET_BUSINESS, { headers: t.tb });
    expect([details.status, details.body.business?.verificationStatus ?? details.body.verificationStatus]).toEqual([200, "not_started"]);
    expect((await call(LIST_GRANTS, { headers: platformHeaders(t.rawKey) })).status).toBe(200);

    refused(await writesNothingLive(() => call(CREATE_PLATFORM_CAMPAIGN, { headers: idem(t.tb), body: { name: "Spring" } })), t.businessId);
    refused(await writesNothingLive(() => call(CREATE_INVOICE, { headers: idem(t.tb), body: {} })), t.businessId);
    refused(await writesNothingLive(() => call(CREATE_DISTRIBUTION, { headers: idem(t.tb), body: {} })), t.businessId);
    refused(
      await writesNothingLive(() => call(CREATE_DISTRIBUTION_FUND_SESSION, { headers: idem(t.tb), params: { id: "0123456789abcdef01234567" }, body: {} })),
      t.businessId,
    );
    refused(await call(LIST_BUSINESS_USERS, { headers: t.tb }), t.businessId);

    await approveBusinessForLive(t.businessId);
    const campaign = await call(CREATE_PLATFORM_CAMPAIGN, { headers: idem(t.tb), body: { name: "Spring" } });
    expect(campaign.status).toBe(201);
    expect((await call(LIST_BUSINESS_USERS, { headers: t.tb })).status).toBe(200);
  });

  it("on /v1/platform/campaigns/{campaignId} (the business is the campaign's owner): 403 until approved", async () => {
    const business = await makeBusiness("live");
    const campaign = await createCampaign({ db }, { businessId: business.id, environment: "live", name: "Quest", events: EVENTS });
    const platform = await createPlatform({ db }, { name: `Platform ${tag()}`, approvedScopes: ALL_SCOPES });
    const { rawKey } = await issueApiKey({ db }, { kind: "platform", environment: "live", platformId: platform.id, scopes: ALL_SCOPES });
    await grantBusiness({ db }, { platformId: platform.id, businessId: business.id, scopes: BUSINESS_SCOPES });
    const get = () => call(GET_PLATFORM_CAMPAIGN, { headers: platformHeaders(rawKey), params: { campaignId: campaign.id } });
    expect((await get()).status).toBe(200);
    await unapprove(business.id);
    refused(await get(), business.id);
    refused(
      await writesNothingLive(() =>
        call(CREATE_CAMPAIGN_FUND_SESSION, { headers: idem(platformHeaders(rawKey)), params: { campaignId: campaign.id }, body: {} }),
      ),
      business.id,
    );
    // the refusal comes after the grant: a platform without one still learns nothing (404)
    const stranger = await createPlatform({ db }, { name: `Stranger ${tag()}`, approvedScopes: ALL_SCOPES });
    const theirs = await issueApiKey({ db }, { kind: "platform", environment: "live", platformId: stranger.id, scopes: ALL_SCOPES });
    const probe = await call(GET_PLATFORM_CAMPAIGN, { headers: platformHeaders(theirs.rawKey), params: { campaignId: campaign.id } });
    expect([probe.status, probe.body.code]).toEqual([404, "CAMPAIGN_NOT_FOUND"]);
  });

  it("the same platform in test, for a test business that is not approved, is untouched", async () => {
    const business = await makeBusiness("test");
    const platform = await createPlatform({ db }, { name: `Platform ${tag()}`, approvedScopes: ALL_SCOPES });
    const { rawKey } = await issueApiKey({ db }, { kind: "platform", environment: "test", platformId: platform.id, scopes: ALL_SCOPES });
    await grantBusiness({ db }, { platformId: platform.id, businessId: business.id, scopes: BUSINESS_SCOPES });
    const made = await call(CREATE_PLATFORM_CAMPAIGN, { headers: idem(platformHeaders(rawKey, business.id)), body: { name: "Spring" } });
    expect(made.status).toBe(201);
    expect(await db.apiKey.findUnique({ where: { hash: hashKey(rawKey) } })).toMatchObject({ environment: "test" });
  });
});

describe("the API document", () => {
  it("lists 403 BUSINESS_NOT_ACTIVATED on every route but the test helpers, and says which business must be approved", () => {
    const doc = inlineResponses(buildOpenApiDocument(registeredRoutes(), "https://coinop.example")) as unknown as {
      paths: Record<string, Record<string, { description: string; responses: Record<string, { "x-error-codes"?: string[] }> }>>;
    };
    const codes = (path: string, method: string) => doc.paths[path][method].responses["403"]?.["x-error-codes"] ?? [];
    expect(codes("/v1/game", "get")).toContain("BUSINESS_NOT_ACTIVATED");
    expect(codes("/v1/platform/campaigns", "post")).toContain("BUSINESS_NOT_ACTIVATED");
    expect(codes("/v1/test-helpers/wallets/fund", "post")).not.toContain("BUSINESS_NOT_ACTIVATED");
    expect(doc.paths["/v1/platform/campaigns"].post.description).toContain("and the target business are approved to go live");
    expect(doc.paths["/v1/platform/business"].get.description).toContain("The target business need not be");
  });
});
