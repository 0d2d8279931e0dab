// Finding 7 of issue 9, written as the attack (or the accident): card payments captured but never
// fulfilled. The payer reopens a claimed grant (another tab, the back button) while the first Stripe page
// stays payable; the earlier purchase was canceled on our side only, so paying that page produced a
// checkout.session.completed that got 409 on every Stripe retry, for days, with the money kept. And
// perUserLimit was only checked once the money was taken.
// Rule: cancelling or replacing a pending card purchase expires its Stripe session (a job queued with the
// cancel, retried on Stripe errors); a late completion is completed or refunded, answered 2xx; the limit
// is checked before the charge and again under a lock, and a paid payment over it is refunded.
//
// Real Stripe SDK against the Stripe double (tests/support/stripe-double); its signed events; the real job worker.
import { describe, expect, it } from "vitest";
import { POST as createGrant } from "@/app/api/v1/checkout/grants/route";
import { getDb } from "@/lib/db/client";
import { payCheckout } from "@/lib/flows/pay-checkout";
import { parseCheckoutUrl } from "@/lib/checkout/sign-url";
import { makeGame } from "@/tests/support/fixtures";
import { call } from "@/tests/support/http";
import { idem } from "@/tests/support/vc";
import { eventsOf, makeProductRow } from "@/tests/support/purchases";
import { useStripeDouble } from "@/tests/support/stripe-double-setup";
import { waitFor } from "@/tests/support/webhook-receiver";

// Stripe's events are recorded by the double and delivered when each test says (late, retried)
const stripe = useStripeDouble({ secret: "whsec_security_07", worker: true });
const deliver = stripe.deliver;

const liveShop = async ({ perUserLimit = null as number | null } = {}) => {
  const g = await makeGame({ environment: "live" });
  const item = await makeProductRow(g.game.id, { environment: "live", name: "Golden Sword", priceCents: 1299, perUserLimit });
  const grantFor = async (email: string) => {
    const res = await call(createGrant, { headers: idem(g.headers), body: { itemId: item.id, email } });
    expect(res.status, res.text).toBe(201);
    return parseCheckoutUrl(res.body.checkoutUrl)!;
  };
  return { ...g, item, grantFor };
};

/** The payer presses "Continue to card payment" on the grant's page: a Stripe session is opened. */
const startCardPayment = async (ref: NonNullable<ReturnType<typeof parseCheckoutUrl>>) => {
  const result = await payCheckout({ db: getDb() }, { ref, method: "card", email: "payer@example.com" });
  expect(result.outcome).toBe("redirect");
  const sessionId = (await getDb().purchase.findUniqueOrThrow({ where: { id: result.purchase.id } })).externalId!;
  return { purchaseId: result.purchase.id, sessionId };
};

const expireCalls = (sessionId: string) => stripe.calls("POST", `/v1/checkout/sessions/${sessionId}/expire`);
const refundCalls = () => stripe.calls("POST", "/v1/refunds");
const statusOf = async (id: string) => (await getDb().purchase.findUniqueOrThrow({ where: { id } })).status;

