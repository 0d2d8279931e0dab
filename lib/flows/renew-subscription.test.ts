import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { createPurchase } from "@/lib/purchases/create-purchase";
import { createCheckoutPurchase } from "@/lib/purchases/create-checkout-purchase";
import { completePurchase } from "@/lib/purchases/complete-purchase";
import { renewSubscription } from "./renew-subscription";
import { renewDueSubscriptions } from "./renew-due-subscriptions";
import { addMonth } from "../subscriptions/plan";
import { balanceOf, fund } from "@/tests/support/vc";
import { eventsOf, fundWallet, makeProductRow, makeStore, usdcBalance } from "@/tests/support/purchases";
import { linkUser, makeGame } from "@/tests/support/fixtures";
import type { PaymentMethod } from "@/lib/purchases/price-purchase";
import { approvalFields, NO_APPROVAL } from "@/lib/linking/link-consent";

const db = () => getDb();
const HOUR = 3600_000;

const subscribe = async (s: Awaited<ReturnType<typeof makeStore>>, method: PaymentMethod, u = 0) => {
  const item = await makeProductRow(s.game.id, {
    type: "subscription",
    priceCents: 500,
    fulfillmentType: "WEBHOOK",
    vcPrices: [{ currencyId: s.currencyId, amount: 40n }],
  });
  const p = await createPurchase(
    { db: db() },
    {
      gameId: s.game.id,
      environment: "test",
      productId: item.id,
      userRef: s.users[u],
      method,
      currencyId: method === "vc" ? s.currencyId : null,
    },
  );
  const done = await completePurchase(
    { db: db() },
    {
      purchaseId: p.id,
      paymentProvider: method === "card" ? "sandbox" : method === "vc" ? "virtual_currency" : "wallet",
    },
  );
  return { item, sub: await db().subscription.findUniqueOrThrow({ where: { id: done.subscriptionId! } }) };
};

