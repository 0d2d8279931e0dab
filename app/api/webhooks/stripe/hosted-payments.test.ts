// Live fund sessions and invoices paid through Stripe Checkout: the session is made by the same code the hosted
// pages call, against the Stripe double (tests/support/stripe-double; STRIPE_API_BASE, real SDK); the events the
// double records, signed as Stripe signs them, are POSTed to the webhook route. Real PostgreSQL.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST } from "./route";
import { DELETE as DELETE_CAMPAIGN_SESSION } from "@/app/api/v1/platform/campaigns/[campaignId]/fund-sessions/[handle]/route";
import { POST as CREATE_INVOICE } from "@/app/api/v1/platform/invoices/route";
import { POST as CANCEL_INVOICE } from "@/app/api/v1/platform/invoices/[invoiceId]/cancel/route";
import { call } from "@/tests/support/http";
import { campaignSession, distributionSession, idemKey, makeFundDistribution, makeFundTenant } from "@/tests/support/fund-sessions";
import { platformEventsOf } from "@/tests/support/platform";
import { makePlatform } from "@/tests/support/fixtures";
import { useStripeDouble } from "@/tests/support/stripe-double-setup";
import { getDb } from "@/lib/db/client";
import { setClockOffsetForTests } from "@/lib/core/clock";
import { USDC_ASSET } from "@/lib/ledger/accounts";
import { getAccountBalance } from "@/lib/ledger/get-account-balance";
import { checkVcLedgerInvariants } from "@/lib/vc/check-vc-journal-entries";
import { startFundSessionCardPayment } from "@/lib/fund-sessions/start-fund-session-card-payment";
import { startInvoiceCardPayment } from "@/lib/invoices/start-invoice-card-payment";

const SECRET = "whsec_hosted_payments";
// events are only recorded by the double: each test posts them when it says
const stripe = useStripeDouble({ secret: SECRET });
beforeAll(() => {
  process.env.APP_URL = "https://pay.coinop.test";
});
afterAll(() => {
  process.env.APP_URL = "http://localhost:3000";
});

const post = async ({ payload, signature }: { payload: string; signature: string | null }) => {
  const headers = new Headers({ "content-type": "application/json" });
  if (signature !== null) headers.set("stripe-signature", signature);
  const res = await POST(new Request("http://localhost/api/webhooks/stripe", { method: "POST", headers, body: payload }));
  return { status: res.status, body: await res.json() };
};
/** The payer pays the session at the Stripe double, and Stripe sends checkout.session.completed. */
const paidEvent = async (sessionId: string) => {
  await stripe.double.pay(sessionId);
  return stripe.signed("checkout.session.completed", sessionId);
};
/** Another event about a session, as it is at the double now (a new event id). */
const sendAbout = (type: "checkout.session.completed" | "checkout.session.expired", sessionId: string) =>
  stripe.send(type, stripe.double.state.sessions.get(sessionId)!);
const lastForm = () => stripe.double.state.calls.at(-1)!.form;
const refundCalls = () => stripe.calls("POST", "/v1/refunds");
const liveBalance = async (kind: string, ownerRef: string) =>
  (await getAccountBalance(getDb(), { asset: USDC_ASSET, environment: "live", kind, ownerRef })).balance;
const liveBooks = async () => {
  const a = await checkVcLedgerInvariants(getDb(), { asset: USDC_ASSET, environment: "live" });
  return {
    sum: a.sum,
    negativeAccounts: a.negativeAccounts,
    driftedAccounts: a.driftedAccounts,
    unbalancedJournals: a.unbalancedJournals,
    miscountedTenants: a.miscountedTenants,
    misstatedJournals: a.misstatedJournals,
  };
};
const BALANCED = { sum: 0n, negativeAccounts: [], driftedAccounts: [], unbalancedJournals: [], miscountedTenants: [], misstatedJournals: [] };

const liveCampaignSession = async () => {
  const t = await makeFundTenant({ environment: "live" });
  const s = await campaignSession(t.mgmt, t.campaign.id, { metadata: { order: "77" } });
  const row = await getDb().fundSession.findUniqueOrThrow({ where: { sessionKey: s.sessionKey } });
  return { ...t, s, row };
};

