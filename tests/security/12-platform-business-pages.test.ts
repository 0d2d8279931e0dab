// The hosted business pages (app/business/**), written as the attacks: who may see a business's connected
// platforms and invites, who may answer for a business, and what a stranger holding a page's URL learns.
// Rule: only a signed-in player whose verified email is an admin (or owner) member of the business sees or
// changes anything of it; a platform link session URL shows the platform and its scopes, nothing else.
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { call } from "@/tests/support/http";
import { idem, makeBusiness, makeBusinessAdmin, makePlatformTenant } from "@/tests/support/platform";
import { makePlayer } from "@/tests/support/players";
import { POST as CREATE_SESSION } from "@/app/api/v1/platform/link-sessions/route";
import { POST as INVITE } from "@/app/api/v1/platform/invites/route";
import { decideConnectSession } from "@/lib/platform/decide-connect-session";
import { decideBusinessInvite } from "@/lib/platform/decide-business-invite";
import { revokeBusinessGrant } from "@/lib/platform/revoke-business-grant";
import { listAdminBusinesses, loadBusinessHome, loadConnectedPlatforms, loadConnectPage, loadInvitePage } from "@/lib/platform/load-business-pages";
import { addBusinessMember } from "@/lib/tenants/add-business-member";

const db = getDb();
const player = async () => {
  const p = await makePlayer();
  return { playerId: p.id, email: p.email };
};

describe("Connected platforms: only the business's admins see or revoke", () => {
  it("a signed-in stranger, a member without the admin role and an unverified admin email see nothing and revoke nothing", async () => {
    const { business, grant } = await makePlatformTenant();
    const admin = await makeBusinessAdmin(business.id);
    const stranger = await player();
    const viewer = await makeBusinessAdmin(business.id, { roles: ["viewer"] });
    const unverified = await makeBusinessAdmin(business.id);
    await db.player.update({ where: { id: unverified.playerId }, data: { emailVerifiedAt: null } });

    const seen = await loadConnectedPlatforms({ db }, { businessId: business.id, player: admin });
    expect(seen?.grants.map((g) => g.grantId)).toEqual([grant!.id]);
    for (const p of [stranger, viewer, unverified]) {
      expect(await loadConnectedPlatforms({ db }, { businessId: business.id, player: p })).toBeNull();
      expect(await listAdminBusinesses({ db }, p)).toEqual([]);
      await expect(revokeBusinessGrant({ db, player: p }, { businessId: business.id, grantId: grant!.id })).rejects.toMatchObject({ status: 404 });
    }
    await expect(revokeBusinessGrant({ db, player: null }, { businessId: business.id, grantId: grant!.id })).rejects.toMatchObject({ status: 401 });
    expect((await db.businessGrant.findUniqueOrThrow({ where: { id: grant!.id } })).status).toBe("active");
  });

  it("an admin of one business cannot reach another's grants through its own page (forged grant id) nor through the other's", async () => {
    const mine = await makePlatformTenant();
    const theirs = await makePlatformTenant();
    const admin = await makeBusinessAdmin(mine.business.id);
    expect(await loadConnectedPlatforms({ db }, { businessId: theirs.business.id, player: admin })).toBeNull();
    await expect(revokeBusinessGrant({ db, player: admin }, { businessId: mine.business.id, grantId: theirs.grant!.id })).rejects.toMatchObject({
      code: "GRANT_NOT_FOUND",
    });
    await expect(revokeBusinessGrant({ db, player: admin }, { businessId: theirs.business.id, grantId: theirs.grant!.id })).rejects.toMatchObject({
      code: "BUSINESS_NOT_FOUND",
    });
    // the revoke notice names only a revoked grant of the page's own business
    const page = await loadConnectedPlatforms({ db }, { businessId: mine.business.id, player: admin, revokedGrantId: theirs.grant!.id });
    expect(page?.revokedPlatform).toBeNull();
    expect((await db.businessGrant.findUniqueOrThrow({ where: { id: theirs.grant!.id } })).status).toBe("active");
  });

  it("a member whose email differs in case is matched; a placeholder member claimed by playerId is matched", async () => {
    const { business } = await makePlatformTenant();
    const p = await makePlayer({ email: `mixed-${Date.now()}@example.com` });
    await addBusinessMember({ db }, { businessId: business.id, email: p.email.toUpperCase(), roles: ["admin"] });
    expect(await listAdminBusinesses({ db }, { playerId: p.id, email: p.email })).toEqual([expect.objectContaining({ id: business.id })]);
    const claimed = await makeBusiness();
    const member = await addBusinessMember({ db }, { businessId: claimed.id, email: `old-${Date.now()}@example.com`, roles: ["admin"] });
    await db.businessMember.update({ where: { id: member.id }, data: { playerId: p.id } });
    expect((await listAdminBusinesses({ db }, { playerId: p.id, email: p.email })).map((b) => b.id).sort()).toEqual([business.id, claimed.id].sort());
  });
});

