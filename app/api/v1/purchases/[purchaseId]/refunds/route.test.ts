// POST/GET /v1/purchases/{purchaseId}/refunds on real PostgreSQL: VC, wallet and card (sandbox, and live at the
// Stripe double: tests/support/stripe-double) refunds, in full and in part, clawback, racing refunds over real HTTP,
// and attacks.
import { describe, expect, it } from "vitest";
import { GET, POST } from "./route";
import { PATCH as PATCH_SETTINGS } from "@/app/api/v1/game/settings/route";
import { call } from "@/tests/support/http";
import { serveRoutes } from "@/tests/support/serve-routes";
import { makeGame, linkUser } from "@/tests/support/fixtures";
import { balanceOf, fund, idem } from "@/tests/support/vc";
import { eventsOf, fundWallet, makeProductRow, makeStore, usdcBalance } from "@/tests/support/purchases";
import { useStripeDouble } from "@/tests/support/stripe-double-setup";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { createPurchase } from "@/lib/purchases/create-purchase";
import { completePurchase } from "@/lib/purchases/complete-purchase";
import { cancelSubscription } from "@/lib/subscriptions/cancel-subscription";
import { createStripeCheckoutSession } from "@/lib/stripe/create-checkout-session";
import { checkLedgerInvariants } from "@/lib/ledger/check-ledger-invariants";
import type { Environment } from "@/lib/core/environment";

const db = () => getDb();

/** A purchase of `item` by `userRef`, paid with `method` and completed as the payment services do. */
const buy = async (
  g: { game: { id: string } },
  item: { id: string },
  userRef: string,
  {
    method = "card" as "card" | "vc" | "wallet",
    currencyId = null as string | null,
    environment = "test" as Environment,
    externalId = null as string | null,
  } = {},
) => {
  const p = await createPurchase({ db: db() }, { gameId: g.game.id, environment, productId: item.id, userRef, method, currencyId });
  const provider = method === "vc" ? "virtual_currency" : method === "wallet" ? "wallet" : environment === "test" ? "sandbox" : "stripe";
  return completePurchase({ db: db() }, { purchaseId: p.id, paymentProvider: provider, externalId });
};

const refund = (headers: Record<string, string>, purchaseId: string, body: Record<string, unknown>, key?: string) =>
  call(POST, { headers: idem(headers, key), params: { purchaseId }, body });
const purchaseOf = (id: string) => db().purchase.findUniqueOrThrow({ where: { id } });

