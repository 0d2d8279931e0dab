import { afterEach, describe, expect, it } from "vitest";
import { POST } from "./route";
import { POST as DECLINE } from "../decline/route";
import { POST as INVITE } from "@/app/api/v1/platform/invites/route";
import { POST as REVOKE } from "@/app/api/v1/platform/grants/[grantId]/revoke/route";
import { call } from "@/tests/support/http";
import { idem, makeBusiness, makePlatformTenant, platformEventsOf } from "@/tests/support/platform";
import { getDb } from "@/lib/db/client";
import { setClockOffsetForTests } from "@/lib/core/clock";
import { INVITE_LIFETIME_MS } from "@/lib/platform/create-invite";
import { grantBusiness } from "@/lib/platform/grant-business";

afterEach(() => setClockOffsetForTests(0));

/** A platform whose business granted it access once (revoked), and a new invite to that business. */
const setup = async (opts: { environment?: "test" | "live" } = {}) => {
  const t = await makePlatformTenant({ ...opts, grantScopes: ["item:read"], createdByPlatform: true });
  await call(REVOKE, { headers: { ...t.mgmt, ...idem() }, params: { grantId: t.grant!.id } });
  const invite = (await call(INVITE, { headers: { ...t.mgmt, ...idem() }, body: { businessId: t.business.id, requestedScopes: ["gift:read", "item:update"] } }))
    .body;
  return { ...t, invite };
};

describe("POST /v1/test-helpers/invites/{inviteId}/accept", () => {
  it("acts out the business accepting: a grant with the invite's scopes, and the accepted invite", async () => {
    const { platform, business, mgmt, invite } = await setup();
    const res = await call(POST, { headers: mgmt, params: { inviteId: invite.inviteId } });
    expect(res.status).toBe(200);
    const grant = await getDb().businessGrant.findFirstOrThrow({ where: { platformId: platform.id, businessId: business.id, status: "active" } });
    expect(grant).toMatchObject({ grantedScopes: ["gift:read", "item:update"], source: "invite" });
    expect(res.body).toEqual({ ...invite, status: "accepted", grantId: grant.id, decidedAt: expect.any(String) });
    // the spec sends Platform.Link.Completed for link sessions only
    expect(await platformEventsOf(platform.id)).toEqual([]);
    const twice = await call(POST, { headers: mgmt, params: { inviteId: invite.inviteId } });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe("PLATFORM_INVITE_NOT_PENDING");
  });

  it("410 PLATFORM_INVITE_EXPIRED after 30 days; 409 GRANT_ALREADY_ACTIVE when the business granted access meanwhile", async () => {
    const { platform, business, mgmt, invite } = await setup();
    setClockOffsetForTests(INVITE_LIFETIME_MS + 1000);
    const late = await call(POST, { headers: mgmt, params: { inviteId: invite.inviteId } });
    expect(late.status).toBe(410);
    expect(late.body.code).toBe("PLATFORM_INVITE_EXPIRED");
    setClockOffsetForTests(0);
    await grantBusiness({ db: getDb() }, { platformId: platform.id, businessId: business.id, scopes: ["item:read"] });
    const conflict = await call(POST, { headers: mgmt, params: { inviteId: invite.inviteId } });
    expect(conflict.status).toBe(409);
    expect(conflict.body.code).toBe("GRANT_ALREADY_ACTIVE");
    expect((await getDb().platformInvite.findUniqueOrThrow({ where: { id: invite.inviteId } })).status).toBe("pending");
  });

  it("404 for another platform's invite, and for an invite to a business that never granted this platform access", async () => {
    const { mgmt } = await setup();
    const stranger = await setup();
    const theirs = await call(POST, { headers: mgmt, params: { inviteId: stranger.invite.inviteId } });
    expect(theirs.status).toBe(404);
    expect(theirs.body.code).toBe("PLATFORM_INVITE_NOT_FOUND");
    const unrelated = await makeBusiness();
    const cold = (await call(INVITE, { headers: { ...mgmt, ...idem() }, body: { businessId: unrelated.id, requestedScopes: ["item:read"] } })).body;
    const res = await call(POST, { headers: mgmt, params: { inviteId: cold.inviteId } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("BUSINESS_NOT_FOUND");
    expect(await getDb().platformInvite.count({ where: { id: { in: [stranger.invite.inviteId, cold.inviteId] }, status: "pending" } })).toBe(2);
    expect(await getDb().businessGrant.count({ where: { businessId: unrelated.id } })).toBe(0);
  });

  it("a live key gets 404; 401 without a key", async () => {
    const live = await setup({ environment: "live" });
    const res = await call(POST, { headers: live.mgmt, params: { inviteId: live.invite.inviteId } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("NOT_FOUND");
    expect((await call(POST, { params: { inviteId: live.invite.inviteId } })).status).toBe(401);
    expect((await getDb().platformInvite.findUniqueOrThrow({ where: { id: live.invite.inviteId } })).status).toBe("pending");
  });
});

describe("POST /v1/test-helpers/invites/{inviteId}/decline", () => {
  it("acts out the business declining: no grant; the declined invite; then a new invite can be sent", async () => {
    const { platform, business, mgmt, invite } = await setup();
    const res = await call(DECLINE, { headers: mgmt, params: { inviteId: invite.inviteId } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...invite, status: "declined", decidedAt: expect.any(String) });
    expect(await getDb().businessGrant.count({ where: { platformId: platform.id, status: "active" } })).toBe(0);
    expect((await call(INVITE, { headers: { ...mgmt, ...idem() }, body: { businessId: business.id, requestedScopes: ["item:read"] } })).status).toBe(201);
    expect((await call(DECLINE, { headers: mgmt, params: { inviteId: invite.inviteId } })).status).toBe(409);
  });

  it("404 for another platform's invite; a live key gets 404", async () => {
    const { mgmt } = await setup();
    const stranger = await setup();
    expect((await call(DECLINE, { headers: mgmt, params: { inviteId: stranger.invite.inviteId } })).status).toBe(404);
    const live = await setup({ environment: "live" });
    expect((await call(DECLINE, { headers: live.mgmt, params: { inviteId: live.invite.inviteId } })).status).toBe(404);
    expect(await getDb().platformInvite.count({ where: { id: { in: [stranger.invite.inviteId, live.invite.inviteId] }, status: "pending" } })).toBe(2);
  });
});
