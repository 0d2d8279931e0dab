// The platform console's services against PostgreSQL, as its pages and server actions call them: a business
// registers a platform it owns; gets test and live keys made by the API's own service (raw value once, only
// the hash stored, the key authenticating on /v1/platform/me with exactly the chosen scopes), rotates one with
// a grace period and revokes another; requests scopes (test approved at once, live pending for an operator);
// sees the businesses connected to it with their activation status, its webhook endpoints and deliveries, and
// its own request log. Refusals by role are here; other businesses' attacks in tests/security/28.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getMe } from "@/app/api/v1/platform/me/route";
import { getDb } from "@/lib/db/client";
import { approveScopeRequests } from "@/lib/platform/approve-scope-requests";
import { createPlatform } from "@/lib/platform/create-platform";
import { grantBusiness } from "@/lib/platform/grant-business";
import { MANAGEMENT_SCOPES } from "@/lib/platform/scopes";
import { drainRequestLog, setRequestCapture } from "@/lib/request-log/capture-request";
import { hashKey } from "@/lib/tenants/keys";
import { deliverWebhook } from "@/lib/webhooks/deliver";
import { ownerEmails } from "@/lib/webhooks/owner-emails";
import { TEST_EVENT } from "@/lib/webhooks/send-test-event";
import { verifySignature } from "@/lib/webhooks/sign";
import { call } from "@/tests/support/http";
import { makeBusiness, platformHeaders } from "@/tests/support/platform";
import { as, expectRefusedToReaders, makePortalTenant } from "@/tests/support/portal";
import { approveBusinessForLive } from "@/tests/support/activation";
import { startReceiver, type Receiver } from "@/tests/support/webhook-receiver";
import { createPortalPlatformKey } from "./create-portal-platform-key";
import { createPortalWebhookEndpoint } from "./create-portal-webhook-endpoint";
import { loadPortalPlatform } from "./load-portal-platform";
import { loadPortalPlatformBusinesses } from "./load-portal-platform-businesses";
import { loadPortalPlatformWebhooks } from "./load-portal-platform-webhooks";
import { loadPortalPlatforms } from "./load-portal-platforms";
import { loadRequestDetail } from "./load-request-detail";
import { loadRequestLog } from "./load-request-log";
import { registerPortalPlatform } from "./register-portal-platform";
import { requestPortalPlatformScopes } from "./request-portal-platform-scopes";
import { resendPortalWebhookDelivery } from "./resend-portal-webhook-delivery";
import { revokePortalPlatformKey } from "./revoke-portal-platform-key";
import { rotatePortalPlatformKey } from "./rotate-portal-platform-key";
import { rotatePortalWebhookSecret } from "./rotate-portal-webhook-secret";
import { sendPortalWebhookTest } from "./send-portal-webhook-test";

const db = () => getDb();
let rx: Receiver;
beforeAll(async () => {
  setRequestCapture(true);
  rx = await startReceiver();
});
afterAll(async () => {
  setRequestCapture(undefined);
  await rx.close();
});

/** The portal tenant with a platform its developer registered. */
const tenant = async () => {
  const t = await makePortalTenant();
  const made = await registerPortalPlatform(as(t.developer), { businessId: t.business.id, name: "Acme Connect", description: "Payouts for studios" });
  return { ...t, platformId: made.platformId, ids: { businessId: t.business.id, platformId: made.platformId } };
};