describe("POST /v1/purchases/{purchaseId}/refunds", () => {
  it("a VC purchase refunded in full: the units go back, the purchase is refunded, Purchases.Refunded is sent; GET lists it", async () => {
    const s = await makeStore();
    await fund(s.headers, s.currencyId, s.users[0], 1000);
    const item = await makeProductRow(s.game.id, { fulfillmentType: "WEBHOOK", vcPrices: [{ currencyId: s.currencyId, amount: 300n }] });
    const p = await buy(s, item, s.users[0], { method: "vc", currencyId: s.currencyId });
    expect(await balanceOf(s.currencyId, s.users[0])).toBe(700n);

    const res = await refund(s.headers, p.id, { reason: "requested_by_customer", note: "ticket 42" });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      refund: {
        _id: expect.any(String),
        object: "purchase",
        objectId: p.id,
        amount: 300,
        currency: p.currency,
        reason: "requested_by_customer",
        note: "ticket 42",
        provider: "virtual_currency",
        externalId: null,
        clawback: {},
        createdAt: expect.any(String),
      },
      purchase: { _id: p.id, status: "refunded", amount: 300, refundedAmount: 300 },
    });
    expect(await balanceOf(s.currencyId, s.users[0])).toBe(1000n);
    expect(await purchaseOf(p.id)).toMatchObject({ status: "refunded", refundedAmount: 300n });
    const [event] = await eventsOf(s.game.id, "Purchases.Refunded");
    expect(event.data).toMatchObject({
      purchaseId: p.id,
      status: "refunded",
      refund: { refundId: res.body.data.refund._id, amount: 300, reason: "requested_by_customer", refundedAmount: 300, clawback: {} },
    });
    const list = await call(GET, { headers: s.headers, params: { purchaseId: p.id } });
    expect(list.body).toEqual({ data: [res.body.data.refund] });
    // refunded in full: one more is refused, nothing changes
    const again = await refund(s.headers, p.id, { reason: "duplicate" });
    expect([again.status, again.body.code]).toEqual([409, "PURCHASE_NOT_REFUNDABLE"]);
    expect(await db().refund.count({ where: { objectId: p.id } })).toBe(1);
    expect(await checkLedgerInvariants(db(), { asset: `vc:${s.currencyId}`, environment: "test" })).toMatchObject({
      sum: 0n,
      negativeAccounts: [],
      driftedAccounts: [],
      unbalancedJournals: [],
      miscountedTenants: [],
    });
  });

  it("a wallet purchase refunded in part twice: the wallet gets each part back from the payees in their shares; more than is left is 422, nothing changed", async () => {
    const s = await makeStore();
    await fundWallet(s.playerIds[0], 20_000_000n);
    const item = await makeProductRow(s.game.id, { priceCents: 1000, fulfillmentType: "WEBHOOK" });
    const p = await buy(s, item, s.users[0], { method: "wallet" });
    expect(p.amount).toBe(10_000_000n);
    const game0 = await usdcBalance("game", s.game.id);
    const fees0 = await usdcBalance("fees", "coinop");

    const first = await refund(s.headers, p.id, { amount: 4_000_000, reason: "requested_by_customer" });
    expect(first.body.data.purchase).toEqual({ _id: p.id, status: "partially_refunded", amount: 10_000_000, refundedAmount: 4_000_000 });
    expect(await usdcBalance("wallet", s.playerIds[0])).toBe(14_000_000n);
    // the game received 95 %, the platform 5 %: each gives back its share
    expect(game0 - (await usdcBalance("game", s.game.id))).toBe(3_800_000n);
    expect(fees0 - (await usdcBalance("fees", "coinop"))).toBe(200_000n);

    const tooMuch = await refund(s.headers, p.id, { amount: 6_000_001, reason: "other" });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body).toMatchObject({ code: "REFUND_EXCEEDS_PAYMENT", error: expect.stringContaining("6000000 of 10000000") });
    expect(await purchaseOf(p.id)).toMatchObject({ status: "partially_refunded", refundedAmount: 4_000_000n });

    const rest = await refund(s.headers, p.id, { reason: "other" });
    expect(rest.body.data.refund.amount).toBe(6_000_000);
    expect(rest.body.data.purchase.status).toBe("refunded");
    expect(await usdcBalance("wallet", s.playerIds[0])).toBe(20_000_000n);
    expect(await usdcBalance("game", s.game.id)).toBe(game0 - 9_500_000n);
  });

  it("clawback short of the balance: the granted units are debited down to 0 and the rest recorded unrecovered; a key is revoked", async () => {
    const s = await makeStore();
    const item = await makeProductRow(s.game.id, {
      priceCents: 500,
      fulfillmentType: "GRANT_VIRTUAL_CURRENCY",
      grantCurrencyId: s.currencyId,
      grantAmountUnits: 1000n,
    });
    const p = await buy(s, item, s.users[0]);
    expect(await balanceOf(s.currencyId, s.users[0])).toBe(1000n);
    // the player spends 700 of the 1000 granted units
    await db().ledgerAccount.findFirstOrThrow({ where: { kind: "user", ownerRef: s.users[0] } });
    const { debit } = await import("@/lib/vc/debit");
    await debit(
      { db: db(), scope: { kind: "game", environment: "test", businessId: s.business.id, gameId: s.game.id } } as never,
      {
        currencyId: s.currencyId,
        userRef: s.users[0],
        amountUnits: 700n,
        reason: "spent",
      } as never,
    );
    expect(await balanceOf(s.currencyId, s.users[0])).toBe(300n);

    // half the payment back: half the grant (500) is owed, 300 can be recovered
    const half = await refund(s.headers, p.id, { amount: 250, reason: "requested_by_customer" });
    expect(half.body.data.refund).toMatchObject({ provider: "sandbox", externalId: expect.stringMatching(/^re_sandbox_/) });
    expect(half.body.data.refund.clawback).toEqual({
      virtualCurrency: { currencyId: s.currencyId, units: "500", recovered: "300", unrecovered: "200", journalId: expect.any(String) },
    });
    expect(await balanceOf(s.currencyId, s.users[0])).toBe(0n);
    // the other half: 500 owed, nothing left to recover, no journal
    const rest = await refund(s.headers, p.id, { reason: "requested_by_customer" });
    expect(rest.body.data.refund.clawback).toEqual({
      virtualCurrency: { currencyId: s.currencyId, units: "500", recovered: "0", unrecovered: "500", journalId: null },
    });
    expect(await balanceOf(s.currencyId, s.users[0])).toBe(0n);
    expect((await eventsOf(s.game.id, "Purchases.Refunded")).map((e) => (e.data.refund as { clawback: unknown }).clawback)).toEqual([
      half.body.data.refund.clawback,
      rest.body.data.refund.clawback,
    ]);

    const keyed = await makeProductRow(s.game.id, { priceCents: 300, fulfillmentType: "KEY_DELIVERY" });
    await db().productKey.create({ data: { id: newId(), productId: keyed.id, value: "KEY-ABC" } });
    const k = await buy(s, keyed, s.users[1]);
    expect(k.deliveredKey).toBe("KEY-ABC");
    const partial = await refund(s.headers, k.id, { amount: 100, reason: "other" });
    expect(partial.body.data.refund.clawback).toEqual({});
    expect((await db().productKey.findFirstOrThrow({ where: { purchaseId: k.id } })).revokedAt).toBeNull();
    const full = await refund(s.headers, k.id, { reason: "other" });
    expect(full.body.data.refund.clawback).toEqual({ keyRevoked: true });
    expect((await db().productKey.findFirstOrThrow({ where: { purchaseId: k.id } })).revokedAt).toBeInstanceOf(Date);
  });

  it("with the game's clawback off, the payment goes back and the player keeps what was delivered", async () => {
    const s = await makeStore();
    const off = await call(PATCH_SETTINGS, { headers: s.headers, body: { refundClawback: false } });
    expect([off.status, off.body.refundClawback]).toEqual([200, false]);
    const item = await makeProductRow(s.game.id, {
      priceCents: 500,
      fulfillmentType: "GRANT_VIRTUAL_CURRENCY",
      grantCurrencyId: s.currencyId,
      grantAmountUnits: 80n,
    });
    const p = await buy(s, item, s.users[0]);
    const res = await refund(s.headers, p.id, { reason: "fraudulent" });
    expect(res.body.data.refund.clawback).toBeNull();
    expect(await balanceOf(s.currencyId, s.users[0])).toBe(80n);
  });

  it("a subscription refunded in full ends now", async () => {
    const s = await makeStore();
    const item = await makeProductRow(s.game.id, { type: "subscription", priceCents: 900 });
    const p = await buy(s, item, s.users[0]);
    expect(p.subscriptionId).toEqual(expect.any(String));
    const res = await refund(s.headers, p.id, { reason: "requested_by_customer" });
    expect(res.body.data.refund.clawback).toEqual({ subscriptionEnded: true });
    const sub = await db().subscription.findUniqueOrThrow({ where: { id: p.subscriptionId! } });
    expect(sub.status).toBe("Canceled");
    expect(sub.currentPeriodEnd.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("a subscription refunded in part, then the rest: Subscription.Canceled (reason refunded) once, at the refund in full, in its transaction", async () => {
    const s = await makeStore();
    const item = await makeProductRow(s.game.id, { type: "subscription", priceCents: 900 });
    const p = await buy(s, item, s.users[0]);
    const before = await db().subscription.findUniqueOrThrow({ where: { id: p.subscriptionId! } });
    expect(before.currentPeriodEnd.getTime()).toBeGreaterThan(Date.now());

    const part = await refund(s.headers, p.id, { amount: 400, reason: "requested_by_customer" });
    expect(part.status).toBe(201);
    expect(part.body.data.refund.clawback).toEqual({});
    expect(await db().subscription.findUniqueOrThrow({ where: { id: p.subscriptionId! } })).toMatchObject({ status: "Active", canceledAt: null });
    expect(await eventsOf(s.game.id, "Subscription.Canceled")).toEqual([]);

    const rest = await refund(s.headers, p.id, { reason: "requested_by_customer" });
    expect(rest.body.data.refund).toMatchObject({ amount: 500, clawback: { subscriptionEnded: true } });
    const sub = await db().subscription.findUniqueOrThrow({ where: { id: p.subscriptionId! } });
    expect(sub).toMatchObject({ status: "Canceled", nextChargeAt: null });
    expect(sub.currentPeriodEnd).toEqual(sub.canceledAt);
    const canceled = await eventsOf(s.game.id, "Subscription.Canceled");
    expect(canceled.map((e) => e.data)).toEqual([
      {
        subscriptionId: sub.id,
        itemId: item.id,
        user_ref: s.users[0],
        status: "Canceled",
        planCode: sub.planCode,
        planId: sub.planId,
        canceledAt: sub.canceledAt!.toISOString(),
        currentPeriodEnd: sub.canceledAt!.toISOString(),
        reason: "refunded",
      },
    ]);
    // the event went out with the refund: Subscription.Canceled before Purchases.Refunded, both about this sale
    const order = (await eventsOf(s.game.id)).map((e) => e.event).filter((e) => e === "Subscription.Canceled" || e === "Purchases.Refunded");
    expect(order).toEqual(["Purchases.Refunded", "Subscription.Canceled", "Purchases.Refunded"]);
    // nothing is left to refund, and nothing more is sent
    const again = await refund(s.headers, p.id, { reason: "requested_by_customer" });
    expect(again.status).toBe(409);
    expect(await eventsOf(s.game.id, "Subscription.Canceled")).toHaveLength(1);
  });

  it("a subscription the player canceled before, then refunded in full: it is not canceled again and no second Subscription.Canceled goes out", async () => {
    const s = await makeStore();
    const item = await makeProductRow(s.game.id, { type: "subscription", priceCents: 900 });
    const p = await buy(s, item, s.users[0]);
    await cancelSubscription({ db: db() }, { subscriptionId: p.subscriptionId!, reason: "requested" });
    const canceled = await db().subscription.findUniqueOrThrow({ where: { id: p.subscriptionId! } });

    const res = await refund(s.headers, p.id, { reason: "requested_by_customer" });
    expect(res.body.data.refund.clawback).toEqual({ subscriptionEnded: false });
    expect(await db().subscription.findUniqueOrThrow({ where: { id: p.subscriptionId! } })).toEqual(canceled);
    expect((await eventsOf(s.game.id, "Subscription.Canceled")).map((e) => e.data.reason)).toEqual(["requested"]);
  });

  it("with the game's clawback off, a refunded subscription runs on and sends no Subscription.Canceled", async () => {
    const s = await makeStore();
    expect((await call(PATCH_SETTINGS, { headers: s.headers, body: { refundClawback: false } })).status).toBe(200);
    const item = await makeProductRow(s.game.id, { type: "subscription", priceCents: 900 });
    const p = await buy(s, item, s.users[0]);
    const res = await refund(s.headers, p.id, { reason: "requested_by_customer" });
    expect(res.body.data.refund.clawback).toBeNull();
    expect((await db().subscription.findUniqueOrThrow({ where: { id: p.subscriptionId! } })).status).toBe("Active");
    expect(await eventsOf(s.game.id, "Subscription.Canceled")).toEqual([]);
  });

  it("racing refunds over real HTTP never give back more than was paid: of 6 parallel 40 % refunds exactly 2 pass", async () => {
    const s = await makeStore();
    await fund(s.headers, s.currencyId, s.users[0], 1000);
    const item = await makeProductRow(s.game.id, { fulfillmentType: "WEBHOOK", vcPrices: [{ currencyId: s.currencyId, amount: 1000n }] });
    const p = await buy(s, item, s.users[0], { method: "vc", currencyId: s.currencyId });
    expect(await balanceOf(s.currencyId, s.users[0])).toBe(0n);
    const server = await serveRoutes([POST]);
    try {
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          server.api(`/v1/purchases/${p.id}/refunds`, { method: "POST", headers: idem(s.headers), body: { amount: 400, reason: "duplicate" } }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 422, 422, 422, 422]);
      for (const a of answers.filter((x) => x.status === 422)) expect(a.body.code).toBe("REFUND_EXCEEDS_PAYMENT");
    } finally {
      await server.close();
    }
    expect(await purchaseOf(p.id)).toMatchObject({ status: "partially_refunded", refundedAmount: 800n });
    expect(await db().refund.count({ where: { objectId: p.id } })).toBe(2);
    expect(await balanceOf(s.currencyId, s.users[0])).toBe(800n);
    expect(await eventsOf(s.game.id, "Purchases.Refunded")).toHaveLength(2);
  });

  it("a replay with the same Idempotency-Key answers the same refund with Idempotent-Replayed and changes nothing", async () => {
    const s = await makeStore();
    const item = await makeProductRow(s.game.id, { priceCents: 500, fulfillmentType: "WEBHOOK" });
    const p = await buy(s, item, s.users[0]);
    const first = await refund(s.headers, p.id, { amount: 100, reason: "other" }, "refund-key-1");
    const second = await refund(s.headers, p.id, { amount: 100, reason: "other" }, "refund-key-1");
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await purchaseOf(p.id)).toMatchObject({ refundedAmount: 100n });
    expect(await db().refund.count({ where: { objectId: p.id } })).toBe(1);
  });

  it("attacks: no key 401; another game's purchase 404; a test key on a live purchase 404; bad input 400; a pending purchase 409; nothing changed", async () => {
    const s = await makeStore();
    const other = await makeStore();
    const item = await makeProductRow(s.game.id, { priceCents: 500, fulfillmentType: "WEBHOOK" });
    const p = await buy(s, item, s.users[0]);
    expect((await call(POST, { headers: { "idempotency-key": "k" }, params: { purchaseId: p.id }, body: { reason: "other" } })).status).toBe(401);
    const stranger = await refund(other.headers, p.id, { reason: "other" });
    expect([stranger.status, stranger.body.code]).toEqual([404, "PURCHASE_NOT_FOUND"]);
    expect((await call(GET, { headers: other.headers, params: { purchaseId: p.id } })).status).toBe(404);

    for (const body of [
      { reason: "because" },
      {},
      { reason: "other", amount: 0 },
      { reason: "other", amount: -5 },
      { reason: "other", amount: 1.5 },
      { reason: "other", amount: "100" },
    ]) {
      const bad = await refund(s.headers, p.id, body);
      expect([bad.status, bad.body.code], JSON.stringify(body)).toEqual([400, "VALIDATION_ERROR"]);
    }
    const bad = await refund(s.headers, p.id, { reason: "because" });
    expect(bad.body.details).toEqual([expect.objectContaining({ field: "reason" })]);

    const pending = await createPurchase({ db: db() }, { gameId: s.game.id, environment: "test", productId: item.id, userRef: s.users[0], method: "card" });
    const notDone = await refund(s.headers, pending.id, { reason: "other" });
    expect([notDone.status, notDone.body.code]).toEqual([409, "PURCHASE_NOT_REFUNDABLE"]);

    // a live game's purchase asked for with a test key is not found
    const live = await makeGame({ environment: "live" });
    const liveItem = await makeProductRow(live.game.id, { environment: "live", priceCents: 500, fulfillmentType: "WEBHOOK" });
    const liveUser = await linkUser(live.game.id, { environment: "live" });
    const lp = await buy(live, liveItem, liveUser, { environment: "live", externalId: `cs_${newId()}` });
    const testKey = await refund(s.headers, lp.id, { reason: "other" });
    expect([testKey.status, testKey.body.code]).toEqual([404, "PURCHASE_NOT_FOUND"]);

    expect(await db().refund.count({ where: { objectId: { in: [p.id, pending.id, lp.id] } } })).toBe(0);
    expect(await purchaseOf(p.id)).toMatchObject({ status: "completed", refundedAmount: 0n });
  });
});

