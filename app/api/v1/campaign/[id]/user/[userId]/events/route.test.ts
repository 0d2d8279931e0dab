import { describe, expect, it } from "vitest";
import { GET } from "./route";
import { POST as EVENTS } from "../../../events/route";
import { call } from "@/tests/support/http";
import { getDb } from "@/lib/db/client";
import { removeLink } from "@/lib/linking/remove-link";
import { expectCampaignAuth, makeCampaignWith } from "@/tests/support/campaigns";

describe("GET /v1/campaign/{id}/user/{userId}/events", () => {
  it("the user's paid events, newest first, with limit/offset pagination; kept after the link is removed", async () => {
    const { campaign, headers, params, users } = await makeCampaignWith({ fundMicros: 100_000_000n, status: "started", users: 2 });
    const userId = users[0].userRef;
    const bodies = [{ eventCode: "level_complete" }, { eventCode: "daily_login" }, { payoutAmount: 0.25 }];
    for (const b of bodies) expect((await call(EVENTS, { headers, params, body: { ...b, userRef: userId } })).status).toBe(202);
    await call(EVENTS, { headers, params, body: { eventCode: "daily_login", userRef: users[1].userRef } });

    const rows = await getDb().campaignTransaction.findMany({ where: { userRef: userId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
    const res = await call(GET, { headers, params: { ...params, userId } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: {
        campaignId: campaign.id,
        userId,
        environment: "test",
        transactions: rows.map((r) => ({
          id: r.id,
          campaignId: campaign.id,
          userRef: userId,
          eventCode: r.eventCode,
          eventName: r.eventName,
          payoutAmount: Number(r.payoutMicros) / 1e6,
          transactionHash: r.transactionHash,
          createdAt: r.createdAt.toISOString(),
        })),
        pagination: { limit: 20, offset: 0, total: 3, hasMore: false },
      },
    });
    expect(res.body.data.transactions.map((t: { eventCode: string; payoutAmount: number }) => [t.eventCode, t.payoutAmount]).sort()).toEqual([
      ["daily_login", 1],
      ["level_complete", 5],
      ["tip", 0.25],
    ]);
    const page = await call(GET, { headers, params: { ...params, userId }, query: { limit: 2, offset: 1 } });
    expect(page.body.data.transactions.map((t: { id: string }) => t.id)).toEqual([rows[1].id, rows[2].id]);
    expect(page.body.data.pagination).toEqual({ limit: 2, offset: 1, total: 3, hasMore: false });
    const first = await call(GET, { headers, params: { ...params, userId }, query: { limit: 1 } });
    expect(first.body.data.pagination).toEqual({ limit: 1, offset: 0, total: 3, hasMore: true });

    await removeLink(
      { db: getDb() },
      {
        scope: { namespace: { type: "campaign", id: campaign.id }, environment: "test", owner: { type: "campaign", id: campaign.id } },
        userRef: userId,
      },
    );
    expect((await call(GET, { headers, params: { ...params, userId } })).body.data.pagination.total).toBe(3);
  });

  it("400 naming limit or offset when out of range; 404 for an unknown or foreign user", async () => {
    const { headers, params, users } = await makeCampaignWith({ users: 1 });
    const other = await makeCampaignWith({ users: 1 });
    const userId = users[0].userRef;
    for (const [query, field] of [
      [{ limit: 101 }, "limit"],
      [{ limit: 0 }, "limit"],
      [{ offset: -1 }, "offset"],
      [{ limit: "x" }, "limit"],
    ] as const) {
      const res = await call(GET, { headers, params: { ...params, userId }, query });
      expect([res.status, res.body.code, res.body.success]).toEqual([400, "VALIDATION_ERROR", false]);
      expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    const word = await call(GET, { headers, params: { ...params, userId }, query: { limit: "abc" } });
    expect(word.body.details).toEqual([{ field: "limit", message: "must be a whole number" }]);
    for (const u of ["pvu_test_unknown", other.users[0].userRef, "pvu_test_" + "f".repeat(300)]) {
      const res = await call(GET, { headers, params: { ...params, userId: u } });
      expect([res.status, res.body.code]).toEqual([404, "USER_REF_NOT_FOUND"]);
    }
    await expectCampaignAuth(GET, { params: { ...params, userId } }, headers);
  });
});
