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