const me = (rawKey: string) => call(getMe, { headers: platformHeaders(rawKey) });
const auditOf = (businessId: string) =>
  db().auditEntry.findMany({
    where: { businessId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { action: true, actorId: true, objectId: true, details: true },
  });

describe("registering a platform", () => {
  it("makes a platform the business owns, with the management scopes approved, listed for its members and audited", async () => {
    const t = await tenant();
    const row = await db().platform.findUniqueOrThrow({ where: { id: t.platformId } });
    expect(row).toMatchObject({ name: "Acme Connect", description: "Payouts for studios", ownerBusinessId: t.business.id, status: "active" });
    expect(row.approvedScopes.sort()).toEqual([...MANAGEMENT_SCOPES].sort());
    expect(row.testApprovedScopes).toEqual([]);

    const list = await loadPortalPlatforms(as(t.viewer), { businessId: t.business.id });
    expect(list.platforms.map((p) => [p.id, p.name, p.keys, p.connected])).toEqual([[t.platformId, "Acme Connect", 0, 0]]);
    // the other business lists only its own (none)
    expect((await loadPortalPlatforms(as(t.stranger), { businessId: t.other.id })).platforms).toEqual([]);

    expect(await auditOf(t.business.id)).toEqual([
      {
        action: "platform.registered",
        actorId: t.developer.email,
        objectId: t.platformId,
        details: { platformId: t.platformId, name: "Acme Connect", description: "Payouts for studios" },
      },
    ]);
  });

  it("refuses an empty or too long name (400 naming the field, nothing made), and roles that only read", async () => {
    const t = await makePortalTenant();
    await expect(registerPortalPlatform(as(t.admin), { businessId: t.business.id, name: "  " })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      status: 400,
      message: expect.stringContaining("name"),
    });
    await expect(registerPortalPlatform(as(t.admin), { businessId: t.business.id, name: "x".repeat(101) })).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    await expectRefusedToReaders(t, { register: (ctx) => registerPortalPlatform(ctx, { businessId: t.business.id, name: "Nope" }) });
    expect(await db().platform.count({ where: { ownerBusinessId: t.business.id } })).toBe(0);
    // the owner and the admin may (developer: above)
    await registerPortalPlatform(as(t.owner), { businessId: t.business.id, name: "Owner's" });
    await registerPortalPlatform(as(t.admin), { businessId: t.business.id, name: "Admin's" });
    expect(await db().platform.count({ where: { ownerBusinessId: t.business.id } })).toBe(2);
  });
});