describe("live fund sessions paid through Stripe", () => {
  it("Pay opens a Checkout Session for the payer's amount; checkout.session.completed completes the session once, with its journal and Platform.FundSession.Completed", async () => {
    const { s, row, campaign, platform, business } = await liveCampaignSession();
    const started = await startFundSessionCardPayment({ db: getDb() }, { sessionKey: s.sessionKey, amountUsdc: "25.50" });
    expect(started.url).toBe(`${stripe.double.url}/c/pay/${started.sessionId}`);
    expect(stripe.double.state.sessions.get(started.sessionId)).toMatchObject({ url: started.url, amount_total: 2550, status: "open" });
    const req = stripe.double.state.calls.at(-1)!;
    expect([req.method, req.path, req.idempotencyKey]).toEqual(["POST", "/v1/checkout/sessions", expect.stringMatching(/^stripe-payment-[0-9a-f]{24}$/)]);
    expect(req.form).toMatchObject({
      mode: "payment",
      line_items: [{ price_data: { currency: "usd", unit_amount: "2550", product_data: { name: "Funding of campaign Spring cup" } } }],
      client_reference_id: row.id,
      metadata: { kind: "fund_session", objectId: row.id, businessId: business.id },
      success_url: `https://pay.coinop.test/fund/${s.sessionKey}?payment=stripe`,
      cancel_url: `https://pay.coinop.test/fund/${s.sessionKey}`,
    });
    // Stripe's page closes when the fund session does (an hour from now), never before Stripe's 30-minute minimum
    expect(Number(req.form.expires_at)).toBe(Math.floor(row.expiresAt.getTime() / 1000));
    // nothing changes before Stripe says it was paid
    expect(await getDb().fundSession.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: "pending", journalId: null });
    expect(await getDb().stripePayment.findUniqueOrThrow({ where: { sessionId: started.sessionId } })).toMatchObject({
      kind: "fund_session",
      objectId: row.id,
      environment: "live",
      amountCents: 2550n,
      status: "open",
    });

    const event = await paidEvent(started.sessionId);
    const res = await post(event);
    expect(res).toEqual({
      status: 200,
      body: {
        received: true,
        eventId: expect.stringMatching(/^evt_/),
        type: "checkout.session.completed",
        purchaseId: null,
        kind: "fund_session",
        objectId: row.id,
        action: "completed",
      },
    });
    const done = await getDb().fundSession.findUniqueOrThrow({ where: { id: row.id } });
    expect(done).toMatchObject({ status: "completed", paidMicros: 25_500_000n, journalId: expect.any(String), transactionHash: expect.any(String) });
    const journal = await getDb().ledgerJournal.findUniqueOrThrow({ where: { id: done.journalId! }, include: { postings: { include: { account: true } } } });
    expect(journal).toMatchObject({ type: "campaign_fund", environment: "live", reference: campaign.id });
    expect(journal.postings.map((p) => [p.account.kind, p.account.ownerRef, p.delta]).sort()).toEqual(
      [
        ["campaign", campaign.id, 25_500_000n],
        ["processor", "stripe-card", -25_500_000n],
      ].sort(),
    );
    expect(await liveBalance("campaign", campaign.id)).toBe(25_500_000n);
    expect(await getDb().stripePayment.findUniqueOrThrow({ where: { sessionId: started.sessionId } })).toMatchObject({
      status: "completed",
      paymentIntentId: stripe.intentOf(started.sessionId),
      refundId: null,
    });
    const completed = (await platformEventsOf(platform.id)).filter((e) => e.event === "Platform.FundSession.Completed");
    expect(completed).toEqual([
      {
        event: "Platform.FundSession.Completed",
        objectType: "fund_session",
        data: expect.objectContaining({
          sessionKey: s.sessionKey,
          targetType: "campaign",
          campaignId: campaign.id,
          status: "completed",
          amountUsdc: 25.5,
          metadata: { order: "77" },
        }),
      },
    ]);

    // Stripe delivers the same event again, and another event about the same session: nothing more is credited
    expect(await post(event)).toMatchObject({ status: 200, body: { action: "completed", objectId: row.id } });
    expect((await sendAbout("checkout.session.completed", started.sessionId)).status).toBe(200);
    expect(await liveBalance("campaign", campaign.id)).toBe(25_500_000n);
    expect(await getDb().ledgerJournal.count({ where: { type: "campaign_fund", reference: campaign.id } })).toBe(1);
    expect((await platformEventsOf(platform.id)).filter((e) => e.event === "Platform.FundSession.Completed")).toHaveLength(1);
    expect(await getDb().fundSession.findUniqueOrThrow({ where: { id: row.id } })).toEqual(done);
    expect(refundCalls()).toEqual([]);
    expect(await liveBooks()).toEqual(BALANCED);
  });

  it("a distribution session pays the amount due; the payout is funded through the same flow", async () => {
    const t = await makeFundTenant({ environment: "live" });
    const d = await makeFundDistribution(t.tb);
    const s = await distributionSession(t.tb, d._id);
    const started = await startFundSessionCardPayment({ db: getDb() }, { sessionKey: s.sessionKey });
    expect(lastForm()).toMatchObject({ line_items: [{ price_data: { unit_amount: String(d.totalAmountCents + d.totalFeeCents) } }] });
    const res = await post(await paidEvent(started.sessionId));
    expect(res.body.action).toBe("completed");
    expect(await getDb().fundSession.findUniqueOrThrow({ where: { sessionKey: s.sessionKey } })).toMatchObject({
      status: "completed",
      paidMicros: BigInt(d.totalAmountCents + d.totalFeeCents) * 10_000n,
    });
    expect((await getDb().distribution.findUniqueOrThrow({ where: { id: d._id } })).status).toBe("funded");
  });

  it("a payment that arrives after the session was cancelled is refunded at Stripe and recorded; nothing is credited; a replay refunds nothing more", async () => {
    const { s, row, campaign, mgmt, platform } = await liveCampaignSession();
    const refundsBefore = refundCalls().length;
    const started = await startFundSessionCardPayment({ db: getDb() }, { sessionKey: s.sessionKey, amountUsdc: "40" });
    const del = await call(DELETE_CAMPAIGN_SESSION, { headers: { ...mgmt, ...idemKey() }, params: { campaignId: campaign.id, handle: s.sessionKey } });
    expect(del.status).toBeLessThan(300);
    const event = await paidEvent(started.sessionId);
    const res = await post(event);
    expect(res).toMatchObject({
      status: 200,
      body: { kind: "fund_session", objectId: row.id, action: "refunded", refundId: expect.stringMatching(/^re_/) },
    });
    expect(stripe.double.state.refunds.get(res.body.refundId)).toMatchObject({
      payment_intent: stripe.intentOf(started.sessionId),
      amount: 4000,
      status: "succeeded",
    });
    expect(
      refundCalls()
        .slice(refundsBefore)
        .map((c) => [c.form.payment_intent, c.idempotencyKey, (c.form.metadata as Record<string, string>).objectId]),
    ).toEqual([[stripe.intentOf(started.sessionId), `refund-${started.sessionId}`, row.id]]);
    expect(await getDb().stripePayment.findUniqueOrThrow({ where: { sessionId: started.sessionId } })).toMatchObject({
      status: "refunded",
      refundId: res.body.refundId,
      refundedAt: expect.any(Date),
      refundReason: expect.stringContaining("cancelled"),
      completedAt: null,
    });
    expect(await getDb().fundSession.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: "cancelled", paidMicros: null, journalId: null });
    expect(await liveBalance("campaign", campaign.id)).toBe(0n);
    expect((await platformEventsOf(platform.id)).map((e) => e.event)).not.toContain("Platform.FundSession.Completed");
    const again = await post(event);
    expect([again.status, again.body.action, again.body.refundId]).toEqual([200, "refunded", res.body.refundId]);
    expect(refundCalls().slice(refundsBefore)).toHaveLength(1);
  });

  it("a payment that arrives after the session expired is refunded; the session reads expired and nothing is credited", async () => {
    const { s, row, campaign } = await liveCampaignSession();
    const started = await startFundSessionCardPayment({ db: getDb() }, { sessionKey: s.sessionKey, amountUsdc: "15" });
    setClockOffsetForTests(2 * 3_600_000);
    try {
      const res = await post(await paidEvent(started.sessionId));
      expect(res.body).toMatchObject({ action: "refunded", objectId: row.id, refundId: expect.stringMatching(/^re_/) });
    } finally {
      setClockOffsetForTests(0);
    }
    expect(await getDb().stripePayment.findUniqueOrThrow({ where: { sessionId: started.sessionId } })).toMatchObject({
      status: "refunded",
      refundReason: expect.stringContaining("expired"),
    });
    expect(await getDb().fundSession.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ journalId: null, paidMicros: null });
    expect(await liveBalance("campaign", campaign.id)).toBe(0n);
  });

  it("a second paid session of a completed fund session is refunded, not credited twice", async () => {
    const { s, campaign } = await liveCampaignSession();
    const a = await startFundSessionCardPayment({ db: getDb() }, { sessionKey: s.sessionKey, amountUsdc: "10" });
    const b = await startFundSessionCardPayment({ db: getDb() }, { sessionKey: s.sessionKey, amountUsdc: "12" });
    expect((await post(await paidEvent(a.sessionId))).body.action).toBe("completed");
    const late = await post(await paidEvent(b.sessionId));
    expect(late.body).toMatchObject({ action: "refunded", refundId: expect.stringMatching(/^re_/) });
    expect(await liveBalance("campaign", campaign.id)).toBe(10_000_000n);
    expect((await getDb().stripePayment.findUniqueOrThrow({ where: { sessionId: b.sessionId } })).refundReason).toContain("completed");
  });

  it("16 parallel deliveries of the same event credit once", async () => {
    const { s, row, campaign, platform } = await liveCampaignSession();
    const refundsBefore = refundCalls().length;
    const started = await startFundSessionCardPayment({ db: getDb() }, { sessionKey: s.sessionKey, amountUsdc: "7.25" });
    const event = await paidEvent(started.sessionId);
    const answers = await Promise.all(Array.from({ length: 16 }, () => post(event)));
    expect(answers.map((a) => [a.status, a.body.action])).toEqual(Array.from({ length: 16 }, () => [200, "completed"]));
    expect(await liveBalance("campaign", campaign.id)).toBe(7_250_000n);
    expect(await getDb().ledgerJournal.count({ where: { type: "campaign_fund", reference: campaign.id } })).toBe(1);
    expect((await platformEventsOf(platform.id)).filter((e) => e.event === "Platform.FundSession.Completed")).toHaveLength(1);
    expect((await getDb().fundSession.findUniqueOrThrow({ where: { id: row.id } })).status).toBe("completed");
    expect(refundCalls().length).toBe(refundsBefore);
    expect(await liveBooks()).toEqual(BALANCED);
  });

  it("a bad signature is 400 and changes nothing; an unknown metadata.kind is acknowledged and ignored", async () => {
    const { s, row } = await liveCampaignSession();
    const started = await startFundSessionCardPayment({ db: getDb() }, { sessionKey: s.sessionKey, amountUsdc: "5" });
    await stripe.double.pay(started.sessionId);
    const forged = stripe.signed("checkout.session.completed", started.sessionId, "whsec_someone_else");
    for (const attempt of [
      forged,
      { payload: forged.payload, signature: null },
      { payload: forged.payload.replace('"paid"', '"paid" '), signature: stripe.signed("checkout.session.completed", started.sessionId).signature },
    ]) {
      const res = await post(attempt);
      expect([res.status, res.body.code]).toEqual([400, "STRIPE_SIGNATURE_INVALID"]);
    }
    expect(await getDb().fundSession.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: "pending", journalId: null });
    expect((await getDb().stripePayment.findUniqueOrThrow({ where: { sessionId: started.sessionId } })).status).toBe("open");

    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    stripe.double.state.sessions.get(started.sessionId)!.metadata = { kind: "gift_card", objectId: row.id };
    const unknown = await sendAbout("checkout.session.completed", started.sessionId);
    expect(unknown).toMatchObject({ status: 200, body: { action: "ignored", purchaseId: null } });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('unknown metadata.kind "gift_card"'));
    warn.mockRestore();
    expect((await getDb().fundSession.findUniqueOrThrow({ where: { id: row.id } })).status).toBe("pending");
    // an expired session changes nothing: the fund session stays payable
    stripe.double.state.sessions.get(started.sessionId)!.metadata = { kind: "fund_session", objectId: row.id };
    Object.assign(stripe.double.state.sessions.get(started.sessionId)!, { status: "expired", payment_status: "unpaid" });
    expect((await sendAbout("checkout.session.expired", started.sessionId)).body).toMatchObject({
      action: "ignored",
      kind: "fund_session",
    });
    expect((await getDb().fundSession.findUniqueOrThrow({ where: { id: row.id } })).status).toBe("pending");
    // the session's own record ends expired; a new Pay opens a new session, open, for the same fund session
    expect((await getDb().stripePayment.findUniqueOrThrow({ where: { sessionId: started.sessionId } })).status).toBe("expired");
  });
});

