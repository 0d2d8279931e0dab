import { describe, expect, it } from "vitest";
import { GET } from "./route";
import { call } from "@/tests/support/http";
import { makeCampaign } from "@/tests/support/fixtures";
import { makeProductRow, makeStore } from "@/tests/support/purchases";
import { getDb } from "@/lib/db/client";
import { createPurchase } from "@/lib/purchases/create-purchase";
import { completePurchase } from "@/lib/purchases/complete-purchase";

describe("GET /v1/users/{userRef}", () => {
  it("returns the player's email, profile image and subscriptions", async () => {
    const s = await makeStore();
    const empty = await call(GET, { headers: s.headers, params: { userRef: s.users[0] } });
    const player = await getDb().player.findUniqueOrThrow({ where: { id: s.playerIds[0] } });
    expect(empty.body).toEqual({ userRef: s.users[0], email: player.email, profileImageUrl: "", subscriptions: [] });
    const item = await makeProductRow(s.game.id, { type: "subscription" });
    const p = await createPurchase({ db: getDb() }, { gameId: s.game.id, environment: "test", productId: item.id, userRef: s.users[0], method: "card" });
    const done = await completePurchase({ db: getDb() }, { purchaseId: p.id, paymentProvider: "sandbox" });
    const res = await call(GET, { headers: s.headers, params: { userRef: s.users[0] } });
    expect(res.body.subscriptions).toEqual([
      {
        itemId: item.id,
        status: "Active",
        subscriptionId: done.subscriptionId,
        planCode: "monthly",
        planId: `plan_${item.id}_monthly`,
        paymentMethod: "card",
        currentPeriodEnd: expect.any(String),
        lastChargeStatus: "succeeded",
        lastChargeError: null,
        canceledAt: null,
        createdAt: expect.any(String),
      },
    ]);
  });

  it("lists Active before Canceled, newest first, with the stored times; another game's subscription of the same player is not shown", async () => {
    const s = await makeStore();
    const other = await makeStore();
    const subscribe = async () => {
      const item = await makeProductRow(s.game.id, { type: "subscription" });
      const p = await createPurchase({ db: getDb() }, { gameId: s.game.id, environment: "test", productId: item.id, userRef: s.users[0], method: "card" });
      return (await completePurchase({ db: getDb() }, { purchaseId: p.id, paymentProvider: "sandbox" })).subscriptionId!;
    };
    const [first, second, third] = [await subscribe(), await subscribe(), await subscribe()];
    const db = getDb();
    await db.subscription.update({ where: { id: first }, data: { createdAt: new Date("2026-03-01T00:00:00.001Z") } });
    await db.subscription.update({
      where: { id: second },
      data: { createdAt: new Date("2026-03-02T00:00:00.002Z"), status: "Canceled", canceledAt: new Date("2026-03-05T10:11:12.345Z") },
    });
    await db.subscription.update({ where: { id: third }, data: { createdAt: new Date("2026-03-03T00:00:00.003Z") } });
    // the same player's subscription in another game (its link there is another userRef)
    const otherItem = await makeProductRow(other.game.id, { type: "subscription" });
    const stray = await db.subscription.findUniqueOrThrow({ where: { id: first } });
    await db.subscription.create({
      data: { ...stray, id: "sub_stray_other_game", gameId: other.game.id, productId: otherItem.id, createdAt: new Date("2026-03-04T00:00:00Z") },
    });
    const res = await call(GET, { headers: s.headers, params: { userRef: s.users[0] } });
    expect(res.status).toBe(200);
    expect(res.body.subscriptions.map((x: { subscriptionId: string }) => x.subscriptionId)).toEqual([third, first, second]);
    const rows = await db.subscription.findMany({ where: { id: { in: [first, second, third] } } });
    for (const sub of res.body.subscriptions as {
      subscriptionId: string;
      createdAt: string;
      currentPeriodEnd: string;
      canceledAt: string | null;
      status: string;
    }[]) {
      const row = rows.find((r) => r.id === sub.subscriptionId)!;
      expect([sub.createdAt, sub.currentPeriodEnd, sub.canceledAt, sub.status]).toEqual([
        row.createdAt.toISOString(),
        row.currentPeriodEnd.toISOString(),
        row.canceledAt?.toISOString() ?? null,
        row.status,
      ]);
    }
    expect(res.body.subscriptions[2].canceledAt).toBe("2026-03-05T10:11:12.345Z");
    // a reference holding NUL matches no user
    const nul = await call(GET, { headers: s.headers, params: { userRef: "u\u0000x" } });
    expect([nul.status, nul.body.code]).toEqual([404, "USER_REF_NOT_FOUND"]);
  });

  it("401 without a key or with a campaign key; 404 for another game's or an unlinked userRef", async () => {
    const s = await makeStore();
    const other = await makeStore();
    expect((await call(GET, { params: { userRef: s.users[0] } })).status).toBe(401);
    expect((await call(GET, { headers: (await makeCampaign()).headers, params: { userRef: s.users[0] } })).status).toBe(401);
    const foreign = await call(GET, { headers: s.headers, params: { userRef: other.users[0] } });
    expect([foreign.status, foreign.body.code]).toEqual([404, "USER_REF_NOT_FOUND"]);
    await getDb().playerLink.update({ where: { userRef: s.users[1] }, data: { status: "unlinked" } });
    expect((await call(GET, { headers: s.headers, params: { userRef: s.users[1] } })).status).toBe(404);
  });
});
