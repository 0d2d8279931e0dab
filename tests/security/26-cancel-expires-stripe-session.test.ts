// Finding 14 of issue 26, written as the accident: a platform cancels a live fund session (or a sent invoice)
// while the payer has Stripe's Checkout page open. Our side says "cancelled", but the Stripe session stayed
// open, so the payer could still pay it: money taken for an object that can no longer take it.
// Rule: cancelling a live fund session or invoice expires every open Stripe Checkout Session it has (a job
// queued in the cancel's own transaction, the one purchases use, retried on Stripe errors); a
// checkout.session.completed that arrives anyway (paid a moment before the expiry landed) is refunded, and
// nothing is funded or paid.
//
// Real Stripe SDK against the Stripe double (tests/support/stripe-double); its signed events; the real job worker.
import { describe, expect, it } from "vitest";
import { DELETE as DELETE_CAMPAIGN_SESSION } from "@/app/api/v1/platform/campaigns/[campaignId]/fund-sessions/[handle]/route";
import { DELETE as DELETE_DISTRIBUTION_SESSION } from "@/app/api/v1/platform/distributions/[id]/fund-sessions/[handle]/route";
import { POST as CREATE_INVOICE } from "@/app/api/v1/platform/invoices/route";
import { POST as CANCEL_INVOICE } from "@/app/api/v1/platform/invoices/[invoiceId]/cancel/route";
import { getDb } from "@/lib/db/client";
import { USDC_ASSET } from "@/lib/ledger/accounts";
import { getAccountBalance } from "@/lib/ledger/get-account-balance";
import { startFundSessionCardPayment } from "@/lib/fund-sessions/start-fund-session-card-payment";
import { startInvoiceCardPayment } from "@/lib/invoices/start-invoice-card-payment";
import { call } from "@/tests/support/http";
import { campaignSession, distributionSession, idemKey, makeFundDistribution, makeFundTenant } from "@/tests/support/fund-sessions";
import { makePlatform } from "@/tests/support/fixtures";
import { platformEventsOf } from "@/tests/support/platform";
import { useStripeDouble } from "@/tests/support/stripe-double-setup";
import { waitFor } from "@/tests/support/webhook-receiver";

// Stripe's events are recorded by the double and delivered when each test says (late, retried)
const stripe = useStripeDouble({ secret: "whsec_security_26", worker: true });
const deliver = stripe.deliver;

const expireCalls = (sessionId: string) => stripe.calls("POST", `/v1/checkout/sessions/${sessionId}/expire`);
const refundCalls = (sessionId: string) => stripe.calls("POST", "/v1/refunds").filter((c) => c.form.payment_intent === stripe.intentOf(sessionId));
const statusAtStripe = stripe.statusAtStripe;
const expiredAtStripe = (sessionId: string, what: string) => waitFor(() => statusAtStripe(sessionId) === "expired", { timeoutMs: 20_000, what });
const liveBalance = async (kind: string, ownerRef: string) =>
  (await getAccountBalance(getDb(), { asset: USDC_ASSET, environment: "live", kind, ownerRef })).balance;

/** The payer paid at Stripe a moment before the expiry landed: the session is complete, its event on its way. */
const paidJustBefore = (sessionId: string) => stripe.double.pay(sessionId);