describe("a platform's keys", () => {
  it("creates a test key with the chosen scopes: raw once, stored hashed, authenticating on /v1/platform/me with exactly those scopes", async () => {
    const t = await tenant();
    const asked = await requestPortalPlatformScopes(as(t.developer), { ...t.ids, environment: "test", scopes: ["campaign:read", "invoice:read"] });
    expect(asked).toMatchObject({ environment: "test", status: "approved", requestedScopes: ["campaign:read", "invoice:read"] });

    const k = await createPortalPlatformKey(as(t.developer), { ...t.ids, environment: "test", label: "backend", scopes: ["platform:read", "campaign:read"] });
    expect(k).toMatchObject({
      environment: "test",
      label: "backend",
      status: "active",
      requestedScopes: ["platform:read", "campaign:read"],
      platformId: t.platformId,
    });
    expect(k.rawKey).toMatch(/^service_platform_test_[0-9a-f]+$/);
    const row = await db().apiKey.findUniqueOrThrow({ where: { id: k.keyId } });
    expect(row).toMatchObject({
      kind: "platform",
      platformId: t.platformId,
      environment: "test",
      hash: hashKey(k.rawKey),
      scopes: ["platform:read", "campaign:read"],
    });
    expect(JSON.stringify(row)).not.toContain(k.rawKey);
    // no request recorded for a key made here: its scopes were all approved already
    expect(await db().platformScopeRequest.count({ where: { platformId: t.platformId } })).toBe(1);

    const res = await me(k.rawKey);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ platformId: t.platformId, name: "Acme Connect" });
    expect(res.body.keyInfo).toEqual({
      keyId: k.keyId,
      environment: "test",
      activeScopes: ["platform:read", "campaign:read"],
      requestedScopes: ["platform:read", "campaign:read"],
    });

    // the page lists it by prefix, never the raw key; the audit entry names the prefix
    const page = await loadPortalPlatform(as(t.viewer), { ...t.ids, environment: "test" });
    expect(page.keys.map((x) => [x.keyId, x.prefix, x.label, x.status])).toEqual([[k.keyId, k.prefix, "backend", "active"]]);
    expect(JSON.stringify(page)).not.toContain(k.rawKey);
    const audit = await auditOf(t.business.id);
    expect(audit.at(-1)).toEqual({
      action: "platform_key.created",
      actorId: t.developer.email,
      objectId: k.keyId,
      details: { platformId: t.platformId, prefix: k.prefix, label: "backend", scopes: ["platform:read", "campaign:read"] },
    });
    expect(JSON.stringify(audit)).not.toContain(k.rawKey);
    // live keys of the platform are another list
    expect((await loadPortalPlatform(as(t.viewer), { ...t.ids, environment: "live" })).keys).toEqual([]);
  });

  it("rotates with a grace period (both keys work until it ends, then the old one gets 401) and revokes after a confirmation", async () => {
    const t = await tenant();
    const k = await createPortalPlatformKey(as(t.developer), { ...t.ids, environment: "test", label: "rotating", scopes: ["platform:read"] });
    const before = Date.now();
    const r = await rotatePortalPlatformKey(as(t.developer), { ...t.ids, keyId: k.keyId, gracePeriodDays: "3" });
    expect(r).toMatchObject({ oldKeyId: k.keyId, gracePeriodDays: 3, label: "rotating", requestedScopes: ["platform:read"] });
    expect(r.rawKey).not.toBe(k.rawKey);
    const old = await db().apiKey.findUniqueOrThrow({ where: { id: k.keyId } });
    expect(old.replacedByKeyId).toBe(r.keyId);
    expect(old.expiresAt!.getTime()).toBeGreaterThanOrEqual(before + 3 * 86_400_000 - 1000);
    expect(old.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now() + 3 * 86_400_000 + 1000);
    expect((await me(k.rawKey)).status).toBe(200);
    expect((await me(r.rawKey)).status).toBe(200);
    // rotating the old key again is the API's refusal
    await expect(rotatePortalPlatformKey(as(t.developer), { ...t.ids, keyId: k.keyId })).rejects.toMatchObject({ code: "API_KEY_ALREADY_ROTATED" });
    // a bad grace period: 400 naming it
    await expect(rotatePortalPlatformKey(as(t.developer), { ...t.ids, keyId: r.keyId, gracePeriodDays: "31" })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      message: expect.stringContaining("gracePeriodDays"),
    });
    // the grace period ends
    await db().apiKey.update({ where: { id: k.keyId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await me(k.rawKey)).status).toBe(401);
    expect((await me(r.rawKey)).status).toBe(200);

    // revoke: not without the confirmation
    await expect(revokePortalPlatformKey(as(t.developer), { ...t.ids, keyId: r.keyId, confirm: "" })).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    expect((await me(r.rawKey)).status).toBe(200);
    expect(await revokePortalPlatformKey(as(t.developer), { ...t.ids, keyId: r.keyId, confirm: "revoke" })).toMatchObject({ keyId: r.keyId });
    expect((await me(r.rawKey)).status).toBe(401);
    await expect(revokePortalPlatformKey(as(t.developer), { ...t.ids, keyId: r.keyId, confirm: "revoke" })).rejects.toMatchObject({ code: "API_KEY_REVOKED" });
    const actions = (await auditOf(t.business.id)).map((a) => a.action);
    expect(actions).toEqual(["platform.registered", "platform_key.created", "platform_key.rotated", "platform_key.revoked"]);
  });

  it("gives a key only scopes the platform is approved for in its environment; readers cannot create, rotate or revoke", async () => {
    const t = await tenant();
    await requestPortalPlatformScopes(as(t.developer), { ...t.ids, environment: "test", scopes: ["campaign:read"] });
    // approved for test keys only: a live key cannot have it
    await expect(
      createPortalPlatformKey(as(t.developer), { ...t.ids, environment: "live", label: "live", scopes: ["platform:read", "campaign:read"] }),
    ).rejects.toMatchObject({ code: "SCOPE_NOT_APPROVED", status: 403, message: expect.stringContaining("campaign:read") });
    // never requested
    await expect(createPortalPlatformKey(as(t.developer), { ...t.ids, environment: "test", label: "x", scopes: ["invoice:create"] })).rejects.toMatchObject({
      code: "SCOPE_NOT_APPROVED",
    });
    // not a scope, no scope, a bad environment: 400
    await expect(createPortalPlatformKey(as(t.developer), { ...t.ids, environment: "test", label: "x", scopes: ["root"] })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      message: expect.stringContaining("requestedScopes"),
    });
    await expect(createPortalPlatformKey(as(t.developer), { ...t.ids, environment: "test", label: "x", scopes: [] })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
    });
    await expect(createPortalPlatformKey(as(t.developer), { ...t.ids, environment: "prod", label: "x", scopes: ["platform:read"] })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      message: expect.stringContaining("environment"),
    });
    expect(await db().apiKey.count({ where: { platformId: t.platformId } })).toBe(0);

    // a live key with the management scopes (always approved) is fine, once the business may go live
    // (before, 403 BUSINESS_NOT_ACTIVATED: tests/security/28-live-gate.test.ts)
    await approveBusinessForLive(t.business.id);
    const live = await createPortalPlatformKey(as(t.admin), { ...t.ids, environment: "live", label: "live", scopes: ["platform:read"] });
    expect(live.rawKey).toMatch(/^service_platform_live_/);

    await expectRefusedToReaders(t, {
      create: (ctx) => createPortalPlatformKey(ctx, { ...t.ids, environment: "test", label: "x", scopes: ["platform:read"] }),
      rotate: (ctx) => rotatePortalPlatformKey(ctx, { ...t.ids, keyId: live.keyId }),
      revoke: (ctx) => revokePortalPlatformKey(ctx, { ...t.ids, keyId: live.keyId, confirm: "revoke" }),
      request: (ctx) => requestPortalPlatformScopes(ctx, { ...t.ids, environment: "test", scopes: ["invoice:read"] }),
    });
    expect(await db().apiKey.count({ where: { platformId: t.platformId } })).toBe(1);
    expect((await db().apiKey.findUniqueOrThrow({ where: { id: live.keyId } })).revokedAt).toBeNull();
  });
});