// events are only recorded by the double: these tests assert what reached it, not its webhooks
const stripe = useStripeDouble({ secret: "whsec_purchase_refunds" });

/**
 * A live card purchase of `priceCents` paid at the Stripe double: the service opens its Checkout Session there, the
 * payer pays it (a succeeded PaymentIntent and Charge), and the purchase is completed with the session's id.
 */
const paidAtStripe = async (priceCents: number) => {
  const g = await makeGame({ environment: "live" });
  const item = await makeProductRow(g.game.id, { environment: "live", priceCents, fulfillmentType: "WEBHOOK" });
  const userRef = await linkUser(g.game.id, { environment: "live" });
  const pending = await createPurchase({ db: db() }, { gameId: g.game.id, environment: "live", productId: item.id, userRef, method: "card" });
  await createStripeCheckoutSession(
    { db: db() },
    { purchase: pending, itemName: "Live item", successUrl: "http://localhost/ok", cancelUrl: "http://localhost/back" },
  );
  const sessionId = (await purchaseOf(pending.id)).externalId!;
  const { paymentIntent, charge } = await stripe.double.pay(sessionId);
  const p = await completePurchase({ db: db() }, { purchaseId: pending.id, paymentProvider: "stripe", externalId: sessionId });
  return { ...g, p, sessionId, pi: paymentIntent.id, chargeId: charge.id };
};
/** The refunds of a PaymentIntent at the double, oldest first. */
const refundsAtStripe = (pi: string) => [...stripe.double.state.refunds.values()].filter((r) => r.payment_intent === pi);
const refundCalls = (pi: string) => stripe.calls("POST", "/v1/refunds").filter((c) => c.form.payment_intent === pi);

