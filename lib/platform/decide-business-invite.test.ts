import { describe, expect, it } from "vitest";
import { decideBusinessInvite } from "./decide-business-invite.ts";
import { getDb } from "../db/client.ts";
import { call } from "../../tests/support/http.ts";
import { idem, makeBusiness, makeBusinessAdmin, makePlatformTenant } from "../../tests/support/platform.ts";
import { POST as INVITE } from "../../app/api/v1/platform/invites/route.ts";

const invited = async () => {
  const t = await makePlatformTenant({ grantScopes: null });
  const business = await makeBusiness();
  const invite = (await call(INVITE, { headers: { ...t.mgmt, ...idem() }, body: { businessId: business.id, requestedScopes: ["campaign:read"] } })).body;
  return { ...t, business, inviteId: invite.inviteId as string };
};

describe("decideBusinessInvite (the hosted invite page's form)", () => {
  it("an admin of the invited business accepts: the grant with the invite's scopes", async () => {
    const { platform, business, inviteId } = await invited();
    const admin = await makeBusinessAdmin(business.id);
    const out = await decideBusinessInvite({ db: getDb(), player: admin }, { inviteId, decision: "accept" });
    expect(out).toMatchObject({ status: "accepted", decidedByPlayerId: admin.playerId });
    expect(await getDb().businessGrant.findUniqueOrThrow({ where: { id: out.grantId! } })).toMatchObject({
      platformId: platform.id,
      businessId: business.id,
      grantedScopes: ["campaign:read"],
      source: "invite",
    });
  });

  it("an admin declines: no grant", async () => {
    const { platform, business, inviteId } = await invited();
    const out = await decideBusinessInvite({ db: getDb(), player: await makeBusinessAdmin(business.id) }, { inviteId, decision: "decline" });
    expect(out.status).toBe("declined");
    expect(await getDb().businessGrant.count({ where: { platformId: platform.id } })).toBe(0);
  });

  it("401 nobody signed in; 404 for anyone who does not administer the invited business; the invite stays pending", async () => {
    const { business, inviteId } = await invited();
    await expect(decideBusinessInvite({ db: getDb(), player: null }, { inviteId, decision: "accept" })).rejects.toMatchObject({
      code: "ADMIN_SIGN_IN_REQUIRED",
    });
    const stranger = await makeBusinessAdmin((await makeBusiness()).id);
    const viewer = await makeBusinessAdmin(business.id, { roles: ["finance"] });
    for (const player of [stranger, viewer])
      await expect(decideBusinessInvite({ db: getDb(), player }, { inviteId, decision: "accept" })).rejects.toMatchObject({
        code: "PLATFORM_INVITE_NOT_FOUND",
        status: 404,
      });
    expect((await getDb().platformInvite.findUniqueOrThrow({ where: { id: inviteId } })).status).toBe("pending");
  });
});
