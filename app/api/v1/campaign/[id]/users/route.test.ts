import { describe, expect, it } from "vitest";
import { GET } from "./route";
import { call } from "@/tests/support/http";
import { getDb } from "@/lib/db/client";
import { removeLink } from "@/lib/linking/remove-link";
import { expectCampaignAuth, linkCampaignUser, makeCampaignWith } from "@/tests/support/campaigns";

describe("GET /v1/campaign/{id}/users", () => {
  it("the active links, most recently linked first, paged with the shared Pagination object", async () => {
    const { campaign, headers, params } = await makeCampaignWith();
    const linked: Awaited<ReturnType<typeof linkCampaignUser>>[] = [];
    for (let i = 0; i < 5; i++) {
      linked.push(await linkCampaignUser(campaign.id, { email: `user${i}@example.com`, name: `User ${i}` }));
      await getDb().playerLink.update({ where: { id: linked[i].link.id }, data: { linkedAt: new Date(Date.UTC(2026, 0, 1 + i)) } });
    }
    await removeLink(
      { db: getDb() },
      {
        scope: { namespace: { type: "campaign", id: campaign.id }, environment: "test", owner: { type: "campaign", id: campaign.id } },
        userRef: linked[2].userRef,
      },
    );
    await makeCampaignWith({ users: 2 }); // another campaign's users never show

    const res = await call(GET, { headers, params });
    expect(res.status).toBe(200);
    const view = (i: number) => ({
      linkId: linked[i].link.id,
      userRef: linked[i].userRef,
      email: `user${i}@example.com`,
      name: `User ${i}`,
      linkedAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
    });
    expect(res.body).toEqual({
      users: [view(4), view(3), view(1), view(0)],
      pagination: { page: 1, limit: 20, totalCount: 4, totalPages: 1, hasNextPage: false, hasPrevPage: false },
    });
    const page2 = await call(GET, { headers, params, query: { page: 2, limit: 3 } });
    expect(page2.body).toEqual({ users: [view(0)], pagination: { page: 2, limit: 3, totalCount: 4, totalPages: 2, hasNextPage: false, hasPrevPage: true } });
  });

  it("400 naming page or limit (limit at most 100); 401/404 for wrong keys and ids", async () => {
    const { headers, params } = await makeCampaignWith();
    for (const [query, field] of [
      [{ limit: 101 }, "limit"],
      [{ page: 0 }, "page"],
      [{ limit: 1.5 }, "limit"],
    ] as const) {
      const res = await call(GET, { headers, params, query });
      expect([res.status, res.body.code, res.body.success]).toEqual([400, "VALIDATION_ERROR", false]);
      expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    for (const field of ["page", "limit"]) {
      const word = await call(GET, { headers, params, query: { [field]: "abc" } });
      expect(word.body.details).toEqual([{ field, message: "must be a whole number" }]);
    }
    expect((await call(GET, { headers, params, query: { limit: 100 } })).body.pagination.limit).toBe(100);
    await expectCampaignAuth(GET, { params }, headers);
  });
});