describe("live card refunds at Stripe", () => {
  it("a live card purchase is refunded at Stripe for the amount, with an idempotency key per step; the Checkout Session gives the PaymentIntent", async () => {
    const { p, pi, chargeId, headers } = await paidAtStripe(1200);
    expect(p.paymentIntentId).toBeNull(); // not stored: the refund reads it from the Checkout Session at Stripe
    const part = await refund(headers, p.id, { amount: 200, reason: "requested_by_customer" });
    expect(part.status).toBe(201);
    expect(part.body.data.refund).toMatchObject({ provider: "stripe", externalId: expect.stringMatching(/^re_/), amount: 200 });
    const rest = await refund(headers, p.id, { reason: "requested_by_customer" });
    expect(rest.body.data.purchase).toMatchObject({ status: "refunded", refundedAmount: 1200 });
    // both landed at Stripe as refunds of the payer's PaymentIntent, the part and then the rest
    expect(refundsAtStripe(pi).map((r) => [r.id, r.amount, r.charge, r.status])).toEqual([
      [part.body.data.refund.externalId, 200, chargeId, "succeeded"],
      [rest.body.data.refund.externalId, 1000, chargeId, "succeeded"],
    ]);
    expect(stripe.double.state.charges.get(chargeId)).toMatchObject({ amount: 1200, amount_refunded: 1200, refunded: true });
    // each keyed by the service's Refund row, with the purchase's metadata and the refund's id
    expect(refundCalls(pi).map((c) => [c.form.amount, c.idempotencyKey, c.form.metadata])).toEqual([
      ["200", `refund:${part.body.data.refund._id}`, { purchaseId: p.id, gameId: p.gameId, refundId: part.body.data.refund._id }],
      ["1000", `refund:${rest.body.data.refund._id}`, { purchaseId: p.id, gameId: p.gameId, refundId: rest.body.data.refund._id }],
    ]);
    expect(stripe.calls("GET", `/v1/checkout/sessions/${p.externalId}`)).toHaveLength(2);
  });

  it("Stripe without an answer (a 500) is 502 PAYMENT_PROVIDER_ERROR with the refund pending and held; the retry with the same key finishes it, once", async () => {
    const { p, pi, chargeId, headers } = await paidAtStripe(700);
    // the PaymentIntent stored when the checkout settled
    await db().purchase.update({ where: { id: p.id }, data: { paymentIntentId: pi } });
    stripe.double.failNext(/^\/v1\/refunds$/, 1);
    const failed = await refund(headers, p.id, { reason: "other" }, "live-refund-1");
    expect([failed.status, failed.body.code]).toEqual([502, "PAYMENT_PROVIDER_ERROR"]);
    expect(failed.body.error).toMatch(/^Stripe did not answer .*is pending: retry this request with the same Idempotency-Key/);
    expect(await purchaseOf(p.id)).toMatchObject({ status: "completed", refundedAmount: 0n });
    const [pending] = await db().refund.findMany({ where: { objectId: p.id } });
    expect(pending).toMatchObject({ status: "pending", amount: 700n, provider: "stripe", externalId: null, requestKey: "live-refund-1" });
    expect(refundsAtStripe(pi)).toEqual([]);
    expect(refundCalls(pi)).toHaveLength(1); // it reached Stripe, which answered 500
    // the amount is held: another refund meanwhile is refused, and the purchase's list shows no refund yet
    const other = await refund(headers, p.id, { amount: 100, reason: "other" });
    expect([other.status, other.body.code, other.body.error]).toEqual([
      409,
      "PURCHASE_NOT_REFUNDABLE",
      expect.stringContaining("700 of its payment in refunds pending"),
    ]);
    expect((await call(GET, { headers, params: { purchaseId: p.id } })).body.data).toEqual([]);
    const retried = await refund(headers, p.id, { reason: "other" }, "live-refund-1");
    expect(retried.status).toBe(201);
    expect(retried.body.data.refund).toMatchObject({ _id: pending.id, amount: 700, provider: "stripe", externalId: expect.stringMatching(/^re_/) });
    expect(retried.body.data.purchase).toMatchObject({ status: "refunded", refundedAmount: 700 });
    expect(refundsAtStripe(pi).map((r) => [r.id, r.amount])).toEqual([[retried.body.data.refund.externalId, 700]]);
    expect(refundCalls(pi).map((c) => c.idempotencyKey)).toEqual([`refund:${pending.id}`, `refund:${pending.id}`]);
    expect(stripe.double.state.charges.get(chargeId)).toMatchObject({ amount_refunded: 700, refunded: true });
    // a third repeat answers the same refund, nothing sent to Stripe
    const again = await refund(headers, p.id, { reason: "other" }, "live-refund-1");
    expect([again.status, again.headers.get("idempotent-replayed")]).toEqual([201, "true"]);
    expect(again.body.data.refund).toEqual(retried.body.data.refund);
    expect(refundCalls(pi)).toHaveLength(2);
    expect(await eventsOf(p.gameId, "Purchases.Refunded")).toHaveLength(1);
  });

  it("Stripe refusing (the charge is disputed at Stripe) is 502 with the reservation released: failed, nothing refunded, refundable again", async () => {
    const { p, pi, headers } = await paidAtStripe(900);
    // Stripe disputes the charge before the service has heard of it
    await stripe.double.dispute(pi);
    const refused = await refund(headers, p.id, { amount: 300, reason: "other" }, "refused-1");
    expect([refused.status, refused.body.code]).toEqual([502, "PAYMENT_PROVIDER_ERROR"]);
    expect(refused.body.error).toMatch(/^Stripe refused the refund \(Charge ch_\w+ has been charged back; it cannot be refunded\.\); nothing was refunded/);
    expect(await db().refund.findMany({ where: { objectId: p.id } })).toMatchObject([{ status: "failed", amount: 300n, requestKey: null }]);
    expect(await purchaseOf(p.id)).toMatchObject({ status: "completed", refundedAmount: 0n });
    expect(refundsAtStripe(pi)).toEqual([]);
    expect(await eventsOf(p.gameId, "Purchases.Refunded")).toHaveLength(0);
    // the key is free again: the same request is a new attempt (Stripe refuses it again)
    const again = await refund(headers, p.id, { amount: 300, reason: "other" }, "refused-1");
    expect([again.status, again.body.code]).toEqual([502, "PAYMENT_PROVIDER_ERROR"]);
    expect(await db().refund.count({ where: { objectId: p.id, status: "failed" } })).toBe(2);
  });

  it("racing live card refunds against the double: of 5 parallel 40 % refunds exactly 2 pass, and Stripe holds exactly those two", async () => {
    const { p, pi, chargeId, headers } = await paidAtStripe(1000);
    const server = await serveRoutes([POST]);
    try {
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          server.api(`/v1/purchases/${p.id}/refunds`, { method: "POST", headers: idem(headers), body: { amount: 400, reason: "duplicate" } }),
        ),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
      // refused while the first two were pending at Stripe (409), or after they settled (422): never a third pass
      for (const a of answers.filter((x) => x.status !== 201))
        expect([a.status, a.body.code]).toEqual(a.status === 409 ? [409, "PURCHASE_NOT_REFUNDABLE"] : [422, "REFUND_EXCEEDS_PAYMENT"]);
      const passed = answers
        .filter((a) => a.status === 201)
        .map((a) => a.body.data.refund.externalId)
        .sort();
      expect(
        refundsAtStripe(pi)
          .map((r) => r.id)
          .sort(),
      ).toEqual(passed);
    } finally {
      await server.close();
    }
    expect(await purchaseOf(p.id)).toMatchObject({ status: "partially_refunded", refundedAmount: 800n });
    expect(await db().refund.count({ where: { objectId: p.id, status: "succeeded" } })).toBe(2);
    expect(await db().refund.count({ where: { objectId: p.id, status: { not: "succeeded" } } })).toBe(0);
    expect(stripe.double.state.charges.get(chargeId)).toMatchObject({ amount_refunded: 800, refunded: false });
    expect(await eventsOf(p.gameId, "Purchases.Refunded")).toHaveLength(2);
  });
});
