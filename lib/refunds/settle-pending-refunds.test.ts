// Live card refunds made at Stripe outside the purchase's lock, against the Stripe double on real PostgreSQL: no row
// lock is held while Stripe answers, and a refund left pending (no answer, or the server stopping between Stripe and
// the second transaction) is settled by the recovery job: finished once, or released when Stripe refuses it.
// docs/decisions/refund-outside-lock.md
import { describe, expect, it } from "vitest";
import pg from "pg";
import { POST } from "@/app/api/v1/purchases/[purchaseId]/refunds/route";
import { call } from "@/tests/support/http";
import { makeGame, linkUser } from "@/tests/support/fixtures";
import { idem } from "@/tests/support/vc";
import { eventsOf, makeProductRow } from "@/tests/support/purchases";
import { useStripeDouble } from "@/tests/support/stripe-double-setup";
import { getDb } from "@/lib/db/client";
import { createPurchase } from "@/lib/purchases/create-purchase";
import { completePurchase } from "@/lib/purchases/complete-purchase";
import { createStripeCheckoutSession } from "@/lib/stripe/create-checkout-session";
import { requireStripe } from "@/lib/stripe/client";
import { settlePendingRefunds, PENDING_REFUND_GRACE_MS } from "./settle-pending-refunds";

const db = () => getDb();
const stripe = useStripeDouble({ secret: "whsec_settle_pending_refunds" });

/** A live card purchase of `priceCents` paid at the double, completed with its PaymentIntent stored. */
const paidAtStripe = async (priceCents: number) => {
  const g = await makeGame({ environment: "live" });
  const item = await makeProductRow(g.game.id, { environment: "live", priceCents, fulfillmentType: "WEBHOOK" });
  const userRef = await linkUser(g.game.id, { environment: "live" });
  const pending = await createPurchase({ db: db() }, { gameId: g.game.id, environment: "live", productId: item.id, userRef, method: "card" });
  await createStripeCheckoutSession(
    { db: db() },
    { purchase: pending, itemName: "Live item", successUrl: "http://localhost/ok", cancelUrl: "http://localhost/back" },
  );
  const sessionId = (await db().purchase.findUniqueOrThrow({ where: { id: pending.id } })).externalId!;
  const { paymentIntent } = await stripe.double.pay(sessionId);
  const p = await completePurchase({ db: db() }, { purchaseId: pending.id, paymentProvider: "stripe", externalId: sessionId });
  await db().purchase.update({ where: { id: p.id }, data: { paymentIntentId: paymentIntent.id } });
  return { ...g, p, pi: paymentIntent.id };
};
const refund = (headers: Record<string, string>, purchaseId: string, body: Record<string, unknown>, key?: string) =>
  call(POST, { headers: idem(headers, key), params: { purchaseId }, body });
const refundsAtStripe = (pi: string) => [...stripe.double.state.refunds.values()].filter((r) => r.payment_intent === pi);
const purchaseOf = (id: string) => db().purchase.findUniqueOrThrow({ where: { id } });
const rowsOf = (purchaseId: string) => db().refund.findMany({ where: { objectId: purchaseId }, orderBy: { createdAt: "asc" } });
/** The job's clock, past the grace period of every refund pending now. */
const later = () => new Date(Date.now() + PENDING_REFUND_GRACE_MS + 1000);

