import { describe, expect, it } from "vitest";
import { GET } from "./route";
import { call } from "@/tests/support/http";
import { removeLink } from "@/lib/linking/remove-link";
import { getDb } from "@/lib/db/client";
import { expectCampaignAuth, makeCampaignWith } from "@/tests/support/campaigns";
import { linkUser, makeGame } from "@/tests/support/fixtures";

describe("GET /v1/campaign/{id}/user/{userId}", () => {
  it("linked while active, unlinked once removed", async () => {
    const { campaign, headers, params, users } = await makeCampaignWith({ users: 1 });
    const userId = users[0].userRef;
    expect(userId).toMatch(/^pvu_test_[0-9a-f]{24}$/);
    const res = await call(GET, { headers, params: { ...params, userId } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { campaignId: campaign.id, userId, status: "linked", environment: "test" } });
    await removeLink(
      { db: getDb() },
      {
        scope: { namespace: { type: "campaign", id: campaign.id }, environment: "test", owner: { type: "campaign", id: campaign.id } },
        userRef: userId,
      },
    );
    const after = await call(GET, { headers, params: { ...params, userId } });
    expect(after.body.data).toEqual({ campaignId: campaign.id, userId, status: "unlinked", environment: "test" });
  });

  it("404 {success false, error} for an unknown reference, another campaign's user or a game's user", async () => {
    const { headers, params } = await makeCampaignWith();
    const other = await makeCampaignWith({ users: 1 });
    const gameUser = await linkUser((await makeGame()).game.id);
    for (const userId of ["pvu_test_nope", other.users[0].userRef, gameUser, "pvu_test_" + "e".repeat(300), "pvu_test_\u0000"]) {
      const res = await call(GET, { headers, params: { ...params, userId } });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, code: "USER_REF_NOT_FOUND", error: `User ${JSON.stringify(userId)} was not found.` });
    }
  });

  it("401 without a campaign key; 404 for another campaign's key or id", async () => {
    const { headers, params, users } = await makeCampaignWith({ users: 1 });
    await expectCampaignAuth(GET, { params: { ...params, userId: users[0].userRef } }, headers);
  });
});