describe("platform link session URLs", () => {
  it("a stranger holding the URL sees the platform and its scopes, and no business; they cannot answer for any business", async () => {
    const t = await makePlatformTenant({ grantScopes: null });
    const s = (await call(CREATE_SESSION, { headers: t.mgmt, body: { scopes: ["gift:create"], metadata: { secret: "not shown" } } })).body;
    const anonymous = await loadConnectPage({ db }, { sessionKey: s.sessionKey, player: null });
    expect(anonymous).toMatchObject({ status: "pending", platform: { id: t.platform.id, name: t.platform.name }, businesses: [], decidedBusiness: null });
    expect(JSON.stringify(anonymous)).not.toContain("not shown");
    const stranger = await player();
    expect((await loadConnectPage({ db }, { sessionKey: s.sessionKey, player: stranger }))?.businesses).toEqual([]);
    const victim = await makeBusiness();
    await expect(
      decideConnectSession({ db, player: stranger }, { sessionKey: s.sessionKey, businessId: victim.id, decision: "approve" }),
    ).rejects.toMatchObject({
      code: "BUSINESS_NOT_FOUND",
    });
    expect(await db.businessGrant.count({ where: { businessId: victim.id } })).toBe(0);
  });

  it("after an answer, only an admin of the business that answered sees which business it was", async () => {
    const t = await makePlatformTenant({ grantScopes: null });
    const business = await makeBusiness();
    const admin = await makeBusinessAdmin(business.id);
    const s = (await call(CREATE_SESSION, { headers: t.mgmt, body: { scopes: ["gift:read"] } })).body;
    await decideConnectSession({ db, player: admin }, { sessionKey: s.sessionKey, businessId: business.id, decision: "approve" });
    expect((await loadConnectPage({ db }, { sessionKey: s.sessionKey, player: admin }))?.decidedBusiness).toEqual({ id: business.id, name: business.name });
    expect((await loadConnectPage({ db }, { sessionKey: s.sessionKey, player: await player() }))?.decidedBusiness).toBeNull();
    expect((await loadConnectPage({ db }, { sessionKey: s.sessionKey, player: null }))?.decidedBusiness).toBeNull();
  });

  it("an admin's businesses of the other environment are not offered, and cannot be forged in", async () => {
    const t = await makePlatformTenant({ grantScopes: null });
    const live = await makeBusiness("live");
    const admin = await makeBusinessAdmin(live.id);
    const s = (await call(CREATE_SESSION, { headers: t.mgmt, body: { scopes: ["gift:read"] } })).body;
    expect((await loadConnectPage({ db }, { sessionKey: s.sessionKey, player: admin }))?.businesses).toEqual([]);
    await expect(decideConnectSession({ db, player: admin }, { sessionKey: s.sessionKey, businessId: live.id, decision: "approve" })).rejects.toMatchObject({
      code: "BUSINESS_NOT_FOUND",
    });
  });

  it("two sessions approved at once for one business: one grant, the other answer is 409 GRANT_ALREADY_ACTIVE", async () => {
    const t = await makePlatformTenant({ grantScopes: null });
    const business = await makeBusiness();
    const admin = await makeBusinessAdmin(business.id);
    const keys = await Promise.all(
      [1, 2, 3].map(async () => (await call(CREATE_SESSION, { headers: t.mgmt, body: { scopes: ["gift:read"] } })).body.sessionKey as string),
    );
    const results = await Promise.allSettled(
      keys.map((sessionKey) => decideConnectSession({ db, player: admin }, { sessionKey, businessId: business.id, decision: "approve" })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason.code)).toEqual([
      "GRANT_ALREADY_ACTIVE",
      "GRANT_ALREADY_ACTIVE",
    ]);
    expect(await db.businessGrant.count({ where: { businessId: business.id, status: "active" } })).toBe(1);
  });
});

