import { afterEach, describe, expect, it } from "vitest";
import { GET, POST } from "./route";
import { POST as CANCEL } from "./[inviteId]/cancel/route";
import { call } from "@/tests/support/http";
import { idem, makeBusiness, makePlatformTenant } from "@/tests/support/platform";
import { getDb } from "@/lib/db/client";
import { setClockOffsetForTests } from "@/lib/core/clock";
import { INVITE_LIFETIME_MS } from "@/lib/platform/create-invite";
import { inTransaction } from "@/lib/db/transaction";
import { decideInvite } from "@/lib/platform/decide-invite";

afterEach(() => setClockOffsetForTests(0));

const invite = (headers: Record<string, string>, businessId: string, requestedScopes = ["item:read", "campaign:read"]) =>
  call(POST, { headers: { ...headers, ...idem() }, body: { businessId, requestedScopes } });

describe("POST /v1/platform/invites", () => {
  it("invites a business of the key's environment: 201 with the pending invite, expiring in 30 days", async () => {
    const { platform, mgmt } = await makePlatformTenant({ grantScopes: null });
    const business = await makeBusiness();
    const before = Date.now();
    const res = await invite(mgmt, business.id);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      inviteId: res.body._id,
      platformId: platform.id,
      businessId: business.id,
      requestedScopes: ["item:read", "campaign:read"],
      status: "pending",
      grantId: null,
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      decidedAt: null,
    });
    const lifetime = Date.parse(res.body.expiresAt) - Date.parse(res.body.createdAt);
    expect(lifetime).toBe(INVITE_LIFETIME_MS);
    expect(Date.parse(res.body.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(await getDb().platformInvite.findUniqueOrThrow({ where: { id: res.body.inviteId } })).toMatchObject({ environment: "test", status: "pending" });
  });

  it("404 BUSINESS_NOT_FOUND for an unknown business or one of the other environment; nothing is created", async () => {
    const { platform, mgmt } = await makePlatformTenant({ grantScopes: null });
    const live = await makeBusiness("live");
    for (const businessId of ["000000000000000000000000", live.id]) {
      const res = await invite(mgmt, businessId);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("BUSINESS_NOT_FOUND");
    }
    expect(await getDb().platformInvite.count({ where: { platformId: platform.id } })).toBe(0);
  });

  it("409 GRANT_ALREADY_ACTIVE while the business has granted access, 409 PLATFORM_INVITE_PENDING while an invite waits", async () => {
    const { business, mgmt } = await makePlatformTenant();
    const granted = await invite(mgmt, business.id);
    expect(granted.status).toBe(409);
    expect(granted.body.code).toBe("GRANT_ALREADY_ACTIVE");
    const other = await makeBusiness();
    const first = await invite(mgmt, other.id);
    const second = await invite(mgmt, other.id, ["gift:read"]);
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: "PLATFORM_INVITE_PENDING", error: expect.stringContaining(first.body.inviteId) });
    // after a cancellation, or once the pending invite has expired, a new one can be sent
    await call(CANCEL, { headers: { ...mgmt, ...idem() }, params: { inviteId: first.body.inviteId } });
    const third = await invite(mgmt, other.id, ["gift:read"]);
    expect(third.status).toBe(201);
    setClockOffsetForTests(INVITE_LIFETIME_MS + 1000);
    expect((await invite(mgmt, other.id, ["gift:create"])).status).toBe(201);
  });

  it("400 for bad bodies: unknown or management scopes, no scopes, no business; nothing is created", async () => {
    const { platform, mgmt } = await makePlatformTenant({ grantScopes: null });
    const business = await makeBusiness();
    for (const [body, field] of [
      [{ businessId: business.id, requestedScopes: ["platform:read"] }, "requestedScopes.0"],
      [{ businessId: business.id, requestedScopes: ["item:destroy"] }, "requestedScopes.0"],
      [{ businessId: business.id, requestedScopes: [] }, "requestedScopes"],
      [{ businessId: business.id }, "requestedScopes"],
      [{ requestedScopes: ["item:read"] }, "businessId"],
      [{ businessId: "", requestedScopes: ["item:read"] }, "businessId"],
    ] as const) {
      const res = await call(POST, { headers: { ...mgmt, ...idem() }, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect(await getDb().platformInvite.count({ where: { platformId: platform.id } })).toBe(0);
  });

  it("a replay answers the same invite (one exists); another body with the key is 422", async () => {
    const { platform, mgmt } = await makePlatformTenant({ grantScopes: null });
    const business = await makeBusiness();
    const headers = { ...mgmt, ...idem() };
    const body = { businessId: business.id, requestedScopes: ["item:read"] };
    const first = await call(POST, { headers, body });
    const again = await call(POST, { headers, body });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await getDb().platformInvite.count({ where: { platformId: platform.id } })).toBe(1);
    expect((await call(POST, { headers, body: { ...body, requestedScopes: ["gift:read"] } })).body.code).toBe("IDEMPOTENCY_KEY_REUSED");
  });

  it("401 without a key; 403 naming platform.invite:manage and the set that lacks it", async () => {
    const business = await makeBusiness();
    expect((await call(POST, { headers: idem(), body: { businessId: business.id, requestedScopes: ["item:read"] } })).status).toBe(401);
    const a = await makePlatformTenant({ approvedScopes: ["platform:read"] });
    const ra = await invite(a.mgmt, business.id);
    expect(ra.status).toBe(403);
    expect(ra.body.details).toEqual([{ field: "platform.approvedScopes", message: expect.stringContaining("platform.invite:manage") }]);
    const b = await makePlatformTenant({ keyScopes: ["platform:read"] });
    expect((await invite(b.mgmt, business.id)).body.details).toEqual([
      { field: "key.requestedScopes", message: expect.stringContaining("platform.invite:manage") },
    ]);
    expect(await getDb().platformInvite.count({ where: { businessId: business.id } })).toBe(0);
  });
});

