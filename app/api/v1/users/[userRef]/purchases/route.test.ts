import { describe, expect, it } from "vitest";
import { GET as list } from "./route";
import { GET as one } from "./[purchaseId]/route";
import { call } from "@/tests/support/http";
import { makeCampaign } from "@/tests/support/fixtures";
import { makeDealRow, makeProductRow, makeStore } from "@/tests/support/purchases";
import { getDb } from "@/lib/db/client";
import { createPurchase } from "@/lib/purchases/create-purchase";
import { completePurchase } from "@/lib/purchases/complete-purchase";

const buy = async (s: Awaited<ReturnType<typeof makeStore>>, productId: string, extra: { dealCode?: string; u?: number } = {}) => {
  const p = await createPurchase(
    { db: getDb() },
    {
      gameId: s.game.id,
      environment: "test",
      productId,
      userRef: s.users[extra.u ?? 0],
      method: "card",
      dealCode: extra.dealCode,
    },
  );
  return completePurchase({ db: getDb() }, { purchaseId: p.id, paymentProvider: "sandbox" });
};

describe("GET /v1/users/{userRef}/purchases", () => {
  it("lists the player's purchases newest first with the item, filters by type, pages with limit/offset", async () => {
    const s = await makeStore();
    const sword = await makeProductRow(s.game.id, { name: "Sword", priceCents: 499 });
    const pass = await makeProductRow(s.game.id, { name: "Pass", type: "subscription", priceCents: 999 });
    await makeDealRow(sword, { code: "CHEAP", overridePrice: 199n });
    const a = await buy(s, sword.id, { dealCode: "CHEAP" });
    const b = await buy(s, pass.id);
    await buy(s, sword.id, { u: 1 }); // another player's
    const res = await call(list, { headers: s.headers, params: { userRef: s.users[0] } });
    expect(res.status).toBe(200);
    expect(res.body.map((p: { _id: string }) => p._id)).toEqual([b.id, a.id]);
    expect(res.body[1]).toEqual({
      _id: a.id,
      gameId: s.game.id,
      createdAt: a.createdAt.toISOString(),
      paymentProvider: "sandbox",
      paymentMethod: "card",
      priceInCents: 199,
      amount: 199,
      currency: "USD",
      currencyId: null,
      status: "completed",
      isPaid: true,
      fulfillmentStatus: "not_required",
      dealCode: "CHEAP",
      userRef: s.users[0],
      subscriptionId: null,
      deliveredKey: null,
      metadata: {},
      completedAt: a.completedAt!.toISOString(),
      item: { _id: sword.id, name: "Sword", type: "purchase", price: 499 },
    });
    const subs = await call(list, { headers: s.headers, params: { userRef: s.users[0] }, query: { type: "subscription" } });
    expect(subs.body.map((p: { _id: string }) => p._id)).toEqual([b.id]);
    const page2 = await call(list, { headers: s.headers, params: { userRef: s.users[0] }, query: { limit: 1, offset: 1 } });
    expect(page2.body.map((p: { _id: string }) => p._id)).toEqual([a.id]);
    const bad = await call(list, { headers: s.headers, params: { userRef: s.users[0] }, query: { limit: 101, offset: -1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { field: string }) => d.field).sort()).toEqual(["limit", "offset"]);
  });

  it("GET one purchase; 404 for another player's purchase or another game; 401", async () => {
    const s = await makeStore();
    const other = await makeStore();
    const item = await makeProductRow(s.game.id);
    const mine = await buy(s, item.id);
    const theirs = await buy(s, item.id, { u: 1 });
    const got = await call(one, { headers: s.headers, params: { userRef: s.users[0], purchaseId: mine.id } });
    expect(got.body).toMatchObject({ _id: mine.id, status: "completed", item: { _id: item.id, price: 499 } });
    const cross = await call(one, { headers: s.headers, params: { userRef: s.users[0], purchaseId: theirs.id } });
    expect([cross.status, cross.body.code]).toEqual([404, "PURCHASE_NOT_FOUND"]);
    const foreign = await call(one, { headers: other.headers, params: { userRef: s.users[0], purchaseId: mine.id } });
    expect([foreign.status, foreign.body.code]).toEqual([404, "USER_REF_NOT_FOUND"]);
    expect((await call(list, { headers: other.headers, params: { userRef: s.users[0] } })).status).toBe(404);
    expect((await call(one, { params: { userRef: s.users[0], purchaseId: mine.id } })).status).toBe(401);
    expect((await call(list, { headers: (await makeCampaign()).headers, params: { userRef: s.users[0] } })).status).toBe(401);
  });
});