describe("finding 14: cancelling a live fund session or invoice closes its Stripe Checkout Sessions", () => {
  it("a live campaign fund session: cancel expires both of its open Stripe sessions; a completion that arrives anyway is refunded and funds nothing", async () => {
    const t = await makeFundTenant({ environment: "live" });
    const s = await campaignSession(t.mgmt, t.campaign.id);
    const row = await getDb().fundSession.findUniqueOrThrow({ where: { sessionKey: s.sessionKey } });
    // the payer pressed Pay twice (two tabs): two Stripe sessions, both open
    const a = await startFundSessionCardPayment({ db: getDb() }, { sessionKey: s.sessionKey, amountUsdc: "30" });
    const b = await startFundSessionCardPayment({ db: getDb() }, { sessionKey: s.sessionKey, amountUsdc: "12" });
    expect([statusAtStripe(a.sessionId), statusAtStripe(b.sessionId)]).toEqual(["open", "open"]);
    stripe.double.failNext(new RegExp(`/${a.sessionId}/expire$`)); // Stripe has a bad moment: the job retries

    const del = await call(DELETE_CAMPAIGN_SESSION, { headers: { ...t.mgmt, ...idemKey() }, params: { campaignId: t.campaign.id, handle: s.sessionKey } });
    expect(del.status, del.text).toBe(200);
    expect((await getDb().fundSession.findUniqueOrThrow({ where: { id: row.id } })).status).toBe("cancelled");

    await expiredAtStripe(a.sessionId, "the first Stripe session expired");
    await expiredAtStripe(b.sessionId, "the second Stripe session expired");
    expect(expireCalls(a.sessionId).map((c) => c.idempotencyKey)).toEqual([`expire-${a.sessionId}`, `expire-${a.sessionId}`]); // failed, then retried
    expect(expireCalls(b.sessionId).map((c) => c.idempotencyKey)).toEqual([`expire-${b.sessionId}`]);

    // Stripe reports the expiries: acknowledged, the payments' records end expired, the fund session stays cancelled
    for (const id of [a.sessionId, b.sessionId]) expect((await deliver("checkout.session.expired", id)).status).toBe(200);
    expect((await getDb().stripePayment.findMany({ where: { objectId: row.id }, orderBy: { createdAt: "asc" } })).map((p) => [p.sessionId, p.status])).toEqual(
      expect.arrayContaining([
        [a.sessionId, "expired"],
        [b.sessionId, "expired"],
      ]),
    );
    expect(await getDb().fundSession.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: "cancelled", paidMicros: null, journalId: null });
    expect(await liveBalance("campaign", t.campaign.id)).toBe(0n);
  });

  it("a completion that beat the expiry is refunded once, and the fund session is neither funded nor completed", async () => {
    const t = await makeFundTenant({ environment: "live" });
    const s = await campaignSession(t.mgmt, t.campaign.id);
    const row = await getDb().fundSession.findUniqueOrThrow({ where: { sessionKey: s.sessionKey } });
    const started = await startFundSessionCardPayment({ db: getDb() }, { sessionKey: s.sessionKey, amountUsdc: "40" });
    await paidJustBefore(started.sessionId);
    const del = await call(DELETE_CAMPAIGN_SESSION, { headers: { ...t.mgmt, ...idemKey() }, params: { campaignId: t.campaign.id, handle: s.sessionKey } });
    expect(del.status, del.text).toBe(200);
    // the queued expiry tried, found the session complete at Stripe and ended without error
    await waitFor(() => expireCalls(started.sessionId).length === 1 && stripe.calls("GET", `/v1/checkout/sessions/${started.sessionId}`).length > 0, {
      what: "the expiry attempt",
    });
    const late = await deliver("checkout.session.completed", started.sessionId);
    expect(late).toMatchObject({ status: 200, body: { kind: "fund_session", objectId: row.id, action: "refunded", refundId: expect.stringMatching(/^re_/) } });
    expect((await deliver("checkout.session.completed", started.sessionId)).status).toBe(200); // Stripe's retry
    expect(refundCalls(started.sessionId).map((c) => c.idempotencyKey)).toEqual([`refund-${started.sessionId}`]);
    expect(await getDb().fundSession.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: "cancelled", paidMicros: null, journalId: null });
    expect(await liveBalance("campaign", t.campaign.id)).toBe(0n);
    expect((await platformEventsOf(t.platform.id)).map((e) => e.event)).not.toContain("Platform.FundSession.Completed");
  });

  it("a live distribution's fund session: cancel expires its Stripe session; a completion that arrives anyway is refunded and the distribution stays unfunded", async () => {
    const t = await makeFundTenant({ environment: "live" });
    const d = await makeFundDistribution(t.tb);
    const s = await distributionSession(t.tb, d._id);
    const started = await startFundSessionCardPayment({ db: getDb() }, { sessionKey: s.sessionKey });
    const distributionBefore = (await getDb().distribution.findUniqueOrThrow({ where: { id: d._id } })).status;
    const del = await call(DELETE_DISTRIBUTION_SESSION, { headers: { ...t.tb, ...idemKey() }, params: { id: d._id, handle: s.sessionKey } });
    expect(del.status, del.text).toBe(200);
    await expiredAtStripe(started.sessionId, "the distribution's Stripe session expired");

    await stripe.payAfterExpiry(started.sessionId); // Stripe's completion arrives anyway (a race at Stripe)
    const late = await deliver("checkout.session.completed", started.sessionId);
    expect(late.body).toMatchObject({ kind: "fund_session", action: "refunded" });
    expect(refundCalls(started.sessionId)).toHaveLength(1);
    expect((await getDb().distribution.findUniqueOrThrow({ where: { id: d._id } })).status).toBe(distributionBefore);
    expect(await getDb().fundSession.findUniqueOrThrow({ where: { sessionKey: s.sessionKey } })).toMatchObject({ status: "cancelled", journalId: null });
  });

  it("a live invoice: cancel expires its open Stripe session; a completion that arrives anyway is refunded and the invoice stays cancelled, unpaid", async () => {
    const p = await makePlatform({ environment: "live" });
    const res = await call(CREATE_INVOICE, {
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
    expect(res.status, res.text).toBe(201);
    const invoiceId = res.body._id as string;
    const target = { publicId: res.body.publicInvoiceId as string, sig: new URL(res.body.links.invoice).searchParams.get("sig") };
    const started = (await startInvoiceCardPayment({ db: getDb() }, target))!;
    expect(statusAtStripe(started.sessionId)).toBe("open");

    const cancel = await call(CANCEL_INVOICE, { headers: { ...p.headers, ...idemKey() }, params: { invoiceId } });
    expect(cancel.status, cancel.text).toBe(200);
    await expiredAtStripe(started.sessionId, "the invoice's Stripe session expired");
    expect(expireCalls(started.sessionId).map((c) => c.idempotencyKey)).toEqual([`expire-${started.sessionId}`]);

    await stripe.payAfterExpiry(started.sessionId); // paid a moment before the expiry landed
    const late = await deliver("checkout.session.completed", started.sessionId);
    expect(late).toMatchObject({ status: 200, body: { kind: "invoice", objectId: invoiceId, action: "refunded", refundId: expect.stringMatching(/^re_/) } });
    expect(refundCalls(started.sessionId)).toHaveLength(1);
    expect(await getDb().invoice.findUniqueOrThrow({ where: { id: invoiceId } })).toMatchObject({ status: "cancelled", paymentJournalId: null });
    expect(await getDb().stripePayment.findUniqueOrThrow({ where: { sessionId: started.sessionId } })).toMatchObject({
      status: "refunded",
      refundReason: expect.stringContaining("cancelled"),
    });
    expect((await platformEventsOf(p.platform.id)).map((e) => e.event)).not.toContain("Platform.Invoice.Paid");
  });

  it("cancelling an object with no Stripe session queues nothing and calls Stripe for nothing", async () => {
    const t = await makeFundTenant({ environment: "live" });
    const s = await campaignSession(t.mgmt, t.campaign.id);
    const before = stripe.double.state.calls.length;
    const del = await call(DELETE_CAMPAIGN_SESSION, { headers: { ...t.mgmt, ...idemKey() }, params: { campaignId: t.campaign.id, handle: s.sessionKey } });
    expect(del.status, del.text).toBe(200);
    expect((await getDb().fundSession.findUniqueOrThrow({ where: { sessionKey: s.sessionKey } })).status).toBe("cancelled");
    await new Promise((r) => setTimeout(r, 500)); // the worker polls every 50 ms
    expect(stripe.double.state.calls.slice(before)).toEqual([]);
  });
});