describe("GET /v1/platform/invites", () => {
  it("lists every invite of the platform in the key's environment, all statuses, newest first", async () => {
    const { platform, mgmt } = await makePlatformTenant({ grantScopes: null });
    const [b1, b2, b3, b4] = await Promise.all([makeBusiness(), makeBusiness(), makeBusiness(), makeBusiness()]);
    const accepted = (await invite(mgmt, b1.id)).body;
    await inTransaction(getDb(), (tx) => decideInvite({ db: tx }, { inviteId: accepted.inviteId, decision: "accept", playerId: null }));
    const declined = (await invite(mgmt, b2.id)).body;
    await inTransaction(getDb(), (tx) => decideInvite({ db: tx }, { inviteId: declined.inviteId, decision: "decline", playerId: null }));
    const cancelled = (await invite(mgmt, b3.id)).body;
    await call(CANCEL, { headers: { ...mgmt, ...idem() }, params: { inviteId: cancelled.inviteId } });
    const pending = (await invite(mgmt, b4.id)).body;
    const stranger = await makePlatformTenant({ grantScopes: null });
    await invite(stranger.mgmt, b4.id);

    const res = await call(GET, { headers: mgmt });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(4);
    expect(res.body.invites.map((i: { inviteId: string; status: string }) => [i.inviteId, i.status])).toEqual([
      [pending.inviteId, "pending"],
      [cancelled.inviteId, "cancelled"],
      [declined.inviteId, "declined"],
      [accepted.inviteId, "accepted"],
    ]);
    const grant = await getDb().businessGrant.findFirstOrThrow({ where: { platformId: platform.id, businessId: b1.id } });
    expect(res.body.invites[3]).toMatchObject({ grantId: grant.id, decidedAt: expect.any(String) });
    expect(grant).toMatchObject({ grantedScopes: ["item:read", "campaign:read"], source: "invite", status: "active" });

    setClockOffsetForTests(INVITE_LIFETIME_MS + 1000);
    expect((await call(GET, { headers: mgmt })).body.invites[0]).toMatchObject({ inviteId: pending.inviteId, status: "expired" });
  });

  it("401 without a key; 403 without platform.invite:manage", async () => {
    expect((await call(GET, {})).status).toBe(401);
    const b = await makePlatformTenant({ keyScopes: ["platform:read"] });
    expect((await call(GET, { headers: b.mgmt })).status).toBe(403);
  });
});
