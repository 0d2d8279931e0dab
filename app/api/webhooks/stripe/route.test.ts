// Stripe's webhook, with signed events built by each test (thinned, unpaid, replayed, badly signed), against the
// Stripe double (tests/support/stripe-double) that the real SDK calls (STRIPE_API_BASE): sessions are created and
// paid there, and refunds land there.
import { describe, expect, it } from "vitest";
import { POST } from "./route";
import { POST as createGrant } from "@/app/api/v1/checkout/grants/route";
import { makeGame } from "@/tests/support/fixtures";
import { call } from "@/tests/support/http";
import { idem } from "@/tests/support/vc";
import { eventsOf, makeProductRow } from "@/tests/support/purchases";
import { stripeSignature } from "@/tests/support/stripe-double";
import { useStripeDouble } from "@/tests/support/stripe-double-setup";
import { getDb } from "@/lib/db/client";
import { parseCheckoutUrl } from "@/lib/checkout/sign-url";
import { payCheckout } from "@/lib/flows/pay-checkout";
import { backOutOfPayment } from "@/lib/checkout/back-out-of-payment";
import { ALREADY_PAID_MESSAGE, LIMIT_REFUND_MESSAGE } from "@/lib/flows/settle-paid-checkout";

const SECRET = "whsec_test_secret";
// events are only recorded by the double: each test sends its own
const stripe = useStripeDouble({ secret: SECRET });

/** A live game's grant paid by card: the live path opens a Checkout Session at the Stripe double. */
const setup = async ({ perUserLimit = null as number | null, email = undefined as string | undefined } = {}) => {
  const g = await makeGame({ environment: "live" });
  const item = await makeProductRow(g.game.id, { environment: "live", perUserLimit });
  const created = await call(createGrant, {
    headers: idem(g.headers),
    body: { itemId: item.id, checkoutMetadata: { order: "A1" }, ...(email ? { email } : {}) },
  });
  const ref = parseCheckoutUrl(created.body.checkoutUrl)!;
  const pay = async () => {
    const r = await payCheckout({ db: getDb() }, { ref, method: "card" });
    return { purchase: r.purchase, sessionId: (await getDb().purchase.findUniqueOrThrow({ where: { id: r.purchase.id } })).externalId! };
  };
  const { purchase, sessionId } = await pay();
  return {
    ...g,
    item,
    ref,
    grantId: (ref as { grantId: string }).grantId,
    url: created.body.checkoutUrl as string,
    purchase,
    sessionId,
    pay,
    userRef: created.body.userRef as string,
  };
};

const send = async (event: Record<string, unknown>, { secret = SECRET, header }: { secret?: string; header?: string | null } = {}) => {
  const payload = JSON.stringify(event);
  const headers = new Headers({ "content-type": "application/json" });
  const sig = header === undefined ? stripeSignature(payload, secret) : header;
  if (sig !== null) headers.set("stripe-signature", sig);
  const res = await POST(new Request("http://localhost/api/webhooks/stripe", { method: "POST", headers, body: payload }));
  return { status: res.status, body: await res.json() };
};
/** The PaymentIntent of a session the payer paid at the double (paid now if still open); an unknown session's is made up. */
const paidIntent = async (sessionId: string) => {
  const session = stripe.double.state.sessions.get(sessionId);
  if (!session) return `pi_unknown_${sessionId}`;
  if (session.status === "open") await stripe.double.pay(sessionId);
  return stripe.intentOf(sessionId);
};
/** A thinned checkout.session.* event: paid ones carry the PaymentIntent Stripe made. */
const sessionEvent = async (id: string, type: string, sessionId: string, payment_status = "paid") => ({
  id,
  object: "event",
  type,
  data: {
    object: { id: sessionId, object: "checkout.session", payment_status, payment_intent: payment_status === "paid" ? await paidIntent(sessionId) : null },
  },
});
const refundCalls = () => stripe.calls("POST", "/v1/refunds");
const purchaseOf = (id: string) => getDb().purchase.findUniqueOrThrow({ where: { id } });
const grantOf = (id: string) => getDb().checkoutGrant.findUniqueOrThrow({ where: { id } });

