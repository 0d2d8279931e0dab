// Stripe's charge.dispute.* events against live card purchases on real PostgreSQL, from the Stripe double
// (tests/support/stripe-double): the purchase is paid there, the card holder's bank disputes its charge there, and the
// events the double records are delivered signed to the webhook route. Created marks the purchase disputed and claws
// back, updated follows Stripe's status, closed restores on a won dispute and records the refund on a lost one;
// Purchases.Disputed / Purchases.DisputeClosed reach the game.
import { describe, expect, it } from "vitest";
import { POST } from "./route";
import { POST as createCurrency } from "@/app/api/v1/vc/currencies/route";
import { POST as refundRoute } from "@/app/api/v1/purchases/[purchaseId]/refunds/route";
import { makeGame, linkUser } from "@/tests/support/fixtures";
import { call } from "@/tests/support/http";
import { idem } from "@/tests/support/vc";
import { eventsOf, makeProductRow } from "@/tests/support/purchases";
import { useStripeDouble } from "@/tests/support/stripe-double-setup";
import { getDb } from "@/lib/db/client";
import { createPurchase } from "@/lib/purchases/create-purchase";
import { createStripeCheckoutSession } from "@/lib/stripe/create-checkout-session";
import { requireStripe } from "@/lib/stripe/client";
import { transfer } from "@/lib/ledger/transfer";
import { vcPool, vcUser } from "@/lib/ledger/accounts";
import { vcScope } from "@/lib/vc/vc-scope";

const SECRET = "whsec_test_disputes";
// events are only recorded by the double: each test delivers them when Stripe would
const stripe = useStripeDouble({ secret: SECRET });

let n = 0;
/** Posts a payload the test signed itself (a forged signature). */
const post = async ({ payload, signature }: { payload: string; signature: string }) => {
  const headers = new Headers({ "content-type": "application/json", "stripe-signature": signature });
  const res = await POST(new Request("http://localhost/api/webhooks/stripe", { method: "POST", headers, body: payload }));
  return { status: res.status, body: await res.json() };
};
/**
 * The bank disputes the charge of `pi` at the double; its charge.dispute.created (with evidence_details.due_by, as
 * Stripe sends it) is delivered signed.
 */
const disputeAtStripe = async (pi: string) => {
  const d = await stripe.double.dispute(pi);
  const created = await stripe.deliver("charge.dispute.created", d.id);
  return { d, created, due: new Date(d.evidence_details.due_by! * 1000) };
};

/**
 * A live game with a currency, and a card purchase of an item granting 1000 units (or, `subscription`, of a
 * monthly subscription item) paid at the double, settled by its signed checkout event.
 */
const setup = async ({ subscription = false } = {}) => {
  const g = await makeGame({ environment: "live" });
  const cur = await call(createCurrency, { headers: idem(g.headers), body: { code: `LG${++n}`, name: "Live gems" } });
  const currencyId: string = cur.body.currency._id;
  const userRef = await linkUser(g.game.id, { environment: "live" });
  const item = await makeProductRow(
    g.game.id,
    subscription
      ? { environment: "live", priceCents: 1000, type: "subscription" }
      : { environment: "live", priceCents: 1000, fulfillmentType: "GRANT_VIRTUAL_CURRENCY", grantCurrencyId: currencyId, grantAmountUnits: 1000n },
  );
  const pending = await createPurchase({ db: getDb() }, { gameId: g.game.id, environment: "live", productId: item.id, userRef, method: "card" });
  await createStripeCheckoutSession(
    { db: getDb() },
    { purchase: pending, itemName: "Live gems", successUrl: "http://localhost/ok", cancelUrl: "http://localhost/back" },
  );
  const sessionId = (await getDb().purchase.findUniqueOrThrow({ where: { id: pending.id } })).externalId!;
  const { paymentIntent } = await stripe.double.pay(sessionId);
  const pi = paymentIntent.id;
  const paid = await stripe.deliver("checkout.session.completed", sessionId);
  expect(paid.body.action).toBe("completed");
  const balance = async () =>
    (await getDb().ledgerAccount.findFirst({ where: { asset: `vc:${currencyId}`, environment: "live", kind: "user", ownerRef: userRef } }))?.balance ?? 0n;
  const spend = (units: bigint) =>
    transfer(getDb(), {
      ...vcScope({ gameId: g.game.id, environment: "live", currencyId }),
      type: "debit",
      from: vcUser(userRef, "live"),
      to: vcPool(currencyId, "live"),
      amount: units,
      description: "spent",
    });
  return { ...g, currencyId, userRef, itemId: item.id, purchaseId: pending.id, pi, balance, spend };
};
const purchaseOf = (id: string) => getDb().purchase.findUniqueOrThrow({ where: { id } });

