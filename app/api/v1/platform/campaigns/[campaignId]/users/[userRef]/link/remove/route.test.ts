import { describe, expect, it } from "vitest";
import { POST } from "./route";
import { POST as INITIATE } from "../../../../link/users/initiate/route";
import { POST as APPROVE } from "@/app/api/v1/test-helpers/link-sessions/[sessionKey]/approve/route";
import { GET as CAMPAIGN_USERS } from "@/app/api/v1/campaign/[id]/users/route";
import { call } from "@/tests/support/http";
import { makeGame } from "@/tests/support/fixtures";
import { linkEventsOf } from "@/tests/support/linking";
import { expectScopeRefusals } from "@/tests/support/business";
import { grantPlatformOn, makeCampaignIn } from "@/tests/support/platform";
import { linkCampaignUser, makeCampaignWith } from "@/tests/support/campaigns";
import { getDb } from "@/lib/db/client";

const setup = async () => {
  const c = await makeCampaignWith();
  const p = await grantPlatformOn(c.business.id);
  return { ...c, p, params: { campaignId: c.campaign.id } };
};

const linkStatus = async (userRef: string) => (await getDb().playerLink.findUniqueOrThrow({ where: { userRef } })).status;
const removedEvents = (userRef: string) => getDb().webhookEvent.count({ where: { event: "User.Account.Link.Removed", payload: { contains: userRef } } });

describe("POST /v1/platform/campaigns/{campaignId}/users/{userRef}/link/remove", () => {
  it("unlinks a player the platform linked: the session becomes unlinked, Removed goes to the platform; a second removal is 404", async () => {
    const { campaign, headers, p, params } = await setup();
    const started = await call(INITIATE, { headers: p.headers, params, body: { email: "ivy@example.com" } });
    const { sessionKey } = started.body;
    const approved = await call(APPROVE, { headers: { ...p.headers, "x-target-business-id": campaign.businessId }, params: { sessionKey }, body: {} });
    const userRef = approved.body.userRef as string;

    const res = await call(POST, { headers: p.headers, params: { ...params, userRef } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: `User ${userRef} is no longer linked to this campaign.` });
    expect(await getDb().playerLink.findUniqueOrThrow({ where: { userRef } })).toMatchObject({ status: "unlinked", approvedAt: null, approvalScopes: [] });
    expect((await getDb().linkSession.findUniqueOrThrow({ where: { sessionKey } })).state).toBe("unlinked");
    expect((await linkEventsOf(sessionKey, { withOwner: true })).at(-1)).toEqual({
      event: "User.Account.Link.Removed",
      sequence: 3,
      ownerType: "platform",
      ownerId: p.platform.id,
      data: { sessionKey, user_ref: userRef },
    });
    expect((await call(CAMPAIGN_USERS, { headers, params: { id: campaign.id } })).body.users).toEqual([]);

    const again = await call(POST, { headers: p.headers, params: { ...params, userRef } });
    expect([again.status, again.body.code]).toEqual([404, "USER_REF_NOT_FOUND"]);
    expect(await removedEvents(userRef)).toBe(1);
  });

  it("unlinks a player linked through the campaign key (one namespace); a link without a session reports Removed to the platform with sessionKey null", async () => {
    const { campaign, headers, p, params, users } = await makeCampaignWith({ users: 1 }).then(async (c) => ({
      ...c,
      p: await grantPlatformOn(c.business.id),
      params: { campaignId: c.campaign.id },
    }));
    const [{ userRef, link }] = users;
    const res = await call(POST, { headers: p.headers, params: { ...params, userRef } });
    expect(res.status).toBe(200);
    expect(await linkStatus(userRef)).toBe("unlinked");
    const events = await getDb().webhookEvent.findMany({ where: { objectType: "player_link", objectId: link.id } });
    expect(events.map((e) => ({ event: e.event, ownerType: e.ownerType, ownerId: e.ownerId, data: JSON.parse(e.payload).data }))).toEqual([
      { event: "User.Account.Link.Removed", ownerType: "platform", ownerId: p.platform.id, data: { sessionKey: null, user_ref: userRef } },
    ]);
    expect((await call(CAMPAIGN_USERS, { headers, params: { id: campaign.id } })).body.users).toEqual([]);
  });

  it("404 USER_REF_NOT_FOUND for a user of another campaign of the same business and for an unknown reference; the link stays", async () => {
    const { campaign, p, params } = await setup();
    const sibling = await makeCampaignIn(campaign.businessId);
    const { userRef } = await linkCampaignUser(sibling.id);
    const res = await call(POST, { headers: p.headers, params: { ...params, userRef } });
    expect([res.status, res.body.code]).toEqual([404, "USER_REF_NOT_FOUND"]);
    const unknown = await call(POST, { headers: p.headers, params: { ...params, userRef: "pvu_test_000000000000000000000000" } });
    expect([unknown.status, unknown.body.code]).toEqual([404, "USER_REF_NOT_FOUND"]);
    expect(await linkStatus(userRef)).toBe("active");
    expect(await removedEvents(userRef)).toBe(0);
  });

  it("400 naming userRef when it is longer than 128 characters", async () => {
    const { p, params } = await setup();
    const res = await call(POST, { headers: p.headers, params: { ...params, userRef: "p".repeat(129) } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "VALIDATION_ERROR", details: [{ field: "userRef" }] });
  });

  it("401 without a key or with a server key; 404 CAMPAIGN_NOT_FOUND for another business's campaign; its user stays linked", async () => {
    const { p, params } = await setup();
    const other = await makeCampaignWith({ users: 1 });
    const { userRef } = other.users[0];
    expect((await call(POST, { params: { ...params, userRef } })).status).toBe(401);
    expect((await call(POST, { headers: (await makeGame()).headers, params: { ...params, userRef } })).status).toBe(401);
    const foreign = await call(POST, { headers: p.headers, params: { campaignId: other.campaign.id, userRef } });
    expect([foreign.status, foreign.body.code]).toEqual([404, "CAMPAIGN_NOT_FOUND"]);
    expect(await linkStatus(userRef)).toBe("active");
  });

  it("403 for each set lacking campaign:users:link:remove; the links stay", async () => {
    const refs: string[] = [];
    await expectScopeRefusals("campaign:users:link:remove", async (t) => {
      const c = await makeCampaignIn(t.business.id);
      const { userRef } = await linkCampaignUser(c.id);
      refs.push(userRef);
      return call(POST, { headers: t.mgmt, params: { campaignId: c.id, userRef } });
    });
    expect(refs).toHaveLength(3);
    for (const ref of refs) expect(await linkStatus(ref)).toBe("active");
  });
});