describe("live card refunds outside the lock", () => {
  it("while Stripe is slow no lock is held: the purchase row can be locked at once, and a second refund is answered without waiting", async () => {
    const { p, pi, headers } = await paidAtStripe(1000);
    const slow = stripe.double.holdNext(/^\/v1\/refunds$/);
    const first = refund(headers, p.id, { amount: 600, reason: "requested_by_customer" });
    await slow.reached;
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      // another connection takes the purchase's row lock without waiting (NOWAIT fails at once if it is held)
      await client.query("BEGIN");
      const locked = await client.query(`SELECT id FROM "Purchase" WHERE id = $1 FOR UPDATE NOWAIT`, [p.id]);
      expect(locked.rows).toEqual([{ id: p.id }]);
      await client.query("ROLLBACK");
    } finally {
      await client.end();
    }
    // the refund is reserved (pending) and counted: more than what is left besides it is refused now, not after Stripe
    expect(await rowsOf(p.id)).toMatchObject([{ status: "pending", amount: 600n, externalId: null }]);
    const second = await refund(headers, p.id, { amount: 500, reason: "other" });
    expect([second.status, second.body.code]).toEqual([422, "REFUND_EXCEEDS_PAYMENT"]);
    expect(second.body.error).toContain("pending: 600");
    expect(await purchaseOf(p.id)).toMatchObject({ status: "completed", refundedAmount: 0n });
    slow.release();
    const done = await first;
    expect(done.status).toBe(201);
    expect(done.body.data).toMatchObject({ refund: { amount: 600, provider: "stripe" }, purchase: { status: "partially_refunded", refundedAmount: 600 } });
    expect(refundsAtStripe(pi).map((r) => [r.id, r.amount, r.metadata])).toEqual([
      [done.body.data.refund.externalId, 600, { purchaseId: p.id, gameId: p.gameId, refundId: done.body.data.refund._id }],
    ]);
  });

  it("the answer lost after Stripe refunded: the refund stays pending; the job finds it at Stripe by its metadata and finishes it, once", async () => {
    const { p, pi, headers } = await paidAtStripe(800);
    stripe.double.failNext(/^\/v1\/refunds$/, 1, { lost: true });
    const lost = await refund(headers, p.id, { amount: 300, reason: "requested_by_customer" });
    expect([lost.status, lost.body.code]).toEqual([502, "PAYMENT_PROVIDER_ERROR"]);
    expect(refundsAtStripe(pi).map((r) => r.amount)).toEqual([300]); // Stripe made it
    const [pending] = await rowsOf(p.id);
    expect(pending).toMatchObject({ status: "pending", amount: 300n });

    // within the grace period the job leaves it to the request that reserved it
    expect(await settlePendingRefunds({ db: db() })).toEqual([]);
    expect(await settlePendingRefunds({ db: db() }, { now: later() })).toEqual([{ refundId: pending.id, outcome: "succeeded" }]);
    const [stripeRefund] = refundsAtStripe(pi);
    expect(await rowsOf(p.id)).toMatchObject([{ id: pending.id, status: "succeeded", externalId: stripeRefund.id, provider: "stripe" }]);
    expect(await purchaseOf(p.id)).toMatchObject({ status: "partially_refunded", refundedAmount: 300n, refundId: stripeRefund.id });
    expect(refundsAtStripe(pi)).toHaveLength(1);
    expect(await eventsOf(p.gameId, "Purchases.Refunded")).toHaveLength(1);
    // the next tick has nothing to do
    expect(await settlePendingRefunds({ db: db() }, { now: later() })).toEqual([]);
  });

  it("the server stopped before Stripe was asked: the job makes the refund with its own key; Stripe refusing one releases it", async () => {
    const a = await paidAtStripe(500);
    const b = await paidAtStripe(400);
    // Stripe down for both (no answer, nothing done)
    stripe.double.failNext(/^\/v1\/refunds$/, 2);
    expect((await refund(a.headers, a.p.id, { reason: "other" })).status).toBe(502);
    expect((await refund(b.headers, b.p.id, { reason: "other" })).status).toBe(502);
    expect([refundsAtStripe(a.pi), refundsAtStripe(b.pi)]).toEqual([[], []]);
    // meanwhile b's card holder disputes the charge at the bank: Stripe will refuse b's refund
    await stripe.double.dispute(b.pi);
    const [ra] = await rowsOf(a.p.id);
    const [rb] = await rowsOf(b.p.id);
    const settled = await settlePendingRefunds({ db: db() }, { now: later() });
    expect(settled).toEqual(
      expect.arrayContaining([
        { refundId: ra.id, outcome: "succeeded" },
        { refundId: rb.id, outcome: "failed" },
      ]),
    );
    expect(refundsAtStripe(a.pi).map((r) => [r.amount, r.metadata?.refundId])).toEqual([[500, ra.id]]);
    expect(
      stripe
        .calls("POST", "/v1/refunds")
        .filter((c) => c.form.payment_intent === a.pi)
        .map((c) => c.idempotencyKey),
    ).toEqual([`refund:${ra.id}`, `refund:${ra.id}`]);
    expect(await purchaseOf(a.p.id)).toMatchObject({ status: "refunded", refundedAmount: 500n });
    // b: released, nothing refunded, the amount free again
    expect(refundsAtStripe(b.pi)).toEqual([]);
    expect(await rowsOf(b.p.id)).toMatchObject([{ id: rb.id, status: "failed", requestKey: null }]);
    expect(await purchaseOf(b.p.id)).toMatchObject({ status: "completed", refundedAmount: 0n });
    expect(await eventsOf(b.game.id, "Purchases.Refunded")).toHaveLength(0);
  });

  it("Stripe's idempotency error (the key in use by another try) is never taken for a refusal: the refund stays pending, its amount held", async () => {
    const { p, pi, headers } = await paidAtStripe(600);
    stripe.double.failNext(/^\/v1\/refunds$/, 1);
    expect((await refund(headers, p.id, { amount: 200, reason: "other" })).status).toBe(502);
    const [pending] = await rowsOf(p.id);
    // another try holds the key with other parameters (what a concurrent request looks like to Stripe)
    await requireStripe().refunds.create({ payment_intent: pi, amount: 100 }, { idempotencyKey: `refund:${pending.id}` });
    expect(await settlePendingRefunds({ db: db() }, { now: later() })).toEqual([{ refundId: pending.id, outcome: "pending" }]);
    expect(await rowsOf(p.id)).toMatchObject([{ id: pending.id, status: "pending", amount: 200n }]);
    const more = await refund(headers, p.id, { amount: 401, reason: "other" });
    expect([more.status, more.body.code]).toEqual([422, "REFUND_EXCEEDS_PAYMENT"]);
    expect(await purchaseOf(p.id)).toMatchObject({ status: "completed", refundedAmount: 0n });
  });
});