// Follow-up: the race finding 14 left. A payer presses Pay while the platform's cancel commits: Pay had read the
// object as payable and was waiting on Stripe; the cancel queued the expiry of the sessions it could see, not the
// one Stripe was making. That session stayed payable until Stripe's own expiry. Rule: Pay records its session and
// checks the object again under the object's row lock; if the object stopped taking payments meanwhile, the new
// session's expiry is queued in that transaction and the payer gets the object's 409. And when one session pays
// the object, its other open sessions are expired the same way (no second payment).
const ROUNDS = 8;
const sessionsOf = (objectId: string) => [...stripe.double.state.sessions.values()].filter((s) => s.metadata?.objectId === objectId);
const allExpired = (objectIds: string[], what: string) =>
  waitFor(() => objectIds.flatMap(sessionsOf).every((s) => s.status === "expired"), { timeoutMs: 15_000, what });
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

const sendInvoice = async (p: Awaited<ReturnType<typeof makePlatform>>) => {
  const res = await call(CREATE_INVOICE, {
    headers: { ...p.headers, ...idemKey() },
    body: {
      receiverName: "Ada Lovelace",
      receiverEmail: "ada@example.com",
      date: "2026-11-20",
      dueDate: "2026-12-20",
      status: "sent",
      emailSuppressed: true,
      items: [{ description: "Hosting", quantity: 1, rate: 25 }],
    },
  });
  if (res.status !== 201) throw new Error(`invoice: ${res.status} ${res.text}`);
  return {
    invoiceId: res.body._id as string,
    target: { publicId: res.body.publicInvoiceId as string, sig: new URL(res.body.links.invoice).searchParams.get("sig") },
  };
};

