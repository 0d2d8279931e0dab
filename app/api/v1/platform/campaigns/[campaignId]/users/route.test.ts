import { describe, expect, it } from "vitest";
import { GET } from "./route";
import { call } from "@/tests/support/http";
import { expectScopeRefusals } from "@/tests/support/business";
import { getDb } from "@/lib/db/client";
import { addCampaign, expectPlatformCampaignAuth, linkPlatformCampaignUser, makePlatformCampaign } from "@/tests/support/platform-campaigns";

describe("GET /v1/platform/campaigns/{campaignId}/users", () => {
  it("the campaign's linked users, most recently linked first, one page at a time", async () => {
    const { tb, params, users, business } = await makePlatformCampaign({ users: 3 });
    const db = getDb();
    for (const [i, u] of users.entries()) await db.playerLink.update({ where: { id: u.link.id }, data: { linkedAt: new Date(Date.UTC(2026, 0, 1 + i)) } });
    await linkPlatformCampaignUser((await addCampaign(business.id)).id); // another campaign's user
    const first = await call(GET, { headers: tb, params, query: { limit: 2 } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      users: [users[2], users[1]].map((u) => ({
        linkId: u.link.id,
        userRef: u.userRef,
        email: u.player.email,
        name: u.player.name,
        linkedAt: expect.any(String),
      })),
      pagination: { page: 1, limit: 2, totalCount: 3, totalPages: 2, hasNextPage: true, hasPrevPage: false },
    });
    expect(first.body.users[0].linkedAt).toBe("2026-01-03T00:00:00.000Z");
    const second = await call(GET, { headers: tb, params, query: { page: 2, limit: 2 } });
    expect(second.body.users.map((u: { userRef: string }) => u.userRef)).toEqual([users[0].userRef]);
    const defaults = await call(GET, { headers: tb, params });
    expect(defaults.body.pagination).toMatchObject({ page: 1, limit: 20, totalCount: 3 });
  });

  it("400 naming page or limit; 404 for another business's campaign; 401; 403 without campaign:users:link:read", async () => {
    const { tb, params } = await makePlatformCampaign();
    for (const [query, field] of [
      [{ limit: 101 }, "limit"],
      [{ limit: 0 }, "limit"],
      [{ page: 0 }, "page"],
      [{ page: "x" }, "page"],
    ] as const) {
      const res = await call(GET, { headers: tb, params, query });
      expect([res.status, res.body.code]).toEqual([400, "VALIDATION_ERROR"]);
      expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    const victim = await makePlatformCampaign({ users: 1 });
    const foreign = await call(GET, { headers: tb, params: victim.params });
    expect([foreign.status, foreign.body.code]).toEqual([404, "CAMPAIGN_NOT_FOUND"]);
    await expectPlatformCampaignAuth(GET, { params }, tb);
    await expectScopeRefusals("campaign:users:link:read", async (t) => {
      const c = await addCampaign(t.business.id);
      return call(GET, { headers: t.tb, params: { campaignId: c.id } });
    });
  });
});