describe("scope requests", () => {
  it("approves test requests at once; live ones stay pending until an operator approves them, and the page says which", async () => {
    const t = await tenant();
    await approveBusinessForLive(t.business.id); // its live keys need it (tests/security/28-live-gate.test.ts)
    const live = await requestPortalPlatformScopes(as(t.developer), { ...t.ids, environment: "live", scopes: ["invoice:read", "invoice:create"] });
    expect(live).toMatchObject({ environment: "live", status: "pending", platform: { pendingScopes: ["invoice:read", "invoice:create"] } });
    const test = await requestPortalPlatformScopes(as(t.developer), { ...t.ids, environment: "test", scopes: ["gift:read"] });
    expect(test.status).toBe("approved");

    const row = await db().platform.findUniqueOrThrow({ where: { id: t.platformId } });
    expect(row.pendingScopes).toEqual(["invoice:read", "invoice:create"]);
    expect(row.approvedScopes).not.toContain("invoice:read");
    expect(row.testApprovedScopes).toEqual(["gift:read"]);

    const page = await loadPortalPlatform(as(t.viewer), { ...t.ids, environment: "live" });
    expect(page.scopes.pending).toEqual(["invoice:read", "invoice:create"]);
    expect(page.scopes.testApproved).toEqual(["gift:read"]);
    expect(page.scopes.grantable.sort()).toEqual([...MANAGEMENT_SCOPES].sort());
    // pending ones are not offered again in live
    expect(page.scopes.requestable).not.toContain("invoice:read");
    expect(page.scopes.requestable).toContain("gift:read");
    expect(page.requests.map((r) => [r.id, r.environment, r.scopes, r.status])).toEqual([
      [test.requestId, "test", ["gift:read"], "approved"],
      [live.requestId, "live", ["invoice:read", "invoice:create"], "pending"],
    ]);
    await expect(createPortalPlatformKey(as(t.developer), { ...t.ids, environment: "live", label: "x", scopes: ["invoice:read"] })).rejects.toMatchObject({
      code: "SCOPE_NOT_APPROVED",
    });

    // the operator approves (H1's console calls the same service); the note shows on the page
    await approveScopeRequests({ db: db() }, { platformId: t.platformId });
    await db().platformScopeRequest.update({ where: { id: live.requestId }, data: { decidedBy: "ops@coinop.test", note: "Invoices reviewed." } });
    const after = await loadPortalPlatform(as(t.viewer), { ...t.ids, environment: "live" });
    expect(after.scopes.pending).toEqual([]);
    expect(after.requests.find((r) => r.id === live.requestId)).toMatchObject({ status: "approved", decidedBy: "ops@coinop.test", note: "Invoices reviewed." });
    const k = await createPortalPlatformKey(as(t.developer), { ...t.ids, environment: "live", label: "x", scopes: ["platform:read", "invoice:read"] });
    expect(k.status).toBe("active");
    expect((await auditOf(t.business.id)).filter((a) => a.action === "platform_scopes.requested").map((a) => a.details)).toEqual([
      { platformId: t.platformId, scopes: ["invoice:read", "invoice:create"], status: "pending" },
      { platformId: t.platformId, scopes: ["gift:read"], status: "approved" },
    ]);
  });
});

