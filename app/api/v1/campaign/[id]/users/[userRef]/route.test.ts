import { describe, expect, it } from "vitest";
import { DELETE } from "./route";
import { call } from "@/tests/support/http";
import { getDb } from "@/lib/db/client";
import { expectCampaignAuth, makeCampaignWith } from "@/tests/support/campaigns";

describe("DELETE /v1/campaign/{id}/users/{userRef}", () => {
  it("removes the link and emits User.Account.Link.Removed to the campaign; a second delete is 404", async () => {
    const { campaign, headers, params, users } = await makeCampaignWith({ users: 2 });
    const userRef = users[0].userRef;
    const res = await call(DELETE, { headers, params: { ...params, userRef } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(await getDb().playerLink.findUniqueOrThrow({ where: { userRef } })).toMatchObject({ status: "unlinked", unlinkedAt: expect.any(Date) });
    expect((await getDb().playerLink.findUniqueOrThrow({ where: { userRef: users[1].userRef } })).status).toBe("active");
    const events = await getDb().webhookEvent.findMany({ where: { event: "User.Account.Link.Removed", ownerType: "campaign", ownerId: campaign.id } });
    expect(events.map((e) => JSON.parse(e.payload).data)).toEqual([expect.objectContaining({ user_ref: userRef })]);

    const again = await call(DELETE, { headers, params: { ...params, userRef } });
    expect([again.status, again.body.success, again.body.code]).toEqual([404, false, "USER_REF_NOT_FOUND"]);
    expect(again.body.error).toBe(`User "${userRef}" has no active link: it was removed. Link the player again to get an active link.`);
  });

  it("404 for an unknown or another campaign's reference, with nothing changed; 401/404 for wrong keys and ids", async () => {
    const { headers, params, users } = await makeCampaignWith({ users: 1 });
    const other = await makeCampaignWith({ users: 1 });
    // an unknown reference of any length or format is a 404, not a 400
    for (const userRef of ["pvu_test_unknown", other.users[0].userRef, "x".repeat(300), "pvu_test_\u0000"]) {
      const res = await call(DELETE, { headers, params: { ...params, userRef } });
      expect([res.status, res.body.code]).toEqual([404, "USER_REF_NOT_FOUND"]);
      expect(res.body.error).toBe(`User ${JSON.stringify(userRef)} was not found.`);
    }
    expect((await getDb().playerLink.findUniqueOrThrow({ where: { userRef: other.users[0].userRef } })).status).toBe("active");
    await expectCampaignAuth(DELETE, { params: { ...params, userRef: users[0].userRef } }, headers);
    expect((await getDb().playerLink.findUniqueOrThrow({ where: { userRef: users[0].userRef } })).status).toBe("active");
  });
});