describe("POST /api/webhooks/stripe", () => {
  it("checkout.session.completed (signed) completes the purchase and the grant once; a replayed event changes nothing", async () => {
    const s = await setup();
    const event = await sessionEvent("evt_1", "checkout.session.completed", s.sessionId);
    const first = await send(event);
    expect(first).toEqual({
      status: 200,
      body: { received: true, eventId: "evt_1", type: "checkout.session.completed", purchaseId: s.purchase.id, action: "completed" },
    });
    const p = await purchaseOf(s.purchase.id);
    expect(p).toMatchObject({ status: "completed", isPaid: true, paymentProvider: "stripe", externalId: s.sessionId, userRef: s.userRef, refundId: null });
    expect((await grantOf(s.grantId)).status).toBe("completed");
    const replay = await send(event);
    expect(replay.status).toBe(200);
    expect((await send(await sessionEvent("evt_2", "checkout.session.completed", s.sessionId))).status).toBe(200);
    const completed = await eventsOf(s.game.id, "Purchases.Completed");
    expect(completed).toHaveLength(1);
    expect(completed[0].data).toMatchObject({ paymentProvider: "stripe", amount: 499, grant_user_ref: s.userRef, checkout_metadata: { order: "A1" } });
    expect((await purchaseOf(s.purchase.id)).updatedAt).toEqual(p.updatedAt);
    expect(refundCalls()).toEqual([]);
  });

  it("async_payment_failed and expired fail the purchase and put the grant back to pending; an unpaid completed session does nothing", async () => {
    const s = await setup();
    expect((await send(await sessionEvent("evt_u", "checkout.session.completed", s.sessionId, "unpaid"))).body.action).toBe("ignored");
    expect((await purchaseOf(s.purchase.id)).status).toBe("pending");
    const failed = await send(await sessionEvent("evt_f", "checkout.session.async_payment_failed", s.sessionId));
    expect(failed.body.action).toBe("failed");
    expect(await purchaseOf(s.purchase.id)).toMatchObject({ status: "failed", failureMessage: "The card payment failed." });
    expect((await grantOf(s.grantId)).status).toBe("pending");
    expect((await send(await sessionEvent("evt_e", "checkout.session.expired", s.sessionId))).body.action).toBe("ignored");
    expect((await eventsOf(s.game.id, "Purchases.Failed")).map((e) => e.data.message)).toEqual(["The card payment failed."]);

    const t = await setup();
    expect((await send(await sessionEvent("evt_x", "checkout.session.expired", t.sessionId))).body.action).toBe("failed");
    expect((await purchaseOf(t.purchase.id)).failureMessage).toContain("expired");
  });

  it("a late completion of a replaced purchase whose checkout is still open completes it: the replacing purchase is canceled instead", async () => {
    const s = await setup();
    const second = await s.pay(); // the payer reopened the grant and started a second card payment
    expect((await purchaseOf(s.purchase.id)).status).toBe("canceled");
    const res = await send(await sessionEvent("evt_l", "checkout.session.completed", s.sessionId));
    expect(res).toEqual({
      status: 200,
      body: { received: true, eventId: "evt_l", type: "checkout.session.completed", purchaseId: s.purchase.id, action: "completed" },
    });
    expect(await purchaseOf(s.purchase.id)).toMatchObject({ status: "completed", isPaid: true, refundId: null });
    expect((await purchaseOf(second.purchase.id)).status).toBe("canceled");
    expect(await grantOf(s.grantId)).toMatchObject({ status: "completed", purchaseId: s.purchase.id });
    expect((await eventsOf(s.game.id)).map((e) => `${e.event} ${e.data.purchaseId === s.purchase.id ? "first" : "second"}`)).toEqual([
      "Purchases.Started first",
      "Purchases.Canceled first",
      "Purchases.Started second",
      "Purchases.Canceled second",
      "Purchases.Completed first",
    ]);
    expect(refundCalls()).toEqual([]);
    // the second session is paid too, later: its checkout is completed, so it is refunded
    const late = await send(await sessionEvent("evt_l2", "checkout.session.completed", second.sessionId));
    expect(late.body).toMatchObject({ action: "refunded", purchaseId: second.purchase.id, refundId: expect.stringMatching(/^re_/) });
    expect(stripe.double.state.refunds.get(late.body.refundId)).toMatchObject({ payment_intent: stripe.intentOf(second.sessionId), status: "succeeded" });
  });

  it("a late completion whose checkout completed with another payment is refunded at Stripe with its PaymentIntent, once; never a 409", async () => {
    const s = await setup();
    const second = await s.pay();
    expect((await send(await sessionEvent("evt_a", "checkout.session.completed", second.sessionId))).body.action).toBe("completed");
    const before = refundCalls().length;
    const res = await send(await sessionEvent("evt_b", "checkout.session.completed", s.sessionId));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ action: "refunded", purchaseId: s.purchase.id });
    const calls = refundCalls().slice(before);
    expect(calls.map((c) => [c.form.payment_intent, (c.form.metadata as Record<string, string>).purchaseId, c.idempotencyKey])).toEqual([
      [stripe.intentOf(s.sessionId), s.purchase.id, `refund-${s.purchase.id}`],
    ]);
    const refunded = await purchaseOf(s.purchase.id);
    expect(refunded).toMatchObject({ status: "canceled", isPaid: false, refundId: res.body.refundId, refundedAt: expect.any(Date) });
    // Stripe retries the event: 200 again, no second refund, no event for the game
    const again = await send(await sessionEvent("evt_b", "checkout.session.completed", s.sessionId));
    expect([again.status, again.body.action, again.body.refundId]).toEqual([200, "refunded", res.body.refundId]);
    expect(refundCalls().slice(before)).toHaveLength(1);
    expect(await eventsOf(s.game.id, "Purchases.Completed")).toHaveLength(1);
  });

  it("a pending card payment over perUserLimit at completion fails (Purchases.Failed, grant pending) and is refunded", async () => {
    const email = `limit-${Date.now()}@example.com`;
    const a = await setup({ perUserLimit: 1, email });
    const b = await call(createGrant, { headers: idem(a.headers), body: { itemId: a.item.id, email } });
    const second = await payCheckout({ db: getDb() }, { ref: parseCheckoutUrl(b.body.checkoutUrl)!, method: "card" }); // both started before either was paid
    const secondSession = (await purchaseOf(second.purchase.id)).externalId!;
    expect((await send(await sessionEvent("evt_c1", "checkout.session.completed", a.sessionId))).body.action).toBe("completed");
    const res = await send(await sessionEvent("evt_c2", "checkout.session.completed", secondSession));
    expect(res).toMatchObject({ status: 200, body: { action: "refunded", purchaseId: second.purchase.id } });
    expect(await purchaseOf(second.purchase.id)).toMatchObject({ status: "failed", failureMessage: LIMIT_REFUND_MESSAGE, refundId: res.body.refundId });
    expect(refundCalls().at(-1)!.form.payment_intent).toBe(stripe.intentOf(secondSession));
    expect((await getDb().checkoutGrant.findFirstOrThrow({ where: { purchaseId: second.purchase.id } })).status).toBe("pending");
    expect((await eventsOf(a.game.id, "Purchases.Failed")).map((e) => e.data.purchaseId)).toEqual([second.purchase.id]);
    expect(await getDb().purchase.count({ where: { productId: a.item.id, status: "completed" } })).toBe(1);
  });

  it("a pending purchase whose checkout another payment completed (it should have been canceled) fails and is refunded, not completed twice", async () => {
    const s = await setup();
    await getDb().checkoutGrant.update({ where: { id: s.grantId }, data: { status: "completed", purchaseId: "another-purchase" } });
    const res = await send(await sessionEvent("evt_twice", "checkout.session.completed", s.sessionId));
    expect(res).toMatchObject({ status: 200, body: { action: "refunded", purchaseId: s.purchase.id } });
    expect(await purchaseOf(s.purchase.id)).toMatchObject({
      status: "failed",
      failureMessage: ALREADY_PAID_MESSAGE,
      isPaid: false,
      refundId: res.body.refundId,
    });
    expect(await eventsOf(s.game.id, "Purchases.Completed")).toEqual([]);
  });

  it("when Stripe fails the refund the answer is 500 (Stripe sends the event again) and the retry refunds", async () => {
    const s = await setup();
    await backOutOfPayment({ db: getDb() }, { purchaseId: s.purchase.id });
    const other = await s.pay();
    await send(await sessionEvent("evt_o", "checkout.session.completed", other.sessionId));
    stripe.double.failNext(/^\/v1\/refunds$/);
    const failed = await send(await sessionEvent("evt_r", "checkout.session.completed", s.sessionId));
    expect([failed.status, failed.body.code]).toEqual([500, "INTERNAL_ERROR"]);
    expect((await purchaseOf(s.purchase.id)).refundedAt).toBeNull();
    const retried = await send(await sessionEvent("evt_r", "checkout.session.completed", s.sessionId));
    expect(retried).toMatchObject({ status: 200, body: { action: "refunded" } });
    expect((await purchaseOf(s.purchase.id)).refundId).toBe(retried.body.refundId);
  });

  it("400 for a bad or missing signature (nothing changes); unknown sessions and other events are acknowledged and ignored", async () => {
    const s = await setup();
    const event = await sessionEvent("evt_b", "checkout.session.completed", s.sessionId);
    for (const opts of [{ secret: "whsec_wrong" }, { header: null }, { header: "t=1,v1=abc" }]) {
      const res = await send(event, opts);
      expect([res.status, res.body.code]).toEqual([400, "STRIPE_SIGNATURE_INVALID"]);
    }
    expect((await purchaseOf(s.purchase.id)).status).toBe("pending");
    expect((await send(await sessionEvent("evt_o", "checkout.session.completed", "cs_unknown"))).body).toMatchObject({ action: "ignored", purchaseId: null });
    expect((await send({ id: "evt_p", object: "event", type: "payment_intent.created", data: { object: { id: "pi_1" } } })).body.action).toBe("ignored");
  });

  it("without Stripe configured: the webhook is 503 PAYMENTS_NOT_CONFIGURED and a live card payment is refused before anything starts", async () => {
    const s = await setup();
    delete process.env.STRIPE_WEBHOOK_SECRET;
    const res = await send(await sessionEvent("evt_n", "checkout.session.completed", s.sessionId));
    expect([res.status, res.body.code]).toEqual([503, "PAYMENTS_NOT_CONFIGURED"]);
    expect(res.body.error).toContain("STRIPE_WEBHOOK_SECRET");
    delete process.env.STRIPE_SECRET_KEY;
    const g = await call(createGrant, { headers: idem(s.headers), body: { itemId: s.item.id } });
    const err = await payCheckout({ db: getDb() }, { ref: parseCheckoutUrl(g.body.checkoutUrl)!, method: "card" }).catch((e) => e);
    expect([err.status, err.code]).toEqual([503, "PAYMENTS_NOT_CONFIGURED"]);
    expect(err.message).toContain("STRIPE_SECRET_KEY");
    expect(await getDb().purchase.count({ where: { gameId: s.game.id } })).toBe(1);
    expect(await getDb().checkoutGrant.count({ where: { gameId: s.game.id, status: "pending" } })).toBe(1);
  });
});