describe("connected businesses and the request log", () => {
  it("lists the businesses that granted the platform, with their grants and activation status", async () => {
    const t = await tenant();
    const a = await makeBusiness("test");
    const b = await makeBusiness("test");
    const livebiz = await makeBusiness("live", { activated: false });
    await db().business.update({ where: { id: a.id }, data: { kybStatus: "pending" } });
    await db().business.update({ where: { id: b.id }, data: { kybStatus: "action_required" } });
    const ga = await grantBusiness({ db: db() }, { platformId: t.platformId, businessId: a.id, scopes: ["campaign:read"], source: "invite" });
    const gb = await grantBusiness(
      { db: db() },
      { platformId: t.platformId, businessId: b.id, scopes: ["invoice:read", "invoice:create"], source: "link_session" },
    );
    await grantBusiness({ db: db() }, { platformId: t.platformId, businessId: livebiz.id, scopes: ["campaign:read"] });
    await db().businessGrant.update({ where: { id: ga.id }, data: { lastUsedAt: new Date("2026-11-20T10:00:00Z") } });

    const page = await loadPortalPlatformBusinesses(as(t.viewer), { ...t.ids, environment: "test" });
    expect(page.grants.map((g) => [g.grantId, g.businessId, g.businessName, g.grantedScopes, g.status, g.source, g.lastUsedAt, g.activation])).toEqual([
      [gb.id, b.id, b.name, ["invoice:read", "invoice:create"], "active", "link_session", null, "action_required"],
      [ga.id, a.id, a.name, ["campaign:read"], "active", "invite", "2026-11-20T10:00:00.000Z", "pending"],
    ]);
    expect((await loadPortalPlatformBusinesses(as(t.viewer), { ...t.ids, environment: "live" })).grants.map((g) => [g.businessId, g.activation])).toEqual([
      [livebiz.id, "not_started"],
    ]);
    await expect(loadPortalPlatformBusinesses(as(t.finance), { ...t.ids, environment: "test" })).rejects.toMatchObject({ code: "PORTAL_ROLE_REQUIRED" });
  });

  it("shows the platform's own calls in its request log, not in the business's, and not another platform's", async () => {
    const t = await tenant();
    const k = await createPortalPlatformKey(as(t.developer), { ...t.ids, environment: "test", label: "logged", scopes: ["platform:read"] });
    const other = await registerPortalPlatform(as(t.developer), { businessId: t.business.id, name: "Other" });
    const ko = await createPortalPlatformKey(as(t.developer), {
      businessId: t.business.id,
      platformId: other.platformId,
      environment: "test",
      label: "o",
      scopes: ["platform:read"],
    });
    const res = await call(getMe, { headers: { ...platformHeaders(k.rawKey), "x-request-id": `pc-${k.keyId}` } });
    expect(res.status).toBe(200);
    expect((await me(ko.rawKey)).status).toBe(200);
    await drainRequestLog();

    const log = await loadRequestLog(as(t.viewer), { ...t.ids, environment: "test", filters: {} });
    expect(log.rows.map((r) => [r.method, r.path, r.status, r.apiKeyId])).toEqual([["GET", "/api/v1/platform/me", 200, k.keyId]]);
    expect(log.keys.map((x) => [x.keyId, x.prefix, x.kind])).toEqual([[k.keyId, k.prefix, "platform"]]);
    expect((await loadRequestLog(as(t.viewer), { ...t.ids, environment: "live", filters: {} })).rows).toEqual([]);
    // the business's own log has none of them (a platform's call names no business)
    expect((await loadRequestLog(as(t.viewer), { businessId: t.business.id, environment: "test", filters: {} })).rows).toEqual([]);

    const detail = await loadRequestDetail(as(t.viewer), { ...t.ids, requestId: `pc-${k.keyId}` });
    expect(detail.request).toMatchObject({ requestId: `pc-${k.keyId}`, platformId: t.platformId, status: 200 });
    expect(detail.key).toMatchObject({ id: k.keyId, kind: "platform" });
    // the request of another platform is not this one's
    const theirs = await db().requestLog.findFirstOrThrow({ where: { apiKeyId: ko.keyId } });
    expect((await loadRequestDetail(as(t.viewer), { ...t.ids, requestId: theirs.requestId })).request).toBeNull();
    await expect(loadRequestLog(as(t.finance), { ...t.ids, environment: "test", filters: {} })).rejects.toMatchObject({ code: "PORTAL_ROLE_REQUIRED" });
  });
});

