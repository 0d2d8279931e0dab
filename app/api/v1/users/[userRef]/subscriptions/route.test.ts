import { describe, expect, it } from "vitest";
import { GET as list } from "./route";
import { GET as one } from "./[itemId]/route";
import { POST as cancel } from "./[itemId]/cancel/route";
import { call } from "@/tests/support/http";
import { makeCampaign } from "@/tests/support/fixtures";
import { idem } from "@/tests/support/vc";
import { startReceiver } from "@/tests/support/webhook-receiver";
import { eventsOf, makeProductRow, makeStore } from "@/tests/support/purchases";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { createPurchase } from "@/lib/purchases/create-purchase";
import { completePurchase } from "@/lib/purchases/complete-purchase";
import { deliverWebhook } from "@/lib/webhooks/deliver";
import { verifySignature } from "@/lib/webhooks/sign";

const subscribe = async (gameId: string, productId: string, who: { userRef?: string; playerId?: string }) => {
  const p = await createPurchase({ db: getDb() }, { gameId, environment: "test", productId, ...who, method: "card" });
  return completePurchase({ db: getDb() }, { purchaseId: p.id, paymentProvider: "sandbox" });
};

describe("user subscriptions", () => {
  it("lists and gets subscriptions; cancel makes it Canceled and delivers Subscription.Canceled to the game's endpoint", async () => {
    const s = await makeStore();
    const receiver = await startReceiver();
    try {
      await getDb().game.update({ where: { id: s.game.id }, data: { webhookUrl: receiver.url } });
      const item = await makeProductRow(s.game.id, { type: "subscription" });
      const done = await subscribe(s.game.id, item.id, { userRef: s.users[0] });
      const listed = await call(list, { headers: s.headers, params: { userRef: s.users[0] } });
      expect(listed.body.subscriptions.map((x: { subscriptionId: string; status: string }) => [x.subscriptionId, x.status])).toEqual([
        [done.subscriptionId, "Active"],
      ]);
      const got = await call(one, { headers: s.headers, params: { userRef: s.users[0], itemId: item.id } });
      expect(got.body).toMatchObject({
        itemId: item.id,
        status: "Active",
        subscriptionId: done.subscriptionId,
        planCode: "monthly",
        planId: `plan_${item.id}_monthly`,
      });

      const h = idem(s.headers);
      const res = await call(cancel, { headers: h, params: { userRef: s.users[0], itemId: item.id } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, subscriptionId: done.subscriptionId });
      const replay = await call(cancel, { headers: h, params: { userRef: s.users[0], itemId: item.id } });
      expect(replay.text).toBe(res.text);
      expect(replay.headers.get("idempotent-replayed")).toBe("true");
      const again = await call(cancel, { headers: idem(s.headers), params: { userRef: s.users[0], itemId: item.id } });
      expect([again.status, again.body.code]).toEqual([409, "SUBSCRIPTION_NOT_ACTIVE"]);
      const row = await getDb().subscription.findUniqueOrThrow({ where: { id: done.subscriptionId! } });
      expect(row.status).toBe("Canceled");
      expect((await call(one, { headers: s.headers, params: { userRef: s.users[0], itemId: item.id } })).body).toMatchObject({
        status: "Canceled",
        canceledAt: row.canceledAt!.toISOString(),
      });

      const events = await eventsOf(s.game.id, "Subscription.Canceled");
      expect(events).toHaveLength(1);
      const delivery = await getDb().webhookDelivery.findFirstOrThrow({ where: { event: { event: "Subscription.Canceled", ownerId: s.game.id } } });
      expect(await deliverWebhook(getDb(), delivery.id)).toBe("succeeded");
      const received = receiver.requests.find((r) => JSON.parse(r.rawBody).event === "Subscription.Canceled")!;
      expect(verifySignature(received.rawBody, s.game.webhookSecret, received.headers["x-service-signature"] as string)).toBe(true);
      expect(JSON.parse(received.rawBody).data).toEqual({
        subscriptionId: done.subscriptionId,
        itemId: item.id,
        user_ref: s.users[0],
        status: "Canceled",
        planCode: "monthly",
        planId: `plan_${item.id}_monthly`,
        canceledAt: row.canceledAt!.toISOString(),
        currentPeriodEnd: row.currentPeriodEnd.toISOString(),
        reason: "requested",
      });
    } finally {
      await receiver.close();
    }
  });

  it("cancel works for a guest account (a player without a password)", async () => {
    const s = await makeStore({ players: 0 });
    const guest = await getDb().player.create({ data: { id: newId(), email: `guest-${newId()}@example.com` } });
    const item = await makeProductRow(s.game.id, { type: "subscription" });
    const done = await subscribe(s.game.id, item.id, { playerId: guest.id });
    const res = await call(cancel, { headers: idem(s.headers), params: { userRef: done.userRef!, itemId: item.id } });
    expect(res.body).toEqual({ success: true, subscriptionId: done.subscriptionId });
  });

  it("404 for an item without a subscription, another game's user; 400 without a key; 401", async () => {
    const s = await makeStore();
    const other = await makeStore();
    const item = await makeProductRow(s.game.id, { type: "subscription" });
    const done = await subscribe(s.game.id, item.id, { userRef: s.users[0] });
    const none = await call(one, { headers: s.headers, params: { userRef: s.users[1], itemId: item.id } });
    expect([none.status, none.body.code]).toEqual([404, "SUBSCRIPTION_NOT_FOUND"]);
    const foreign = await call(cancel, { headers: idem(other.headers), params: { userRef: s.users[0], itemId: item.id } });
    expect([foreign.status, foreign.body.code]).toEqual([404, "USER_REF_NOT_FOUND"]);
    expect((await call(cancel, { headers: s.headers, params: { userRef: s.users[0], itemId: item.id } })).body.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
    expect((await call(cancel, { params: { userRef: s.users[0], itemId: item.id } })).status).toBe(401);
    expect((await call(list, { headers: (await makeCampaign()).headers, params: { userRef: s.users[0] } })).status).toBe(401);
    expect((await getDb().subscription.findUniqueOrThrow({ where: { id: done.subscriptionId! } })).status).toBe("Active");
    expect(await eventsOf(s.game.id, "Subscription.Canceled")).toEqual([]);
  });
});
