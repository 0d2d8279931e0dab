import { describe, expect, it } from "vitest";
import { decideConnectSession } from "./decide-connect-session.ts";
import { getDb } from "../db/client.ts";
import { call } from "../../tests/support/http.ts";
import { makeBusiness, makeBusinessAdmin, makePlatformTenant, platformEventsOf } from "../../tests/support/platform.ts";
import { POST as CREATE } from "../../app/api/v1/platform/link-sessions/route.ts";

const session = async () => {
  const t = await makePlatformTenant({ grantScopes: null });
  const s = (await call(CREATE, { headers: t.mgmt, body: { scopes: ["item:read", "gift:read"], metadata: { onboarding: 7 } } })).body;
  return { ...t, sessionKey: s.sessionKey as string };
};

describe("decideConnectSession (the hosted connect page's form)", () => {
  it("an admin approves for their business: the grant, the approved session, Platform.Link.Completed", async () => {
    const { platform, business, sessionKey } = await session();
    const admin = await makeBusinessAdmin(business.id);
    const out = await decideConnectSession({ db: getDb(), player: admin }, { sessionKey, businessId: business.id, decision: "approve" });
    expect(out).toMatchObject({ state: "approved", businessId: business.id, decidedByPlayerId: admin.playerId });
    const grant = await getDb().businessGrant.findUniqueOrThrow({ where: { id: out.grantId! } });
    expect(grant).toMatchObject({
      platformId: platform.id,
      businessId: business.id,
      grantedScopes: ["item:read", "gift:read"],
      status: "active",
      source: "link_session",
    });
    expect(await platformEventsOf(platform.id)).toEqual([
      {
        event: "Platform.Link.Completed",
        objectType: "platform_link_session",
        data: { businessId: business.id, grantId: grant.id, sessionKey, scopes: ["item:read", "gift:read"], metadata: { onboarding: 7 } },
      },
    ]);
  });

  it("an owner declines: no grant, Platform.Link.Declined", async () => {
    const { platform, business, sessionKey } = await session();
    const owner = await makeBusinessAdmin(business.id, { roles: [], isOwner: true });
    const out = await decideConnectSession({ db: getDb(), player: owner }, { sessionKey, businessId: business.id, decision: "decline" });
    expect(out).toMatchObject({ state: "declined", businessId: business.id, grantId: null });
    expect(await getDb().businessGrant.count({ where: { platformId: platform.id } })).toBe(0);
    expect((await platformEventsOf(platform.id)).map((e) => e.event)).toEqual(["Platform.Link.Declined"]);
  });

  it("refuses nobody signed in (401), a member without the admin role, and a business the player does not administer (404)", async () => {
    const { platform, business, sessionKey } = await session();
    const other = await makeBusiness();
    const otherAdmin = await makeBusinessAdmin(other.id);
    const viewer = await makeBusinessAdmin(business.id, { roles: ["viewer"] });
    await expect(decideConnectSession({ db: getDb(), player: null }, { sessionKey, businessId: business.id, decision: "approve" })).rejects.toMatchObject({
      code: "ADMIN_SIGN_IN_REQUIRED",
      status: 401,
    });
    for (const player of [viewer, otherAdmin])
      await expect(decideConnectSession({ db: getDb(), player }, { sessionKey, businessId: business.id, decision: "approve" })).rejects.toMatchObject({
        code: "BUSINESS_NOT_FOUND",
        status: 404,
      });
    await expect(
      decideConnectSession({ db: getDb(), player: otherAdmin }, { sessionKey: "pls_test_nope", businessId: other.id, decision: "approve" }),
    ).rejects.toMatchObject({
      code: "PLATFORM_LINK_SESSION_NOT_FOUND",
    });
    expect((await getDb().platformLinkSession.findUniqueOrThrow({ where: { sessionKey } })).state).toBe("pending");
    expect(await platformEventsOf(platform.id)).toEqual([]);
  });

  it("an unverified player whose email is an admin member is not an admin", async () => {
    const { business, sessionKey } = await session();
    const admin = await makeBusinessAdmin(business.id);
    await getDb().player.update({ where: { id: admin.playerId }, data: { emailVerifiedAt: null } });
    await expect(decideConnectSession({ db: getDb(), player: admin }, { sessionKey, businessId: business.id, decision: "approve" })).rejects.toMatchObject({
      code: "BUSINESS_NOT_FOUND",
    });
  });

  it("a live session cannot be approved for a test business (404), and a decided session is 409", async () => {
    const live = await makePlatformTenant({ environment: "live", grantScopes: null });
    const liveSession = (await call(CREATE, { headers: live.mgmt, body: { scopes: ["item:read"] } })).body.sessionKey as string;
    const testBusiness = await makeBusiness();
    const admin = await makeBusinessAdmin(testBusiness.id);
    await expect(
      decideConnectSession({ db: getDb(), player: admin }, { sessionKey: liveSession, businessId: testBusiness.id, decision: "approve" }),
    ).rejects.toMatchObject({
      code: "BUSINESS_NOT_FOUND",
    });
    const { business, sessionKey } = await session();
    const a = await makeBusinessAdmin(business.id);
    await decideConnectSession({ db: getDb(), player: a }, { sessionKey, businessId: business.id, decision: "decline" });
    await expect(decideConnectSession({ db: getDb(), player: a }, { sessionKey, businessId: business.id, decision: "approve" })).rejects.toMatchObject({
      code: "PLATFORM_LINK_SESSION_NOT_PENDING",
    });
  });

  it("approving one session several times at once: one grant, one webhook", async () => {
    const { platform, sessionKey, business } = await session();
    const admin = await makeBusinessAdmin(business.id);
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => decideConnectSession({ db: getDb(), player: admin }, { sessionKey, businessId: business.id, decision: "approve" })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await getDb().businessGrant.count({ where: { platformId: platform.id, status: "active" } })).toBe(1);
    expect((await platformEventsOf(platform.id)).map((e) => e.event)).toEqual(["Platform.Link.Completed"]);
  });
});