describe("a platform's webhooks", () => {
  it("adds an endpoint with a filter, sends it a test event, shows the delivery, resends it, rotates the secret; audited with the platform", async () => {
    const t = await tenant();
    const made = await createPortalWebhookEndpoint(as(t.developer), {
      ...t.ids,
      url: rx.url,
      eventTypes: "Platform.Link.Completed, Platform.Gifts.Funded",
      description: "ops",
    });
    expect(made).toMatchObject({ eventTypes: ["Platform.Gifts.Funded", "Platform.Link.Completed"], secret: expect.stringMatching(/^whsec_/) });
    const ep = await db().webhookEndpoint.findUniqueOrThrow({ where: { id: made.endpointId } });
    expect(ep).toMatchObject({ ownerType: "platform", ownerId: t.platformId });

    const sent = await sendPortalWebhookTest(as(t.developer), { ...t.ids, endpointId: made.endpointId });
    expect(await deliverWebhook(db(), sent.deliveryId)).toBe("succeeded");
    const got = rx.forEvent(sent.eventId);
    expect(got).toHaveLength(1);
    expect(verifySignature(got[0].rawBody, made.secret, got[0].headers["x-service-signature"] as string)).toBe(true);

    const page = await loadPortalPlatformWebhooks(as(t.viewer), t.ids);
    expect(page.endpoints.map((e) => [e.primary, e.url, e.eventTypes])).toEqual([
      [true, null, []],
      [false, rx.url, ["Platform.Gifts.Funded", "Platform.Link.Completed"]],
    ]);
    expect(page.log!.deliveries.map((d) => [d.id, d.event, d.status, d.endpointId])).toEqual([[sent.deliveryId, TEST_EVENT, "succeeded", made.endpointId]]);
    expect(page.eventNames).toContain("Platform.Link.Completed");
    expect(JSON.stringify(page)).not.toContain(made.secret);

    const again = await resendPortalWebhookDelivery(as(t.developer), { ...t.ids, deliveryId: sent.deliveryId });
    expect(again.eventId).toBe(sent.eventId);
    const rotated = await rotatePortalWebhookSecret(as(t.developer), { ...t.ids, endpointId: made.endpointId });
    expect(rotated.secret).not.toBe(made.secret);

    const audit = (await auditOf(t.business.id)).filter((a) => a.action.startsWith("webhook"));
    expect(audit.map((a) => [a.action, (a.details as { platformId?: string }).platformId])).toEqual([
      ["webhook_endpoint.created", t.platformId],
      ["webhook_endpoint.test_sent", t.platformId],
      ["webhook_delivery.resent", t.platformId],
      ["webhook_endpoint.secret_rotated", t.platformId],
    ]);
    expect(JSON.stringify(audit)).not.toContain(made.secret);
    expect(JSON.stringify(audit)).not.toContain(rotated.secret);
    await expectRefusedToReaders(t, { send: (ctx) => sendPortalWebhookTest(ctx, { ...t.ids, endpointId: made.endpointId }) });
  });

  it("tells the owners of the business that registered the platform about a failing endpoint (a platform made elsewhere: nobody)", async () => {
    const t = await tenant();
    expect(await ownerEmails({ db: db() }, { owner: { type: "platform", id: t.platformId } })).toEqual([t.owner.email.toLowerCase()]);
    const loose = await createPlatform({ db: db() }, { name: "Loose" });
    expect(await ownerEmails({ db: db() }, { owner: { type: "platform", id: loose.id } })).toEqual([]);
  });
});