/** Stripe completes every session of the objects anyway (paid before the expiry landed): each is refunded, none applied. */
const payAllLate = async (objectIds: string[]) => {
  for (const s of objectIds.flatMap(sessionsOf)) {
    await stripe.payAfterExpiry(s.id);
    const late = await deliver("checkout.session.completed", s.id);
    expect(late, s.id).toMatchObject({ status: 200, body: { action: "refunded", refundId: expect.stringMatching(/^re_/) } });
    expect(refundCalls(s.id), s.id).toHaveLength(1);
  }
};

describe("follow-up: Pay racing a cancel, and a second session of a paid object", () => {
  it("a live fund session: cancel and Pay at once, many rounds; no Stripe session is left open, nothing funded, every late payment refunded", async () => {
    const t = await makeFundTenant({ environment: "live" });
    const ids: string[] = [];
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const s = await campaignSession(t.mgmt, t.campaign.id);
      const row = await getDb().fundSession.findUniqueOrThrow({ where: { sessionKey: s.sessionKey } });
      ids.push(row.id);
      const [pay, del] = await Promise.allSettled([
        startFundSessionCardPayment({ db: getDb() }, { sessionKey: s.sessionKey, amountUsdc: "20" }),
        pause(round % 4).then(() =>
          call(DELETE_CAMPAIGN_SESSION, { headers: { ...t.mgmt, ...idemKey() }, params: { campaignId: t.campaign.id, handle: s.sessionKey } }),
        ),
      ]);
      expect(del.status === "fulfilled" && del.value.status, `round ${round}`).toBe(200);
      if (pay.status === "rejected") expect(pay.reason, `round ${round}`).toMatchObject({ code: "FUND_SESSION_NOT_PENDING", status: 409 });
      outcomes.push(pay.status === "fulfilled" ? "opened" : sessionsOf(row.id).length ? "refused after Stripe" : "refused before Stripe");
      expect((await getDb().fundSession.findUniqueOrThrow({ where: { id: row.id } })).status).toBe("cancelled");
    }
    await allExpired(ids, `every Stripe session of the cancelled fund sessions expired (${outcomes.join(", ")})`);
    await payAllLate(ids);
    for (const id of ids)
      expect(await getDb().fundSession.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "cancelled", paidMicros: null, journalId: null });
    expect(await liveBalance("campaign", t.campaign.id)).toBe(0n);
    expect((await platformEventsOf(t.platform.id)).map((e) => e.event)).not.toContain("Platform.FundSession.Completed");
  });

  it("a live invoice: cancel and Pay at once, many rounds; no Stripe session is left open, nothing paid, every late payment refunded", async () => {
    const p = await makePlatform({ environment: "live" });
    const ids: string[] = [];
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { invoiceId, target } = await sendInvoice(p);
      ids.push(invoiceId);
      const [pay, cancel] = await Promise.allSettled([
        startInvoiceCardPayment({ db: getDb() }, target),
        pause(round % 4).then(() => call(CANCEL_INVOICE, { headers: { ...p.headers, ...idemKey() }, params: { invoiceId } })),
      ]);
      expect(cancel.status === "fulfilled" && cancel.value.status, `round ${round}`).toBe(200);
      if (pay.status === "rejected") expect(pay.reason, `round ${round}`).toMatchObject({ code: "INVOICE_STATE_CONFLICT", status: 409 });
      outcomes.push(pay.status === "fulfilled" ? "opened" : sessionsOf(invoiceId).length ? "refused after Stripe" : "refused before Stripe");
    }
    await allExpired(ids, `every Stripe session of the cancelled invoices expired (${outcomes.join(", ")})`);
    await payAllLate(ids);
    for (const id of ids) expect(await getDb().invoice.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "cancelled", paymentJournalId: null });
    expect((await platformEventsOf(p.platform.id)).map((e) => e.event)).not.toContain("Platform.Invoice.Paid");
  });

  it("a live fund session paid through one Stripe session: its other open session is expired, and a second payment is refunded", async () => {
    const t = await makeFundTenant({ environment: "live" });
    const s = await campaignSession(t.mgmt, t.campaign.id);
    const row = await getDb().fundSession.findUniqueOrThrow({ where: { sessionKey: s.sessionKey } });
    const a = await startFundSessionCardPayment({ db: getDb() }, { sessionKey: s.sessionKey, amountUsdc: "30" });
    const b = await startFundSessionCardPayment({ db: getDb() }, { sessionKey: s.sessionKey, amountUsdc: "30" });
    await stripe.double.pay(a.sessionId);
    expect((await deliver("checkout.session.completed", a.sessionId)).body).toMatchObject({ kind: "fund_session", objectId: row.id, action: "completed" });
    await expiredAtStripe(b.sessionId, "the other tab's Stripe session expired");
    expect(expireCalls(a.sessionId)).toEqual([]);
    // a Pay pressed after the completion: refused, and the session Stripe made for it is expired too
    await expect(startFundSessionCardPayment({ db: getDb() }, { sessionKey: s.sessionKey, amountUsdc: "30" })).rejects.toMatchObject({ status: 409 });
    expect(
      sessionsOf(row.id)
        .filter((x) => x.id !== a.sessionId)
        .every((x) => x.status === "expired"),
    ).toBe(true);
    await stripe.payAfterExpiry(b.sessionId); // paid at Stripe a moment before the expiry landed
    expect((await deliver("checkout.session.completed", b.sessionId)).body).toMatchObject({ action: "refunded" });
    expect(refundCalls(b.sessionId)).toHaveLength(1);
    const after = await getDb().fundSession.findUniqueOrThrow({ where: { id: row.id } });
    expect(after).toMatchObject({ status: "completed", paidMicros: 30_000_000n });
    expect(await liveBalance("campaign", t.campaign.id)).toBe(30_000_000n);
  });

  it("a live invoice paid through one Stripe session: its other open session is expired; its Stripe sessions close after an hour", async () => {
    const p = await makePlatform({ environment: "live" });
    const { invoiceId, target } = await sendInvoice(p);
    const before = Math.floor(Date.now() / 1000);
    const a = (await startInvoiceCardPayment({ db: getDb() }, target))!;
    const b = (await startInvoiceCardPayment({ db: getDb() }, target))!;
    for (const id of [a.sessionId, b.sessionId]) {
      const expiresAt = stripe.double.state.sessions.get(id)!.expires_at;
      expect(expiresAt - before, id).toBeGreaterThanOrEqual(60 * 60 - 5);
      expect(expiresAt - before, id).toBeLessThanOrEqual(60 * 60 + 5);
    }
    await stripe.double.pay(b.sessionId);
    expect((await deliver("checkout.session.completed", b.sessionId)).body).toMatchObject({ kind: "invoice", objectId: invoiceId, action: "completed" });
    await expiredAtStripe(a.sessionId, "the first Stripe session of the paid invoice expired");
    await stripe.payAfterExpiry(a.sessionId);
    expect((await deliver("checkout.session.completed", a.sessionId)).body).toMatchObject({ action: "refunded" });
    expect(refundCalls(a.sessionId)).toHaveLength(1);
    expect((await getDb().invoice.findUniqueOrThrow({ where: { id: invoiceId } })).status).toBe("paid");
  });
});