const INVOICE = {
  receiverName: "Ada Lovelace",
  receiverEmail: "ada@example.com",
  date: "2026-11-20",
  dueDate: "2026-12-20",
  status: "sent",
  emailSuppressed: true,
  items: [{ description: "Hosting", quantity: 2, rate: 10.5 }],
};
const liveInvoice = async () => {
  const p = await makePlatform({ environment: "live" });
  const res = await call(CREATE_INVOICE, { headers: idemKey() && { ...p.headers, ...idemKey() }, body: INVOICE });
  expect(res.status).toBe(201);
  const target = { publicId: res.body.publicInvoiceId as string, sig: new URL(res.body.links.invoice).searchParams.get("sig") };
  return { ...p, invoiceId: res.body._id as string, target, link: res.body.links.invoice as string };
};

describe("live invoices paid through Stripe", () => {
  it("Pay by card opens a Checkout Session for totalCharged; checkout.session.completed pays the invoice (sent → paid, journal, Platform.Invoice.Paid) once", async () => {
    const inv = await liveInvoice();
    const row = await getDb().invoice.findUniqueOrThrow({ where: { id: inv.invoiceId } });
    const started = (await startInvoiceCardPayment({ db: getDb() }, inv.target))!;
    expect(lastForm()).toMatchObject({
      line_items: [{ price_data: { unit_amount: String(row.chargedCents), product_data: { name: `Invoice ${row.invoiceNumber}` } } }],
      customer_email: "ada@example.com",
      metadata: { kind: "invoice", objectId: row.id },
      success_url: `${inv.link}&payment=stripe`,
      cancel_url: inv.link,
    });
    expect((await getDb().invoice.findUniqueOrThrow({ where: { id: row.id } })).status).toBe("sent");
    const event = await paidEvent(started.sessionId);
    const res = await post(event);
    expect(res.body).toMatchObject({ received: true, kind: "invoice", objectId: row.id, action: "completed" });
    const paid = await getDb().invoice.findUniqueOrThrow({ where: { id: row.id } });
    expect(paid).toMatchObject({ status: "paid", paymentMethod: "card", paidAt: expect.any(Date), paymentJournalId: expect.any(String) });
    const events = (await platformEventsOf(inv.platform.id)).filter((e) => e.event === "Platform.Invoice.Paid");
    expect(events).toEqual([
      {
        event: "Platform.Invoice.Paid",
        objectType: "invoice",
        data: expect.objectContaining({ invoiceId: row.id, status: "paid", paymentMethod: "card", environment: "live" }),
      },
    ]);
    // replays change nothing: the paid invoice is immutable
    expect((await post(event)).body.action).toBe("completed");
    expect(await getDb().invoice.findUniqueOrThrow({ where: { id: row.id } })).toEqual(paid);
    expect(await getDb().ledgerJournal.count({ where: { type: "invoice_payment", reference: row.id } })).toBe(1);
    expect((await platformEventsOf(inv.platform.id)).filter((e) => e.event === "Platform.Invoice.Paid")).toHaveLength(1);
    // the page offers no second card payment of a paid invoice
    await expect(startInvoiceCardPayment({ db: getDb() }, inv.target)).rejects.toMatchObject({ code: "INVOICE_STATE_CONFLICT" });
    expect(await liveBooks()).toEqual(BALANCED);
  });

  it("a payment for an invoice cancelled meanwhile is refunded and recorded; the invoice stays cancelled", async () => {
    const inv = await liveInvoice();
    const started = (await startInvoiceCardPayment({ db: getDb() }, inv.target))!;
    const cancel = await call(CANCEL_INVOICE, { headers: { ...inv.headers, ...idemKey() }, params: { invoiceId: inv.invoiceId } });
    expect(cancel.status).toBe(200);
    const res = await post(await paidEvent(started.sessionId));
    expect(res.body).toMatchObject({ kind: "invoice", action: "refunded", refundId: expect.stringMatching(/^re_/) });
    expect(await getDb().invoice.findUniqueOrThrow({ where: { id: inv.invoiceId } })).toMatchObject({ status: "cancelled", paymentJournalId: null });
    expect(await getDb().stripePayment.findUniqueOrThrow({ where: { sessionId: started.sessionId } })).toMatchObject({
      status: "refunded",
      refundReason: expect.stringContaining("cancelled"),
    });
    expect((await platformEventsOf(inv.platform.id)).map((e) => e.event)).not.toContain("Platform.Invoice.Paid");
  });
});