describe("renewSubscription", () => {
  it("vc: charges the next period once, advances currentPeriodEnd by a month, records a renewal purchase", async () => {
    const s = await makeStore();
    await fund(s.headers, s.currencyId, s.users[0], 100);
    const { sub } = await subscribe(s, "vc");
    expect(await balanceOf(s.currencyId, s.users[0])).toBe(60n);
    expect(await renewSubscription({ db: db() }, { subscriptionId: sub.id })).toBe("skipped"); // not due yet
    const due = new Date(sub.currentPeriodEnd.getTime() + 1000);
    const runs = await Promise.all([1, 2, 3].map(() => renewSubscription({ db: db() }, { subscriptionId: sub.id, now: due })));
    expect(runs.sort()).toEqual(["renewed", "skipped", "skipped"]);
    expect(await balanceOf(s.currencyId, s.users[0])).toBe(20n);
    const after = await db().subscription.findUniqueOrThrow({ where: { id: sub.id } });
    expect(after).toMatchObject({ status: "Active", lastChargeStatus: "succeeded", failedCharges: 0 });
    expect(after.currentPeriodEnd).toEqual(addMonth(sub.currentPeriodEnd));
    const renewals = await db().purchase.findMany({ where: { subscriptionId: sub.id, renewalPeriodEnd: { not: null } } });
    expect(renewals).toHaveLength(1);
    expect(renewals[0]).toMatchObject({ status: "completed", amount: 40n, renewalPeriodEnd: sub.currentPeriodEnd, paymentProvider: "virtual_currency" });
    expect((await eventsOf(s.game.id, "Purchases.Completed")).map((e) => e.data.purchaseId)).toContain(renewals[0].id);
  });

  it("wallet and test card renew through the ledger and the sandbox", async () => {
    const s = await makeStore();
    await fundWallet(s.playerIds[0], 10_000_000n);
    const w = await subscribe(s, "wallet");
    const c = await subscribe(s, "card", 1);
    const later = new Date(Date.now() + 40 * 24 * HOUR);
    expect(await renewDueSubscriptions({ db: db() }, { now: later })).toEqual({ renewed: 2, failed: 0, canceled: 0, skipped: 0 });
    expect(await usdcBalance("wallet", s.playerIds[0])).toBe(0n);
    expect((await db().subscription.findUniqueOrThrow({ where: { id: c.sub.id } })).currentPeriodEnd).toEqual(addMonth(c.sub.currentPeriodEnd));
    expect((await db().subscription.findUniqueOrThrow({ where: { id: w.sub.id } })).currentPeriodEnd).toEqual(addMonth(w.sub.currentPeriodEnd));
    expect(await renewSubscription({ db: db() }, { subscriptionId: c.sub.id, now: later })).toBe("skipped"); // paid until ~day 60
    // at day 70 the card renews again and the empty wallet fails
    const day70 = new Date(Date.now() + 70 * 24 * HOUR);
    expect(await renewSubscription({ db: db() }, { subscriptionId: c.sub.id, now: day70 })).toBe("renewed");
    expect(await renewSubscription({ db: db() }, { subscriptionId: w.sub.id, now: day70 })).toBe("failed");
    expect((await db().subscription.findUniqueOrThrow({ where: { id: w.sub.id } })).lastChargeError).toContain("USDC micro-units");
  });

  it("a failed charge is visible, retried after 24 h, and the third failure cancels with Subscription.Canceled", async () => {
    const s = await makeStore();
    await fund(s.headers, s.currencyId, s.users[0], 40);
    const { sub, item } = await subscribe(s, "vc");
    let now = new Date(sub.currentPeriodEnd.getTime() + 1000);
    expect(await renewSubscription({ db: db() }, { subscriptionId: sub.id, now })).toBe("failed");
    const failedSub = await db().subscription.findUniqueOrThrow({ where: { id: sub.id } });
    expect(failedSub).toMatchObject({ status: "Active", lastChargeStatus: "failed", failedCharges: 1, currentPeriodEnd: sub.currentPeriodEnd });
    expect(failedSub.lastChargeError).toContain("has 0 units; this operation needs 40");
    expect(failedSub.nextChargeAt).toEqual(new Date(now.getTime() + 24 * HOUR));
    const [failedPurchase] = await db().purchase.findMany({ where: { subscriptionId: sub.id, status: "failed" } });
    expect(failedPurchase).toMatchObject({ renewalPeriodEnd: sub.currentPeriodEnd, amount: 40n, userRef: s.users[0] });
    const [failedEvent] = await eventsOf(s.game.id, "Purchases.Failed");
    expect(failedEvent.data).toMatchObject({
      purchaseId: failedPurchase.id,
      itemId: item.id,
      status: "failed",
      subscriptionId: sub.id,
      message: failedSub.lastChargeError,
      user_ref: s.users[0],
    });
    expect(await renewSubscription({ db: db() }, { subscriptionId: sub.id, now: new Date(now.getTime() + HOUR) })).toBe("skipped"); // retry not due yet
    now = new Date(now.getTime() + 25 * HOUR);
    expect(await renewSubscription({ db: db() }, { subscriptionId: sub.id, now })).toBe("failed");
    now = new Date(now.getTime() + 25 * HOUR);
    expect(await renewSubscription({ db: db() }, { subscriptionId: sub.id, now })).toBe("canceled");
    const canceled = await db().subscription.findUniqueOrThrow({ where: { id: sub.id } });
    expect(canceled).toMatchObject({ status: "Canceled", failedCharges: 3 });
    const [event] = await eventsOf(s.game.id, "Subscription.Canceled");
    expect(event.data).toEqual({
      subscriptionId: sub.id,
      itemId: item.id,
      user_ref: s.users[0],
      status: "Canceled",
      planCode: "monthly",
      planId: `plan_${item.id}_monthly`,
      canceledAt: canceled.canceledAt!.toISOString(),
      currentPeriodEnd: sub.currentPeriodEnd.toISOString(),
      reason: "payment_failed",
    });
    expect(await db().purchase.count({ where: { subscriptionId: sub.id, status: "failed" } })).toBe(3);
    expect(await renewSubscription({ db: db() }, { subscriptionId: sub.id, now: new Date(now.getTime() + 100 * HOUR) })).toBe("skipped");
  });

  it("a wallet or VC renewal needs the player's consent: without an approval on the link it is a recorded failure and nothing is debited", async () => {
    const s = await makeStore();
    await fundWallet(s.playerIds[0], 20_000_000n);
    await fund(s.headers, s.currencyId, s.users[0], 100);
    const w = await subscribe(s, "wallet");
    const v = await subscribe(s, "vc");
    // the link loses its approval (as a link from an email alone never had one)
    await db().playerLink.update({ where: { userRef: s.users[0] }, data: NO_APPROVAL });
    const due = new Date(Date.now() + 40 * 24 * HOUR);
    expect(await renewDueSubscriptions({ db: db() }, { now: due })).toEqual({ renewed: 0, failed: 2, canceled: 0, skipped: 0 });
    expect(await usdcBalance("wallet", s.playerIds[0])).toBe(15_000_000n);
    expect(await balanceOf(s.currencyId, s.users[0])).toBe(60n);
    for (const [sub, scope] of [
      [w.sub, "wallet:spend"],
      [v.sub, "vc:spend"],
    ] as const) {
      const after = await db().subscription.findUniqueOrThrow({ where: { id: sub.id } });
      expect(after).toMatchObject({ status: "Active", lastChargeStatus: "failed", failedCharges: 1, currentPeriodEnd: sub.currentPeriodEnd });
      expect(after.lastChargeError).toContain(`has not approved this game`);
      expect(after.lastChargeError).toContain(`(${scope})`);
      expect(await db().purchase.count({ where: { subscriptionId: sub.id, status: "failed" } })).toBe(1);
    }
    // approved again on the hosted page, the next attempt charges
    await db().playerLink.update({ where: { userRef: s.users[0] }, data: approvalFields({ sessionId: null, at: new Date() }) });
    const retry = new Date(due.getTime() + 25 * HOUR);
    expect(await renewDueSubscriptions({ db: db() }, { now: retry })).toEqual({ renewed: 2, failed: 0, canceled: 0, skipped: 0 });
    expect(await usdcBalance("wallet", s.playerIds[0])).toBe(10_000_000n);
    expect(await balanceOf(s.currencyId, s.users[0])).toBe(20n);
  });

  it("a subscription the player started themself on a hosted checkout page renews from their wallet without a link approval", async () => {
    const s = await makeStore();
    await fundWallet(s.playerIds[0], 10_000_000n);
    await db().playerLink.update({ where: { userRef: s.users[0] }, data: NO_APPROVAL });
    const item = await makeProductRow(s.game.id, { type: "subscription", priceCents: 500, fulfillmentType: "WEBHOOK" });
    // the first purchase came through a checkout grant: the signed-in player paid it on the hosted page
    const p = await createCheckoutPurchase(
      { db: db() },
      {
        gameId: s.game.id,
        environment: "test",
        productId: item.id,
        playerId: s.playerIds[0],
        method: "wallet",
        grant: { id: "ckg_test_1", userRef: s.users[0], checkoutMetadata: null },
        checkoutSessionId: null,
      },
    );
    const done = await completePurchase({ db: db() }, { purchaseId: p.id, paymentProvider: "wallet" });
    const sub = await db().subscription.findUniqueOrThrow({ where: { id: done.subscriptionId! } });
    expect(await renewSubscription({ db: db() }, { subscriptionId: sub.id, now: new Date(sub.currentPeriodEnd.getTime() + 1000) })).toBe("renewed");
    expect(await usdcBalance("wallet", s.playerIds[0])).toBe(0n);
  });

  it("a live card renewal is a recorded failure (no off-session charging configured)", async () => {
    const g = await makeGame({ environment: "live" });
    const userRef = await linkUser(g.game.id, { environment: "live" });
    const item = await db().product.create({
      data: { id: `p${Date.now()}`, gameId: g.game.id, environment: "live", type: "subscription", name: "Pass", priceCents: 300 },
    });
    const p = await createPurchase({ db: db() }, { gameId: g.game.id, environment: "live", productId: item.id, userRef, method: "card" });
    const done = await completePurchase({ db: db() }, { purchaseId: p.id, paymentProvider: "stripe", externalId: `cs_${Date.now()}` });
    const sub = await db().subscription.findUniqueOrThrow({ where: { id: done.subscriptionId! } });
    expect(await renewSubscription({ db: db() }, { subscriptionId: sub.id, now: new Date(sub.currentPeriodEnd.getTime() + 1) })).toBe("failed");
    const after = await db().subscription.findUniqueOrThrow({ where: { id: sub.id } });
    expect(after.lastChargeError).toContain("off-session");
    expect(await db().purchase.count({ where: { subscriptionId: sub.id, status: "failed" } })).toBe(1);
  });
});

describe("addMonth", () => {
  it("keeps the day of the month, clamped to the month's end", () => {
    expect(addMonth(new Date("2026-01-15T10:00:00Z")).toISOString()).toBe("2026-02-15T10:00:00.000Z");
    expect(addMonth(new Date("2026-01-31T10:00:00Z")).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(addMonth(new Date("2028-01-31T00:00:00Z")).toISOString()).toBe("2028-02-29T00:00:00.000Z");
    expect(addMonth(new Date("2026-12-31T23:59:59Z")).toISOString()).toBe("2027-01-31T23:59:59.000Z");
  });
});
