// The live payment path end to end against the Stripe double (tests/support/stripe-double): the real `stripe` SDK
// talks to it over HTTP (STRIPE_API_BASE → the SDK's host/port/protocol), the payer pays on the double's hosted page,
// and the double POSTs the events Stripe would send, signed with the webhook secret, to the app's webhook route.
// Nothing is faked inside the app. Real PostgreSQL.
import { beforeAll, describe, expect, it } from "vitest";
import Stripe from "stripe";
import { POST as createGrant } from "@/app/api/v1/checkout/grants/route";
import { POST as createCurrency } from "@/app/api/v1/vc/currencies/route";
import { POST as CREATE_INVOICE } from "@/app/api/v1/platform/invoices/route";
import { GET as LIST_INVOICE_REFUNDS, POST as REFUND_INVOICE } from "@/app/api/v1/platform/invoices/[invoiceId]/refunds/route";
import { makeGame, makePlatform } from "@/tests/support/fixtures";
import { call } from "@/tests/support/http";
import { idem } from "@/tests/support/vc";
import { eventsOf, makeProductRow } from "@/tests/support/purchases";
import { campaignSession, idemKey, makeFundTenant } from "@/tests/support/fund-sessions";
import { stripeSignature, type StripeDouble } from "@/tests/support/stripe-double";
import { deliverToApp, useStripeDouble } from "@/tests/support/stripe-double-setup";
import { getDb } from "@/lib/db/client";
import { parseCheckoutUrl, successUrlPath, cancelUrlPath } from "@/lib/checkout/sign-url";
import { payCheckout } from "@/lib/flows/pay-checkout";
import { backOutOfPayment } from "@/lib/checkout/back-out-of-payment";
import { expireStripeCheckoutSession } from "@/lib/stripe/expire-checkout-session";
import { refundPaymentIntent } from "@/lib/stripe/refund-payment-intent";
import { requireStripe } from "@/lib/stripe/client";
import { vcAsset } from "@/lib/ledger/accounts";
import { startFundSessionCardPayment } from "@/lib/fund-sessions/start-fund-session-card-payment";
import { startInvoiceCardPayment } from "@/lib/invoices/start-invoice-card-payment";
import { appBaseUrl } from "@/lib/config/settings";

const SECRET = "whsec_stripe_double";
// the double delivers its events itself, as Stripe does (automatic), to the app's webhook route
const stripe = useStripeDouble({ secret: SECRET, automatic: true });
let double: StripeDouble;
beforeAll(() => {
  double = stripe.double;
});

let codes = 0;
/** A live game selling 500 gems for $4.99 by card, a grant for it, and the live card payment started: the double holds the session. */
const liveCheckout = async () => {
  const g = await makeGame({ environment: "live" });
  const currency = await call(createCurrency, { headers: idem(g.headers), body: { code: `DBL${++codes}`, name: "Gems" } });
  expect(currency.status).toBe(201);
  const currencyId = currency.body.currency._id as string;
  const item = await makeProductRow(g.game.id, {
    environment: "live",
    name: "Gem pack",
    priceCents: 499,
    fulfillmentType: "GRANT_VIRTUAL_CURRENCY",
    grantCurrencyId: currencyId,
    grantAmountUnits: 500n,
  });
  const grant = await call(createGrant, { headers: idem(g.headers), body: { itemId: item.id } });
  expect(grant.status).toBe(201);
  const ref = parseCheckoutUrl(grant.body.checkoutUrl)!;
  const email = `payer-${codes}@example.com`;
  const pay = async () => {
    const started = await payCheckout({ db: getDb() }, { ref, method: "card", email });
    if (started.outcome !== "redirect") throw new Error(`expected a redirect, got ${started.outcome}`);
    const sessionId = (await getDb().purchase.findUniqueOrThrow({ where: { id: started.purchase.id } })).externalId!;
    return { purchaseId: started.purchase.id, url: started.url, sessionId };
  };
  return { ...g, currencyId, item, grantId: (ref as { grantId: string }).grantId, userRef: grant.body.userRef as string, pay, first: await pay() };
};