describe("finding 7: a card payment ends cleanly, whatever the payer does with their tabs", () => {
  it("reopening a claimed grant expires the earlier Stripe session, even when Stripe fails the first attempt", async () => {
    const shop = await liveShop();
    const ref = await shopGrant(shop);
    const first = await startCardPayment(ref);
    stripe.double.failNext(new RegExp(`/${first.sessionId}/expire$`)); // Stripe has a bad moment: the job must retry
    const second = await startCardPayment(ref); // the payer went back to the checkout and started again
    expect(await statusOf(first.purchaseId)).toBe("canceled");
    expect(await statusOf(second.purchaseId)).toBe("pending");

    await waitFor(() => stripe.statusAtStripe(first.sessionId) === "expired", { timeoutMs: 20_000, what: "the first session expired at Stripe" });
    expect(expireCalls(first.sessionId).length).toBe(2); // the failed attempt, then the retry
    expect(stripe.statusAtStripe(second.sessionId)).toBe("open");
    expect(expireCalls(second.sessionId)).toEqual([]);
    // Stripe then reports the expiry: acknowledged, nothing changes
    const expired = await deliver("checkout.session.expired", first.sessionId);
    expect([expired.status, expired.body.action]).toEqual([200, "ignored"]);
    expect(await statusOf(second.purchaseId)).toBe("pending");
  });

  it("a session paid before its expiry landed is completed late (200) when its checkout is still open: the replacing payment is canceled and its session expired; never a 409", async () => {
    const shop = await liveShop();
    const ref = await shopGrant(shop);
    const first = await startCardPayment(ref);
    await stripe.double.pay(first.sessionId); // paid in the first tab a moment before...
    const second = await startCardPayment(ref); // ...the payer reopened the grant in a second tab
    // the queued expiry finds the session complete and ends without error
    await waitFor(() => expireCalls(first.sessionId).length === 1 && stripe.calls("GET", `/v1/checkout/sessions/${first.sessionId}`).length > 0, {
      what: "the expiry attempt",
    });
    expect(stripe.statusAtStripe(first.sessionId)).toBe("complete");

    const late = await deliver("checkout.session.completed", first.sessionId);
    expect(late).toMatchObject({ status: 200, body: { action: "completed", purchaseId: first.purchaseId } });
    expect(await getDb().purchase.findUniqueOrThrow({ where: { id: first.purchaseId } })).toMatchObject({ status: "completed", isPaid: true, refundId: null });
    expect(await statusOf(second.purchaseId)).toBe("canceled");
    // the second session, now displaced, is expired at Stripe
    await waitFor(() => stripe.statusAtStripe(second.sessionId) === "expired", { what: "the second session expired" });

    // Stripe retries the same event: still 200, nothing more
    expect((await deliver("checkout.session.completed", first.sessionId)).status).toBe(200);
    const completed = await eventsOf(shop.game.id, "Purchases.Completed");
    expect(completed.map((e) => e.data.purchaseId)).toEqual([first.purchaseId]);
    expect(refundCalls()).toEqual([]);
  });

  it("a session paid after its checkout completed with another payment is refunded at Stripe with its PaymentIntent (200, once)", async () => {
    const shop = await liveShop();
    const ref = await shopGrant(shop);
    const first = await startCardPayment(ref);
    await stripe.double.pay(first.sessionId);
    const second = await startCardPayment(ref);
    await stripe.double.pay(second.sessionId); // both tabs paid before anything was expired
    expect((await deliver("checkout.session.completed", second.sessionId)).body.action).toBe("completed");

    const late = await deliver("checkout.session.completed", first.sessionId);
    expect(late.status).toBe(200);
    expect(late.body).toMatchObject({ action: "refunded", purchaseId: first.purchaseId, refundId: expect.stringMatching(/^re_/) });
    expect(
      refundCalls()
        .filter((c) => c.form.payment_intent === stripe.intentOf(first.sessionId))
        .map((c) => [(c.form.metadata as Record<string, string>).purchaseId, c.idempotencyKey]),
    ).toEqual([[first.purchaseId, `refund-${first.purchaseId}`]]);
    expect(await getDb().purchase.findUniqueOrThrow({ where: { id: first.purchaseId } })).toMatchObject({
      status: "canceled",
      isPaid: false,
      refundId: late.body.refundId,
      refundedAt: expect.any(Date),
    });
    for (let i = 0; i < 3; i++) expect((await deliver("checkout.session.completed", first.sessionId)).status).toBe(200); // Stripe's retries end at once
    expect(refundCalls().filter((c) => c.form.payment_intent === stripe.intentOf(first.sessionId))).toHaveLength(1);
    // the refund is the one Stripe made, for the whole payment
    expect(stripe.double.state.refunds.get(late.body.refundId)).toMatchObject({
      payment_intent: stripe.intentOf(first.sessionId),
      amount: 1299,
      status: "succeeded",
    });
    expect((await eventsOf(shop.game.id, "Purchases.Completed")).map((e) => e.data.purchaseId)).toEqual([second.purchaseId]);
  });

  it("perUserLimit: a player at the limit is refused before any Stripe session is created; two payments open at once end with one refund, not a 409", async () => {
    const shop = await liveShop({ perUserLimit: 1 });
    const email = `limited-${Date.now()}@example.com`;
    const a = await startCardPayment(await shop.grantFor(email));
    const b = await startCardPayment(await shop.grantFor(email)); // started while a was still unpaid: allowed
    await stripe.double.pay(a.sessionId);
    await stripe.double.pay(b.sessionId);
    expect((await deliver("checkout.session.completed", a.sessionId)).body.action).toBe("completed");
    const over = await deliver("checkout.session.completed", b.sessionId);
    expect(over).toMatchObject({ status: 200, body: { action: "refunded", purchaseId: b.purchaseId } });
    expect(refundCalls().at(-1)!.form.payment_intent).toBe(stripe.intentOf(b.sessionId));
    expect(await getDb().purchase.findUniqueOrThrow({ where: { id: b.purchaseId } })).toMatchObject({ status: "failed", refundId: over.body.refundId });
    expect((await eventsOf(shop.game.id, "Purchases.Failed")).map((e) => e.data.purchaseId)).toEqual([b.purchaseId]);

    // now at the limit: a new checkout is refused before Stripe hears of it, and nothing is created
    const sessionsBefore = stripe.double.state.sessions.size;
    const purchasesBefore = await getDb().purchase.count({ where: { gameId: shop.game.id } });
    const err = await payCheckout({ db: getDb() }, { ref: await shop.grantFor(email), method: "card", email }).catch((e) => e);
    expect([err.status, err.code]).toEqual([409, "PURCHASE_LIMIT_REACHED"]);
    expect(stripe.double.state.sessions.size).toBe(sessionsBefore);
    expect(await getDb().purchase.count({ where: { gameId: shop.game.id } })).toBe(purchasesBefore);
    expect(await getDb().purchase.count({ where: { productId: shop.item.id, status: "completed" } })).toBe(1);
  });
});

const shopGrant = (shop: Awaited<ReturnType<typeof liveShop>>) => shop.grantFor(`payer-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`);