describe("invite pages", () => {
  it("only an admin of the invited business sees or answers the invite", async () => {
    const t = await makePlatformTenant({ grantScopes: null });
    const business = await makeBusiness();
    const invite = (await call(INVITE, { headers: { ...t.mgmt, ...idem() }, body: { businessId: business.id, requestedScopes: ["item:read"] } })).body;
    const admin = await makeBusinessAdmin(business.id);
    expect(await loadInvitePage({ db }, { inviteId: invite.inviteId, player: admin })).toMatchObject({ status: "pending", business: { id: business.id } });
    const otherAdmin = await makeBusinessAdmin((await makeBusiness()).id);
    for (const p of [otherAdmin, await player()]) {
      expect(await loadInvitePage({ db }, { inviteId: invite.inviteId, player: p })).toBeNull();
      await expect(decideBusinessInvite({ db, player: p }, { inviteId: invite.inviteId, decision: "accept" })).rejects.toMatchObject({
        code: "PLATFORM_INVITE_NOT_FOUND",
      });
    }
    expect((await db.platformInvite.findUniqueOrThrow({ where: { id: invite.inviteId } })).status).toBe("pending");
    const connected = await loadConnectedPlatforms({ db }, { businessId: business.id, player: admin });
    expect(connected?.invites.map((i) => [i.inviteId, i.platform.name])).toEqual([[invite.inviteId, t.platform.name]]);
  });
});

describe("hostile ids in page URLs and forms", () => {
  it("a NUL character in a session key, invite id, business id or grant id names nothing: null pages and 404s, never a 500", async () => {
    const { business } = await makePlatformTenant();
    const admin = await makeBusinessAdmin(business.id);
    const nul = "abc\u0000def";
    expect(await loadConnectPage({ db }, { sessionKey: nul, player: admin })).toBeNull();
    expect(await loadInvitePage({ db }, { inviteId: nul, player: admin })).toBeNull();
    expect(await loadConnectedPlatforms({ db }, { businessId: nul, player: admin })).toBeNull();
    expect((await loadConnectedPlatforms({ db }, { businessId: business.id, player: admin, revokedGrantId: nul }))?.revokedPlatform).toBeNull();
    await expect(decideConnectSession({ db, player: admin }, { sessionKey: nul, businessId: business.id, decision: "approve" })).rejects.toMatchObject({
      status: 404,
    });
    await expect(decideBusinessInvite({ db, player: admin }, { inviteId: nul, decision: "accept" })).rejects.toMatchObject({ status: 404 });
    await expect(revokeBusinessGrant({ db, player: admin }, { businessId: business.id, grantId: nul })).rejects.toMatchObject({ status: 404 });
    await expect(revokeBusinessGrant({ db, player: admin }, { businessId: nul, grantId: nul })).rejects.toMatchObject({ status: 404 });
  });
});

describe("the business home (links.home)", () => {
  it("an admin sees the counts of connected platforms and waiting invites; anyone else gets null", async () => {
    const t = await makePlatformTenant();
    const other = await makePlatformTenant({ grantScopes: null });
    await call(INVITE, { headers: { ...other.mgmt, ...idem() }, body: { businessId: t.business.id, requestedScopes: ["item:read"] } });
    const admin = await makeBusinessAdmin(t.business.id);
    expect(await loadBusinessHome({ db }, { businessId: t.business.id, player: admin })).toEqual({
      business: { id: t.business.id, name: t.business.name, environment: "test" },
      connectedPlatforms: 1,
      pendingInvites: 1,
    });
    expect(await loadBusinessHome({ db }, { businessId: t.business.id, player: await player() })).toBeNull();
    expect(await loadBusinessHome({ db }, { businessId: "x\u0000", player: admin })).toBeNull();
  });
});
