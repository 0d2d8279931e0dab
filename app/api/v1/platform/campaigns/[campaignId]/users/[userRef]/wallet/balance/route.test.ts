import { describe, expect, it } from "vitest";
import { GET } from "./route";
import { POST as EVENTS } from "../../../../events/route";
import { call } from "@/tests/support/http";
import { expectScopeRefusals } from "@/tests/support/business";
import { walletAccount } from "@/lib/ledger/accounts";
import { addCampaign, expectPlatformCampaignAuth, idem, linkPlatformCampaignUser, makePlatformCampaign } from "@/tests/support/platform-campaigns";

describe("GET /v1/platform/campaigns/{campaignId}/users/{userRef}/wallet/balance", () => {
  it("the linked player's custody wallet: address, and the USDC balance as a decimal string", async () => {
    const { tb, params, users } = await makePlatformCampaign({ fundMicros: 10_000_000n, status: "started", users: 1 });
    const { userRef, player } = users[0];
    const empty = await call(GET, { headers: tb, params: { ...params, userRef } });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ address: walletAccount(player.id, "test").address, balance: "0.00" });
    await call(EVENTS, { headers: idem(tb), params, body: { userRef, payoutAmount: 2.125 } });
    const paid = await call(GET, { headers: tb, params: { ...params, userRef } });
    expect(paid.body).toEqual({ address: empty.body.address, balance: "2.125" });
  });

  it("404 USER_REF_NOT_FOUND for another campaign's or an unknown userRef; 403 LINK_NOT_APPROVED without the player's approval", async () => {
    const { tb, params, business } = await makePlatformCampaign();
    const elsewhere = await linkPlatformCampaignUser((await addCampaign(business.id)).id);
    for (const userRef of [elsewhere.userRef, "pvu_test_nobody"]) {
      const res = await call(GET, { headers: tb, params: { ...params, userRef } });
      expect([res.status, res.body.code]).toEqual([404, "USER_REF_NOT_FOUND"]);
    }
    const unapproved = await linkPlatformCampaignUser(params.campaignId, { approved: false });
    const refused = await call(GET, { headers: tb, params: { ...params, userRef: unapproved.userRef } });
    expect([refused.status, refused.body.code]).toEqual([403, "LINK_NOT_APPROVED"]);
  });

  it("404 for another business's campaign; 401; 403 without campaign:users:wallet:read", async () => {
    const { tb, params, users } = await makePlatformCampaign({ users: 1 });
    const victim = await makePlatformCampaign({ users: 1 });
    const foreign = await call(GET, { headers: tb, params: { ...victim.params, userRef: victim.users[0].userRef } });
    expect([foreign.status, foreign.body.code]).toEqual([404, "CAMPAIGN_NOT_FOUND"]);
    await expectPlatformCampaignAuth(GET, { params: { ...params, userRef: users[0].userRef } }, tb);
    await expectScopeRefusals("campaign:users:wallet:read", async (t) => {
      const c = await addCampaign(t.business.id);
      const u = await linkPlatformCampaignUser(c.id);
      return call(GET, { headers: t.tb, params: { campaignId: c.id, userRef: u.userRef } });
    });
  });
});