describe("charge.dispute.* webhooks", () => {
  it("created claws back (down to 0) and marks the purchase disputed, once; updated follows Stripe; won restores what was recovered", async () => {
    const s = await setup();
    expect(await purchaseOf(s.purchaseId)).toMatchObject({ status: "completed", paymentIntentId: s.pi, disputeStatus: null });
    await s.spend(400n);
    expect(await s.balance()).toBe(600n);

    const { d, created, due } = await disputeAtStripe(s.pi);
    expect(d).toMatchObject({ amount: 1000, payment_intent: s.pi, reason: "fraudulent", status: "needs_response" });
    // due a week after the dispute opened, at the end of that day (UTC)
    expect(due.toISOString()).toBe(`${new Date((d.created + 7 * 86_400) * 1000).toISOString().slice(0, 10)}T23:59:59.000Z`);
    expect(d.evidence_details).toMatchObject({ has_evidence: false, past_due: false, submission_count: 0, submission_method: "not_submitted" });
    expect(created).toEqual({
      status: 200,
      body: {
        received: true,
        eventId: expect.stringMatching(/^evt_/),
        type: "charge.dispute.created",
        purchaseId: s.purchaseId,
        kind: "dispute",
        objectId: d.id,
        action: "disputed",
      },
    });
    expect(await s.balance()).toBe(0n);
    expect(await purchaseOf(s.purchaseId)).toMatchObject({ status: "completed", disputeStatus: "open" });
    const row = await getDb().dispute.findUniqueOrThrow({ where: { id: d.id } });
    expect(row).toMatchObject({
      objectType: "purchase",
      objectId: s.purchaseId,
      amountCents: 1000n,
      status: "needs_response",
      evidenceDueBy: due,
    });
    expect(row.clawback).toEqual({
      virtualCurrency: { currencyId: s.currencyId, units: "1000", recovered: "600", unrecovered: "400", journalId: expect.any(String) },
    });
    const [disputed] = await eventsOf(s.game.id, "Purchases.Disputed");
    expect(disputed.data).toMatchObject({
      purchaseId: s.purchaseId,
      dispute: { disputeId: d.id, amount: 1000, reason: "fraudulent", status: "needs_response", evidenceDueBy: due.toISOString() },
    });

    // Stripe's retry of the created event changes nothing
    expect((await stripe.deliver("charge.dispute.created", d.id)).body.action).toBe("ignored");
    expect(await eventsOf(s.game.id, "Purchases.Disputed")).toHaveLength(1);
    expect(await s.balance()).toBe(0n);

    // the game cannot refund a disputed purchase: the dispute decides (and nothing reaches Stripe)
    const refused = await call(refundRoute, { headers: idem(s.headers), params: { purchaseId: s.purchaseId }, body: { reason: "other" } });
    expect([refused.status, refused.body.code]).toEqual([409, "PURCHASE_NOT_REFUNDABLE"]);
    expect(stripe.calls("POST", "/v1/refunds").filter((c) => c.form.payment_intent === s.pi)).toEqual([]);

    // evidence submitted at Stripe: the dispute goes under review, charge.dispute.updated follows
    await requireStripe().disputes.update(d.id, { submit: true });
    expect(stripe.double.state.disputes.get(d.id)?.status).toBe("under_review");
    expect((await stripe.deliver("charge.dispute.updated", d.id)).body.action).toBe("updated");
    expect((await getDb().dispute.findUniqueOrThrow({ where: { id: d.id } })).status).toBe("under_review");
    expect(stripe.double.state.disputes.get(d.id)?.evidence_details).toMatchObject({ has_evidence: true, submission_count: 1 });
    // Stripe gives more time: the new due date follows
    const later = d.evidence_details.due_by! + 3 * 86_400;
    await stripe.double.updateDispute(d.id, { dueBy: later });
    expect((await stripe.deliver("charge.dispute.updated", d.id)).body.action).toBe("updated");
    expect(await getDb().dispute.findUniqueOrThrow({ where: { id: d.id } })).toMatchObject({ status: "under_review", evidenceDueBy: new Date(later * 1000) });

    await stripe.double.closeDispute(d.id, "won");
    const won = await stripe.deliver("charge.dispute.closed", d.id);
    expect(won.body.action).toBe("closed");
    expect(await s.balance()).toBe(600n);
    expect(await purchaseOf(s.purchaseId)).toMatchObject({ status: "completed", disputeStatus: "won", refundedAmount: 0n });
    const [closed] = await eventsOf(s.game.id, "Purchases.DisputeClosed");
    expect(closed.data).toMatchObject({ status: "completed", dispute: { disputeId: d.id, status: "won", outcome: "won", restored: true } });
    // Stripe's retry of the close does not restore twice
    expect((await stripe.deliver("charge.dispute.closed", d.id)).body.action).toBe("ignored");
    expect(await s.balance()).toBe(600n);
  });

  it("lost: the money is recorded as refunded (reason dispute_lost) and the clawback stands", async () => {
    const s = await setup();
    const { d } = await disputeAtStripe(s.pi);
    expect(await s.balance()).toBe(0n);
    await stripe.double.closeDispute(d.id, "lost");
    const lost = await stripe.deliver("charge.dispute.closed", d.id);
    expect(lost.body.action).toBe("closed");
    expect(await purchaseOf(s.purchaseId)).toMatchObject({ status: "refunded", refundedAmount: 1000n, disputeStatus: "lost" });
    expect(await getDb().refund.findMany({ where: { objectId: s.purchaseId } })).toEqual([
      expect.objectContaining({ amount: 1000n, reason: "dispute_lost", source: "dispute", provider: "stripe", externalId: d.id }),
    ]);
    expect(await s.balance()).toBe(0n);
    expect((await eventsOf(s.game.id, "Purchases.DisputeClosed"))[0].data).toMatchObject({ status: "refunded", dispute: { outcome: "lost" } });
    // no refund at Stripe for a lost dispute: the card network took the money back itself
    expect(stripe.calls("POST", "/v1/refunds").filter((c) => c.form.payment_intent === s.pi)).toEqual([]);
    expect([...stripe.double.state.refunds.values()].filter((r) => r.payment_intent === s.pi)).toEqual([]);
  });

  it("a subscription's dispute: open, it runs on; lost, it ends now with Subscription.Canceled (reason disputed), once", async () => {
    const s = await setup({ subscription: true });
    const { subscriptionId } = await purchaseOf(s.purchaseId);
    expect(subscriptionId).toEqual(expect.any(String));
    const { d } = await disputeAtStripe(s.pi);
    expect(await getDb().subscription.findUniqueOrThrow({ where: { id: subscriptionId! } })).toMatchObject({ status: "Active", canceledAt: null });
    expect(await eventsOf(s.game.id, "Subscription.Canceled")).toEqual([]);

    await stripe.double.closeDispute(d.id, "lost");
    expect((await stripe.deliver("charge.dispute.closed", d.id)).body.action).toBe("closed");
    const sub = await getDb().subscription.findUniqueOrThrow({ where: { id: subscriptionId! } });
    expect(sub).toMatchObject({ status: "Canceled", nextChargeAt: null });
    expect(sub.currentPeriodEnd).toEqual(sub.canceledAt);
    expect((await eventsOf(s.game.id, "Subscription.Canceled")).map((e) => e.data)).toEqual([
      {
        subscriptionId: sub.id,
        itemId: s.itemId,
        user_ref: s.userRef,
        status: "Canceled",
        planCode: sub.planCode,
        planId: sub.planId,
        canceledAt: sub.canceledAt!.toISOString(),
        currentPeriodEnd: sub.canceledAt!.toISOString(),
        reason: "disputed",
      },
    ]);
    // Stripe's retry of the close sends nothing again
    expect((await stripe.deliver("charge.dispute.closed", d.id)).body.action).toBe("ignored");
    expect(await eventsOf(s.game.id, "Subscription.Canceled")).toHaveLength(1);
  });

  it("a subscription's dispute won, then the game refunds it in full: one Subscription.Canceled, reason refunded", async () => {
    const s = await setup({ subscription: true });
    const { subscriptionId } = await purchaseOf(s.purchaseId);
    const { d } = await disputeAtStripe(s.pi);
    await stripe.double.closeDispute(d.id, "won");
    expect((await stripe.deliver("charge.dispute.closed", d.id)).body.action).toBe("closed");
    expect((await getDb().subscription.findUniqueOrThrow({ where: { id: subscriptionId! } })).status).toBe("Active");
    expect(await eventsOf(s.game.id, "Subscription.Canceled")).toEqual([]);

    const refunded = await call(refundRoute, { headers: idem(s.headers), params: { purchaseId: s.purchaseId }, body: { reason: "other" } });
    expect([refunded.status, refunded.body.data.refund.clawback]).toEqual([201, { subscriptionEnded: true }]);
    expect((await getDb().subscription.findUniqueOrThrow({ where: { id: subscriptionId! } })).status).toBe("Canceled");
    expect((await eventsOf(s.game.id, "Subscription.Canceled")).map((e) => [e.data.subscriptionId, e.data.reason])).toEqual([[subscriptionId, "refunded"]]);
  });

  it("a bad signature is 400 with nothing recorded; a dispute of a PaymentIntent that is not ours is acknowledged and ignored", async () => {
    const s = await setup();
    const d = await stripe.double.dispute(s.pi);
    const forged = await post(stripe.signed("charge.dispute.created", d.id, "whsec_someone_else"));
    expect([forged.status, forged.body.code]).toEqual([400, "STRIPE_SIGNATURE_INVALID"]);
    expect(await getDb().dispute.count({ where: { id: d.id } })).toBe(0);
    expect((await purchaseOf(s.purchaseId)).disputeStatus).toBeNull();

    // a payment made at Stripe outside Coinop (a session no purchase opened), then disputed
    const foreign = await requireStripe().checkout.sessions.create({
      mode: "payment",
      line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 500, product_data: { name: "Not ours" } } }],
      success_url: "http://localhost/elsewhere",
    });
    const { paymentIntent } = await stripe.double.pay(foreign.id);
    const theirs = await stripe.double.dispute(paymentIntent.id);
    const stranger = await stripe.deliver("charge.dispute.created", theirs.id);
    expect(stranger).toMatchObject({ status: 200, body: { action: "ignored", purchaseId: null } });
    expect(await getDb().dispute.count({ where: { id: theirs.id } })).toBe(0);
  });
});