const deliveriesOf = (sessionOrIntent: string) =>
  double.state.deliveries.filter((d) => {
    const o = double.state.events.find((e) => e.id === d.eventId)!.data.object as { id?: string; payment_intent?: unknown };
    return o.id === sessionOrIntent || o.payment_intent === sessionOrIntent;
  });

describe("the live checkout against the Stripe double", () => {
  it("create → the hosted page → Pay → signed checkout.session.completed → the purchase completes with its grant journal", async () => {
    const s = await liveCheckout();
    const { sessionId, purchaseId, url } = s.first;
    expect(url).toBe(`${double.url}/c/pay/${sessionId}`);
    expect(sessionId).toMatch(/^cs_test_[A-Za-z0-9]{24}$/);

    // what the service asked Stripe for, as the SDK encoded it
    const create = double.state.calls.find((c) => c.path === "/v1/checkout/sessions" && c.method === "POST")!;
    expect(create.idempotencyKey).toBe(`purchase-${purchaseId}`);
    expect(create.form).toMatchObject({
      mode: "payment",
      line_items: [{ quantity: "1", price_data: { currency: "usd", unit_amount: "499", product_data: { name: "Gem pack" } } }],
      client_reference_id: purchaseId,
      metadata: { kind: "purchase", purchaseId, gameId: s.game.id },
      customer_email: expect.stringMatching(/^payer-\d+@example\.com$/),
      success_url: appBaseUrl() + successUrlPath(purchaseId),
      cancel_url: appBaseUrl() + cancelUrlPath(purchaseId),
    });
    expect(await getDb().purchase.findUniqueOrThrow({ where: { id: purchaseId } })).toMatchObject({ status: "pending", paymentProvider: "stripe" });

    // the payer's side: the page shows the item and total; Pay completes and redirects to success_url
    const page = await fetch(url);
    const html = await page.text();
    expect([page.status, html.includes("Gem pack"), html.includes("Pay 4.99 USD")]).toEqual([200, true, true]);
    const paid = await fetch(url, { method: "POST", body: new URLSearchParams({ email: "payer@example.com" }), redirect: "manual" });
    expect([paid.status, paid.headers.get("location")]).toEqual([303, appBaseUrl() + successUrlPath(purchaseId)]);

    // Stripe's events reached the webhook, signed: the two about the charge are acknowledged, the session's completes
    const session = double.state.sessions.get(sessionId)!;
    const intent = session.payment_intent as string;
    expect(session).toMatchObject({ status: "complete", payment_status: "paid", payment_intent: expect.stringMatching(/^pi_/), url: null });
    expect(double.state.deliveries.slice(-3).map((d) => [d.type, d.status, (d.body as { action?: string }).action])).toEqual([
      ["charge.succeeded", 200, "ignored"],
      ["payment_intent.succeeded", 200, "ignored"],
      ["checkout.session.completed", 200, "completed"],
    ]);
    expect(await getDb().purchase.findUniqueOrThrow({ where: { id: purchaseId } })).toMatchObject({
      status: "completed",
      isPaid: true,
      paymentProvider: "stripe",
      externalId: sessionId,
      fulfillmentStatus: "fulfilled",
      refundId: null,
    });
    expect((await getDb().checkoutGrant.findUniqueOrThrow({ where: { id: s.grantId } })).status).toBe("completed");
    // the grant's journal: 500 gems from the currency's pool to the payer, balanced
    const journal = await getDb().ledgerJournal.findFirstOrThrow({
      where: { type: "purchase_grant", reference: purchaseId },
      include: { postings: { include: { account: true } } },
    });
    expect(journal).toMatchObject({ asset: vcAsset(s.currencyId), environment: "live" });
    expect(journal.postings.map((p) => [p.account.kind, p.delta]).sort()).toEqual([
      ["pool", -500n],
      ["user", 500n],
    ]);
    expect(journal.postings.find((p) => p.account.kind === "user")!.account.ownerRef).toBe(s.userRef);
    expect((await eventsOf(s.game.id, "Purchases.Completed")).map((e) => e.data.paymentProvider)).toEqual(["stripe"]);

    // retrieve through the SDK: the double's answer, typed as Stripe's
    const retrieved: Stripe.Checkout.Session = await requireStripe().checkout.sessions.retrieve(sessionId);
    expect([retrieved.status, retrieved.payment_status, retrieved.payment_intent, retrieved.amount_total]).toEqual(["complete", "paid", intent, 499]);
    // the page is closed once paid, and a second Pay is refused
    expect(await (await fetch(url)).text()).toContain("no longer active");
    expect((await fetch(url, { method: "POST", body: "", redirect: "manual" })).status).toBe(409);
    // Stripe redelivers the completed event: 200, nothing changes
    const completed = double.state.events.findLast((e) => e.type === "checkout.session.completed")!;
    expect(await double.redeliver(completed.id)).toMatchObject({ status: 200, body: { action: "completed" } });
    expect(await getDb().ledgerJournal.count({ where: { type: "purchase_grant", reference: purchaseId } })).toBe(1);
  });

  it("expiry: the service's expire call closes the session at the double (checkout.session.expired sent); Stripe's own expiry fails a pending purchase", async () => {
    const s = await liveCheckout();
    // the payer backs out and pays again: the first session's expiry job runs against the double
    await backOutOfPayment({ db: getDb() }, { purchaseId: s.first.purchaseId });
    expect(await expireStripeCheckoutSession(s.first.sessionId)).toBe("expired");
    await double.idle(); // Stripe's event follows its answer
    expect(double.state.sessions.get(s.first.sessionId)).toMatchObject({ status: "expired", url: null });
    expect(deliveriesOf(s.first.sessionId).map((d) => [d.type, d.status, (d.body as { action?: string }).action])).toEqual([
      ["checkout.session.expired", 200, "ignored"],
    ]);
    const expireCall = double.state.calls.findLast((c) => c.path === `/v1/checkout/sessions/${s.first.sessionId}/expire`)!;
    expect(expireCall.idempotencyKey).toBe(`expire-${s.first.sessionId}`);
    // a second run of the job within Stripe's idempotency window is answered the first answer again, nothing sent twice
    expect(await expireStripeCheckoutSession(s.first.sessionId)).toBe("expired");
    await double.idle();
    expect(deliveriesOf(s.first.sessionId)).toHaveLength(1);
    expect(await expireStripeCheckoutSession("cs_test_unknown")).toBe("missing");

    const second = await s.pay();
    await double.expire(second.sessionId); // Stripe closes the page by itself: expires_at passed
    expect(deliveriesOf(second.sessionId).map((d) => [d.type, d.status, (d.body as { action?: string }).action])).toEqual([
      ["checkout.session.expired", 200, "failed"],
    ]);
    expect(await getDb().purchase.findUniqueOrThrow({ where: { id: second.purchaseId } })).toMatchObject({
      status: "failed",
      failureMessage: "The card payment session expired before it was paid.",
    });
    expect((await getDb().checkoutGrant.findUniqueOrThrow({ where: { id: s.grantId } })).status).toBe("pending");
    // the job for a session Stripe already closed finds it expired
    expect(await expireStripeCheckoutSession(second.sessionId)).toBe("already_expired");

    // a paid session cannot be expired: the job ends "already_complete"
    const third = await s.pay();
    await double.pay(third.sessionId);
    expect(await expireStripeCheckoutSession(third.sessionId)).toBe("already_complete");
    expect((await getDb().purchase.findUniqueOrThrow({ where: { id: third.purchaseId } })).status).toBe("completed");
  });

  it("a late completion of a replaced purchase is refunded at the double in full, once (refund.created and charge.refunded sent back)", async () => {
    const s = await liveCheckout();
    const second = await s.pay(); // the first purchase is replaced (canceled); its session is still open at Stripe
    await double.pay(second.sessionId);
    expect((await getDb().purchase.findUniqueOrThrow({ where: { id: second.purchaseId } })).status).toBe("completed");

    const { paymentIntent, charge } = await double.pay(s.first.sessionId); // paid in the other tab, too late
    const purchase = await getDb().purchase.findUniqueOrThrow({ where: { id: s.first.purchaseId } });
    const refund = [...double.state.refunds.values()].find((r) => r.payment_intent === paymentIntent.id)!;
    expect(refund).toMatchObject({ amount: 499, charge: charge.id, status: "succeeded", metadata: { purchaseId: purchase.id, gameId: s.game.id } });
    expect(purchase).toMatchObject({ status: "canceled", isPaid: false, refundId: refund.id, refundedAt: expect.any(Date) });
    expect(double.state.charges.get(charge.id)).toMatchObject({ amount_refunded: 499, refunded: true });
    expect(double.state.calls.filter((c) => c.path === "/v1/refunds" && c.method === "POST").map((c) => c.idempotencyKey)).toEqual([`refund-${purchase.id}`]);
    expect(deliveriesOf(paymentIntent.id).map((d) => [d.type, (d.body as { action?: string }).action])).toEqual([
      ["charge.succeeded", "ignored"],
      ["payment_intent.succeeded", "ignored"],
      ["checkout.session.completed", "refunded"],
      // caused by the refund the webhook handler asked for: delivered after that delivery ended, as Stripe does
      ["refund.created", "ignored"],
      ["charge.refunded", "ignored"],
    ]);
    expect(deliveriesOf(paymentIntent.id).every((d) => d.status === 200)).toBe(true);

    // the same refund again (an answer lost past the idempotency window): Stripe says already refunded, the existing one is answered
    expect(await refundPaymentIntent({ paymentIntentId: paymentIntent.id, idempotencyKey: "another-key", metadata: {} })).toBe(refund.id);
    expect(double.state.refunds.size).toBe(1);
    expect(await getDb().ledgerJournal.count({ where: { reference: purchase.id } })).toBe(0);
  });

  it("the double's refunds API as Stripe's: partial refunds, amount_too_large, idempotency replays and conflicts, disputed charges", async () => {
    const s = await liveCheckout();
    const { paymentIntent, charge } = await double.pay(s.first.sessionId);
    const stripe = requireStripe();
    const part: Stripe.Refund = await stripe.refunds.create(
      { payment_intent: paymentIntent.id, amount: 100, reason: "requested_by_customer" },
      { idempotencyKey: "p1" },
    );
    expect(part).toMatchObject({ object: "refund", amount: 100, charge: charge.id, payment_intent: paymentIntent.id, reason: "requested_by_customer" });
    // the same key and body: the same refund, nothing twice; the same key with another body: Stripe's idempotency error
    expect((await stripe.refunds.create({ payment_intent: paymentIntent.id, amount: 100, reason: "requested_by_customer" }, { idempotencyKey: "p1" })).id).toBe(
      part.id,
    );
    await expect(stripe.refunds.create({ payment_intent: paymentIntent.id, amount: 200 }, { idempotencyKey: "p1" })).rejects.toBeInstanceOf(
      Stripe.errors.StripeIdempotencyError,
    );
    await expect(stripe.refunds.create({ payment_intent: paymentIntent.id, amount: 400 })).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      code: "amount_too_large",
      statusCode: 400,
    });
    const rest = await stripe.refunds.create({ charge: charge.id });
    expect(rest.amount).toBe(399);
    expect((await stripe.refunds.list({ payment_intent: paymentIntent.id, limit: 10 })).data.map((r) => r.id)).toEqual([rest.id, part.id]);
    expect(await stripe.charges.retrieve(charge.id)).toMatchObject({ amount_refunded: 499, refunded: true });
    await expect(stripe.refunds.create({ payment_intent: paymentIntent.id })).rejects.toMatchObject({ code: "charge_already_refunded" });
    await expect(stripe.paymentIntents.retrieve("pi_unknown")).rejects.toMatchObject({ statusCode: 404, code: "resource_missing" });

    // a dispute: charge.dispute.created and funds_withdrawn reach the webhook, signed (the service acknowledges them)
    const other = await liveCheckout();
    const paid = await double.pay(other.first.sessionId);
    const dispute = await double.dispute(paid.paymentIntent.id, { reason: "fraudulent" });
    expect(dispute).toMatchObject({ status: "needs_response", amount: 499, charge: paid.charge.id });
    expect(
      deliveriesOf(paid.paymentIntent.id)
        .slice(-2)
        .map((d) => [d.type, d.status]),
    ).toEqual([
      ["charge.dispute.created", 200],
      ["charge.dispute.funds_withdrawn", 200],
    ]);
    await expect(stripe.refunds.create({ payment_intent: paid.paymentIntent.id })).rejects.toMatchObject({ code: "charge_disputed" });
    expect((await stripe.disputes.retrieve(dispute.id)).status).toBe("needs_response");
    expect((await stripe.disputes.close(dispute.id)).status).toBe("lost");
    await double.idle();
    expect(double.state.deliveries.at(-1)).toMatchObject({ type: "charge.dispute.closed", status: 200 });
  });

  it("the double's dispute controls over HTTP: opened on a paid session with evidence_details, updated, closed; refused as Stripe would", async () => {
    const s = await liveCheckout();
    const control = async (path: string, body: Record<string, unknown> = {}) => {
      const res = await fetch(`${double.url}/_double${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as any };
    };
    // a session not paid yet has nothing to dispute
    const unpaid = await control("/disputes", { session: s.first.sessionId });
    expect([unpaid.status, unpaid.body.error.type]).toEqual([400, "invalid_request_error"]);
    const paid = await double.pay(s.first.sessionId);
    const opened = await control("/disputes", { session: s.first.sessionId, reason: "duplicate", dueInDays: 10 });
    expect(opened.status).toBe(200);
    const d = opened.body as Stripe.Dispute;
    expect(d).toMatchObject({
      object: "dispute",
      amount: 499,
      charge: paid.charge.id,
      payment_intent: paid.paymentIntent.id,
      reason: "duplicate",
      status: "needs_response",
    });
    expect(new Date(d.evidence_details.due_by! * 1000).toISOString()).toBe(
      `${new Date((d.created + 10 * 86_400) * 1000).toISOString().slice(0, 10)}T23:59:59.000Z`,
    );
    // the SDK reads it back as Stripe's Dispute; the app took the created event (the purchase is disputed)
    expect((await requireStripe().disputes.retrieve(d.id)).evidence_details).toMatchObject({ due_by: d.evidence_details.due_by, has_evidence: false });
    expect((await getDb().purchase.findFirstOrThrow({ where: { paymentIntentId: paid.paymentIntent.id } })).disputeStatus).toBe("open");
    // one dispute per charge
    expect((await control("/disputes", { payment_intent: paid.paymentIntent.id })).body.error).toMatchObject({ code: "charge_disputed" });

    const later = d.evidence_details.due_by! + 86_400;
    const updated = await control(`/disputes/${d.id}/update`, { status: "under_review", dueBy: later, hasEvidence: true });
    expect(updated.body).toMatchObject({ status: "under_review", evidence_details: { due_by: later, has_evidence: true, submission_count: 1 } });
    expect(deliveriesOf(paid.paymentIntent.id).at(-1)).toMatchObject({ type: "charge.dispute.updated", status: 200, body: { action: "updated" } });
    expect(await getDb().dispute.findUniqueOrThrow({ where: { id: d.id } })).toMatchObject({ status: "under_review", evidenceDueBy: new Date(later * 1000) });

    expect((await control(`/disputes/${d.id}/close`, { status: "won" })).body.status).toBe("won");
    expect(
      deliveriesOf(paid.paymentIntent.id)
        .slice(-2)
        .map((x) => [x.type, x.status]),
    ).toEqual([
      ["charge.dispute.closed", 200],
      ["charge.dispute.funds_reinstated", 200],
    ]);
    expect((await getDb().purchase.findFirstOrThrow({ where: { paymentIntentId: paid.paymentIntent.id } })).disputeStatus).toBe("won");
    // closed: no more updates, no second close
    expect((await control(`/disputes/${d.id}/update`, { status: "under_review" })).status).toBe(400);
    expect((await control(`/disputes/${d.id}/close`, { status: "lost" })).status).toBe(400);
  });

  it("the double signs as Stripe does: the SDK verifies its header, and a delivery signed with another secret is refused with nothing changed", async () => {
    const payload = JSON.stringify({ id: "evt_x", object: "event", type: "checkout.session.completed", data: { object: { id: "cs_test_x" } } });
    const header = stripeSignature(payload, SECRET, 1_700_000_000);
    expect(header).toMatch(/^t=1700000000,v1=[0-9a-f]{64}$/);
    expect(new Stripe("sk_test_x").webhooks.constructEvent(payload, header, SECRET, 1e10).id).toBe("evt_x");

    const s = await liveCheckout();
    double.webhook = { secret: "whsec_someone_else", deliver: deliverToApp };
    try {
      await double.pay(s.first.sessionId);
    } finally {
      double.webhook = { secret: SECRET, deliver: deliverToApp };
    }
    expect(deliveriesOf(s.first.sessionId).map((d) => [d.status, (d.body as { code?: string }).code])).toEqual([[400, "STRIPE_SIGNATURE_INVALID"]]);
    expect((await getDb().purchase.findUniqueOrThrow({ where: { id: s.first.purchaseId } })).status).toBe("pending");
    // Stripe retries later, signed right this time: it completes
    const event = double.state.events.findLast((e) => e.type === "checkout.session.completed")!;
    expect(await double.redeliver(event.id)).toMatchObject({ status: 200, body: { action: "completed" } });
    expect((await getDb().purchase.findUniqueOrThrow({ where: { id: s.first.purchaseId } })).status).toBe("completed");
  });

  it("the API refuses what Stripe refuses: no key, a live key, an unknown path, expires_at outside Stripe's window", async () => {
    const noKey = await fetch(`${double.url}/v1/checkout/sessions/cs_test_x`);
    expect([noKey.status, ((await noKey.json()) as { error: { message: string } }).error.message]).toEqual([401, "You did not provide an API key."]);
    const live = await fetch(`${double.url}/v1/checkout/sessions/cs_test_x`, { headers: { authorization: "Bearer sk_live_x" } });
    expect(live.status).toBe(401);
    // curl -u sk_test_…: (Basic auth, the key as the user) is accepted, as at Stripe
    const basic = await fetch(`${double.url}/v1/checkout/sessions/cs_test_x`, {
      headers: { authorization: `Basic ${Buffer.from("sk_test_x:").toString("base64")}` },
    });
    expect([basic.status, ((await basic.json()) as { error: { code: string } }).error.code]).toEqual([404, "resource_missing"]);
    await expect(requireStripe().customers.list()).rejects.toMatchObject({ statusCode: 404, message: expect.stringContaining("Unrecognized request URL") });
    await expect(
      requireStripe().checkout.sessions.create({
        mode: "payment",
        line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 100, product_data: { name: "x" } } }],
        success_url: "https://example.com",
        expires_at: Math.floor(Date.now() / 1000) + 60,
      }),
    ).rejects.toMatchObject({ param: "expires_at", statusCode: 400 });
  });
});

describe("the live fund session and invoice against the Stripe double", () => {
  it("a live campaign fund session: Pay at the double completes it with its campaign_fund journal", async () => {
    const t = await makeFundTenant({ environment: "live" });
    const s = await campaignSession(t.mgmt, t.campaign.id);
    const started = await startFundSessionCardPayment({ db: getDb() }, { sessionKey: s.sessionKey, amountUsdc: "12.00" });
    expect(started.url).toBe(`${double.url}/c/pay/${started.sessionId}`);
    const paid = await fetch(started.url, { method: "POST", body: "", redirect: "manual" });
    expect(paid.headers.get("location")).toBe(`${appBaseUrl()}/fund/${s.sessionKey}?payment=stripe`);
    expect(deliveriesOf(started.sessionId).map((d) => [d.type, (d.body as { action?: string }).action])).toEqual([["checkout.session.completed", "completed"]]);
    const done = await getDb().fundSession.findFirstOrThrow({ where: { sessionKey: s.sessionKey } });
    expect(done).toMatchObject({ status: "completed", paidMicros: 12_000_000n });
    expect(await getDb().ledgerJournal.findUniqueOrThrow({ where: { id: done.journalId! } })).toMatchObject({
      type: "campaign_fund",
      environment: "live",
      reference: t.campaign.id,
    });
    expect(await getDb().stripePayment.findUniqueOrThrow({ where: { sessionId: started.sessionId } })).toMatchObject({
      status: "completed",
      paymentIntentId: double.state.sessions.get(started.sessionId)!.payment_intent,
    });
  });

  it("a live invoice: Pay at the double pays it with its invoice_payment journal", async () => {
    const p = await makePlatform({ environment: "live" });
    const created = await call(CREATE_INVOICE, {
      headers: { ...p.headers, ...idemKey() },
      body: {
        receiverName: "Ada Lovelace",
        receiverEmail: "ada@example.com",
        date: "2026-11-20",
        dueDate: "2026-12-20",
        status: "sent",
        emailSuppressed: true,
        items: [{ description: "Hosting", quantity: 2, rate: 10.5 }],
      },
    });
    expect(created.status).toBe(201);
    const target = { publicId: created.body.publicInvoiceId as string, sig: new URL(created.body.links.invoice).searchParams.get("sig") };
    const started = (await startInvoiceCardPayment({ db: getDb() }, target))!;
    const row = await getDb().invoice.findUniqueOrThrow({ where: { id: created.body._id } });
    expect(double.state.sessions.get(started.sessionId)).toMatchObject({ amount_total: Number(row.chargedCents), customer_email: "ada@example.com" });
    await fetch(started.url, { method: "POST", body: "", redirect: "manual" });
    const paid = await getDb().invoice.findUniqueOrThrow({ where: { id: row.id } });
    expect(paid).toMatchObject({ status: "paid", paymentMethod: "card", paymentJournalId: expect.any(String) });
    expect(await getDb().ledgerJournal.count({ where: { type: "invoice_payment", reference: row.id } })).toBe(1);

    // refunded in part at the double, outside the invoice's lock: the refund carries the invoice and the refund's id
    const pi = double.state.sessions.get(started.sessionId)!.payment_intent as string;
    const businessFunds = async () =>
      (await getDb().ledgerAccount.findFirst({ where: { asset: "usdc", environment: "live", kind: "business", ownerRef: p.business.id } }))?.balance ?? 0n;
    const fundsPaid = await businessFunds();
    const part = await call(REFUND_INVOICE, { headers: { ...p.headers, ...idemKey() }, params: { invoiceId: row.id }, body: { amount: 500, reason: "other" } });
    expect(part.status).toBe(201);
    expect(part.body.data).toMatchObject({
      refund: { amount: 500, provider: "stripe", externalId: expect.stringMatching(/^re_/) },
      invoice: { refundedCents: 500 },
    });
    expect([...double.state.refunds.values()].filter((r) => r.payment_intent === pi).map((r) => [r.id, r.amount, r.metadata])).toEqual([
      [part.body.data.refund.externalId, 500, { invoiceId: row.id, refundId: part.body.data.refund._id }],
    ]);
    expect(await businessFunds()).toBe(fundsPaid - 5_000_000n);

    // the bank disputes the charge before the service hears of it: Stripe refuses the next refund, which is released
    const hook = double.webhook;
    double.webhook = null;
    await double.dispute(pi);
    double.webhook = hook;
    const refused = await call(REFUND_INVOICE, {
      headers: { ...p.headers, ...idemKey() },
      params: { invoiceId: row.id },
      body: { amount: 700, reason: "other" },
    });
    expect([refused.status, refused.body.code]).toEqual([502, "PAYMENT_PROVIDER_ERROR"]);
    expect(refused.body.error).toMatch(/^Stripe refused the refund .*charged back/);
    // the shares moved for it came back, to the micro-unit: one journal out, one back
    expect(await businessFunds()).toBe(fundsPaid - 5_000_000n);
    expect(await getDb().invoice.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ refundedCents: 500n });
    const released = await getDb().refund.findFirstOrThrow({ where: { objectId: row.id, status: "failed" } });
    expect(released).toMatchObject({ amount: 700n, requestKey: null });
    expect(await getDb().ledgerJournal.count({ where: { type: "invoice_refund_release", reference: row.id } })).toBe(1);
    const list = await call(LIST_INVOICE_REFUNDS, { headers: p.headers, params: { invoiceId: row.id } });
    expect(list.body.data.map((r: { amount: number }) => r.amount)).toEqual([500]);
    // the platform heard of the refund Stripe made, once, and of none for the refused one
    const refundedEvents = await getDb().webhookEvent.findMany({ where: { event: "Platform.Invoice.Refunded", objectId: row.id } });
    expect(refundedEvents.map((e) => JSON.parse(e.payload).data.refund)).toEqual([
      { refundId: part.body.data.refund._id, amount: 5, reason: "other", source: "api" },
    ]);
  });
});
