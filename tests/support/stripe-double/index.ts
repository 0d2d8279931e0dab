// A local double of the Stripe API for the real `stripe` SDK (the service points it here with STRIPE_API_BASE,
// which becomes the SDK's host/port/protocol options: lib/stripe/client.ts). It keeps state as Stripe does and
// covers the endpoints the service calls, no more:
//   POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id, POST /v1/checkout/sessions/:id/expire,
//   GET /v1/payment_intents/:id, GET /v1/charges/:id,
//   POST /v1/refunds, GET /v1/refunds, GET /v1/refunds/:id,
//   GET /v1/disputes/:id, POST /v1/disputes/:id, POST /v1/disputes/:id/close.
// Answers are typed with the SDK's own types (objects.ts). Idempotency-Key is honoured as Stripe does (same key and
// body: the first answer again, nothing done twice; same key, other body: 400 idempotency_error). Test keys only.
//
// It also plays Stripe's side of the payer: a session's `url` is the double's hosted page (GET /c/pay/:id) whose Pay
// button completes the payment and redirects to success_url, and the webhook events Stripe would send are POSTed to
// the configured endpoint, signed with the webhook secret exactly as Stripe signs them (Stripe-Signature: t=…,v1=…,
// HMAC-SHA256 of "t.payload"). Tests drive the rest (disputes opened, updated and closed won or lost, Stripe's own
// expiry, a lost delivery, a slow or failing API) through the returned object, or over HTTP under /_double/ when the
// double runs in another process.
// docs/decisions/stripe-double.md says why it exists and what it leaves out.
import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { renderCheckoutPage, renderClosedPage } from "./checkout-page.ts";
import { decodeStripeForm, str, strMap, type FormValue } from "./form.ts";
import {
  nowSeconds,
  stripeId,
  type DoubleCharge,
  type DoubleDispute,
  type DoubleEvent,
  type DoubleLineItem,
  type DoubleObject,
  type DoublePaymentIntent,
  type DoubleRefund,
  type DoubleSession,
} from "./objects.ts";

export type * from "./objects.ts";

/** Where the double sends its events: an HTTP endpoint (the app's /api/webhooks/stripe), or a function in this process. */
export type WebhookTarget = {
  secret: string;
  url?: string;
  deliver?: (payload: string, signature: string) => Promise<{ status: number; body: unknown }>;
};

export type StripeDoubleCall = { method: string; path: string; idempotencyKey: string | null; form: { [key: string]: FormValue } };
export type Delivery = { eventId: string; type: Stripe.Event.Type; status: number; body: unknown };

export type StripeDoubleState = {
  sessions: Map<string, DoubleSession>;
  lineItems: Map<string, DoubleLineItem[]>;
  /** payment_intent_data.metadata of each session, for its PaymentIntent */
  intentMetadata: Map<string, Record<string, string>>;
  paymentIntents: Map<string, DoublePaymentIntent>;
  charges: Map<string, DoubleCharge>;
  refunds: Map<string, DoubleRefund>;
  disputes: Map<string, DoubleDispute>;
  events: DoubleEvent[];
  deliveries: Delivery[];
  calls: StripeDoubleCall[];
};

export type StripeDouble = {
  /** http://host:port, for STRIPE_API_BASE */
  url: string;
  host: string;
  port: number;
  state: StripeDoubleState;
  /** where events go; null: they are only recorded (state.events) */
  webhook: WebhookTarget | null;
  /** Signs and sends an event about `object` now (and records it); returns the event and the endpoint's answer. */
  sendEvent: (type: Stripe.Event.Type, object: DoubleObject) => Promise<{ event: DoubleEvent; delivery: Delivery | null }>;
  /** Resolves when every event sent so far (and every event their deliveries caused) has been delivered. */
  idle: () => Promise<void>;
  /** Sends a recorded event again (Stripe's retry after a non-2xx). */
  redeliver: (eventId: string) => Promise<Delivery | null>;
  /** The payer pays an open session (what the hosted page's Pay button does): PaymentIntent and Charge succeed, events sent. */
  pay: (sessionId: string, opts?: { email?: string }) => Promise<{ session: DoubleSession; paymentIntent: DoublePaymentIntent; charge: DoubleCharge }>;
  /** Stripe closes an open session by itself (its expires_at passed): status expired, checkout.session.expired sent. */
  expire: (sessionId: string) => Promise<DoubleSession>;
  /**
   * The card holder's bank disputes a paid PaymentIntent's charge (the amount not refunded yet, by default): the
   * evidence is due `dueInDays` (7) days later, at 23:59:59 UTC; charge.dispute.created and funds_withdrawn sent.
   */
  dispute: (paymentIntentId: string, opts?: { amount?: number; reason?: string; dueInDays?: number }) => Promise<DoubleDispute>;
  /** Stripe moves an open dispute on (under_review once evidence is in, or a new due date): charge.dispute.updated sent. */
  updateDispute: (disputeId: string, change: { status?: "needs_response" | "under_review"; dueBy?: number; hasEvidence?: boolean }) => Promise<DoubleDispute>;
  /** The dispute ends: won (funds_reinstated too) or lost; charge.dispute.closed sent. */
  closeDispute: (disputeId: string, status: "won" | "lost") => Promise<DoubleDispute>;
  /**
   * The next `n` API requests whose path matches answer 500 (Stripe-Should-Retry: false, so only the caller retries);
   * returns the undo. `lost`: Stripe carries each request out, and its answer is lost on the way (a 500 all the same).
   */
  failNext: (path: RegExp, n?: number, opts?: { lost?: boolean }) => () => void;
  /** The next API request whose path matches waits until `release` is called (a slow Stripe); `reached` resolves when it arrives. */
  holdNext: (path: RegExp) => { reached: Promise<void>; release: () => void };
  stop: () => Promise<void>;
};

type Answer = { status: number; body: unknown };

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; message: string; code?: string; param?: string },
  ) {
    super(body.message);
  }
}

const invalid = (message: string, extra: { code?: string; param?: string } = {}) =>
  new StripeApiError(400, { type: "invalid_request_error", message, ...extra });
const missing = (kind: string, id: string) =>
  new StripeApiError(404, { type: "invalid_request_error", code: "resource_missing", message: `No such ${kind}: '${id}'`, param: "id" });

/** Stripe's signature header for `payload` at `timestamp` (seconds): t=…,v1=hex(HMAC-SHA256(secret, "t.payload")). */
export const stripeSignature = (payload: string, secret: string, timestamp = nowSeconds()): string =>
  `t=${timestamp},v1=${createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex")}`;

const REFUND_REASONS = new Set(["duplicate", "fraudulent", "requested_by_customer"]);
const MIN_LIFETIME_S = 30 * 60;
const MAX_LIFETIME_S = 24 * 60 * 60;

/**
 * Starts the double on `port` (0: a free one) of 127.0.0.1. `webhook` can be set now or later (double.webhook = …).
 */
export const startStripeDouble = async ({ port = 0, host = "127.0.0.1", webhook = null as WebhookTarget | null } = {}): Promise<StripeDouble> => {
  const state: StripeDoubleState = {
    sessions: new Map(),
    lineItems: new Map(),
    intentMetadata: new Map(),
    paymentIntents: new Map(),
    charges: new Map(),
    refunds: new Map(),
    disputes: new Map(),
    events: [],
    deliveries: [],
    calls: [],
  };
  const idempotent = new Map<string, { raw: string; answer: Answer }>();
  const failures: { path: RegExp; left: number; lost: boolean }[] = [];
  const holds: { path: RegExp; arrived: () => void; released: Promise<void> }[] = [];
  let base = "";

  const deliverEvent = async (event: DoubleEvent): Promise<Delivery | null> => {
    const target = double.webhook;
    if (!target) return null;
    const payload = JSON.stringify(event, null, 2);
    const signature = stripeSignature(payload, target.secret);
    let answer: { status: number; body: unknown };
    try {
      if (target.deliver) answer = await target.deliver(payload, signature);
      else if (target.url) {
        const res = await fetch(target.url, {
          method: "POST",
          headers: {
            "content-type": "application/json; charset=utf-8",
            "stripe-signature": signature,
            "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          },
          body: payload,
        });
        const text = await res.text();
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON: kept as text
        }
        answer = { status: res.status, body };
      } else return null;
    } catch (err) {
      // the endpoint could not be reached: Stripe records a failed delivery and retries later (redeliver)
      answer = { status: 0, body: String(err) };
    }
    const delivery = { eventId: event.id, type: event.type, ...answer };
    state.deliveries.push(delivery);
    return delivery;
  };

  // Stripe delivers events after the request that caused them has been answered, one endpoint's events one at a time:
  // a queue. An event caused inside a delivery (the webhook handler refunds) is delivered after that delivery ends.
  let queue: Promise<unknown> = Promise.resolve();
  const enqueue = (event: DoubleEvent): Promise<Delivery | null> => {
    const delivered = queue.then(() => deliverEvent(event));
    queue = delivered.catch(() => undefined);
    return delivered;
  };
  /** Resolves when every event sent so far, and every event those deliveries caused, has been delivered. */
  const idle = async (): Promise<void> => {
    for (;;) {
      const current = queue;
      await current;
      if (current === queue) return;
    }
  };

  const recordEvent = (type: Stripe.Event.Type, object: DoubleObject): DoubleEvent => {
    const event: DoubleEvent = {
      id: stripeId("evt"),
      object: "event",
      api_version: Stripe.API_VERSION,
      created: nowSeconds(),
      livemode: false,
      pending_webhooks: double.webhook ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
      // a snapshot: later changes to the object do not rewrite an event already sent
      data: { object: structuredClone(object) },
    };
    state.events.push(event);
    return event;
  };
  /** An event caused by an API request or the payer: queued, delivered after the answer (see idle()). */
  const emit = (type: Stripe.Event.Type, object: DoubleObject): void => void enqueue(recordEvent(type, object));

  /** `value` once every event sent so far has been delivered (what a control call answers). */
  const settled = async <T>(value: T): Promise<T> => {
    await idle();
    return value;
  };

  const sendEvent: StripeDouble["sendEvent"] = async (type, object) => {
    const event = recordEvent(type, object);
    return { event, delivery: await enqueue(event) };
  };

  const sessionOf = (id: string) => state.sessions.get(id) ?? (() => { throw missing("checkout.session", id); })(); // prettier-ignore
  const intentOf = (id: string) => state.paymentIntents.get(id) ?? (() => { throw missing("payment_intent", id); })(); // prettier-ignore
  const chargeOf = (id: string) => state.charges.get(id) ?? (() => { throw missing("charge", id); })(); // prettier-ignore
  const disputeOf = (id: string) => state.disputes.get(id) ?? (() => { throw missing("dispute", id); })(); // prettier-ignore

  const createSession = (form: { [key: string]: FormValue }): DoubleSession => {
    if (str(form.mode) !== "payment") throw invalid("The double supports mode=payment only (the service's only mode).", { param: "mode" });
    const raw = Array.isArray(form.line_items) ? form.line_items : [];
    if (raw.length === 0) throw invalid("line_items is required in payment mode.", { param: "line_items" });
    const items: DoubleLineItem[] = raw.map((li, i) => {
      const o = li as { [key: string]: FormValue };
      const pd = o.price_data as { [key: string]: FormValue } | undefined;
      const unitAmount = Number(str(pd?.unit_amount));
      const quantity = Number(str(o.quantity) ?? "1");
      const name = str((pd?.product_data as { [key: string]: FormValue } | undefined)?.name);
      const currency = str(pd?.currency);
      if (!pd || !Number.isInteger(unitAmount) || unitAmount < 0)
        throw invalid("Invalid integer: unit_amount", { param: `line_items[${i}][price_data][unit_amount]` });
      if (!name) throw invalid("Missing required param: product_data[name].", { param: `line_items[${i}][price_data][product_data][name]` });
      if (!currency) throw invalid("Missing required param: currency.", { param: `line_items[${i}][price_data][currency]` });
      if (!Number.isInteger(quantity) || quantity < 1) throw invalid("Invalid quantity.", { param: `line_items[${i}][quantity]` });
      return { name, unitAmount, quantity, currency };
    });
    if (new Set(items.map((i) => i.currency)).size > 1) throw invalid("All line items must share one currency.", { param: "line_items" });
    const successUrl = str(form.success_url);
    if (!successUrl) throw invalid("Missing required param: success_url.", { param: "success_url" });
    const now = nowSeconds();
    const expiresAt = str(form.expires_at) === undefined ? now + MAX_LIFETIME_S : Number(str(form.expires_at));
    if (!Number.isInteger(expiresAt) || expiresAt < now + MIN_LIFETIME_S || expiresAt > now + MAX_LIFETIME_S)
      throw invalid("The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.", { param: "expires_at" });
    const metadata = strMap(form.metadata);
    for (const [k, v] of Object.entries(metadata))
      if (k.length > 40 || v.length > 500) throw invalid(`Metadata ${k} is too long.`, { param: `metadata[${k}]` });
    const id = stripeId("cs_test");
    const total = items.reduce((sum, i) => sum + i.unitAmount * i.quantity, 0);
    const session: DoubleSession = {
      id,
      object: "checkout.session",
      amount_subtotal: total,
      amount_total: total,
      cancel_url: str(form.cancel_url) ?? null,
      client_reference_id: str(form.client_reference_id) ?? null,
      created: now,
      currency: items[0].currency,
      customer_email: str(form.customer_email) ?? null,
      expires_at: expiresAt,
      livemode: false,
      metadata,
      mode: "payment",
      payment_intent: null,
      payment_status: total === 0 ? "no_payment_required" : "unpaid",
      status: "open",
      success_url: successUrl,
      url: `${base}/c/pay/${id}`,
    };
    state.sessions.set(id, session);
    state.lineItems.set(id, items);
    state.intentMetadata.set(id, strMap((form.payment_intent_data as { [key: string]: FormValue } | undefined)?.metadata));
    return session;
  };

  const closeSession = async (id: string, by: "api" | "stripe"): Promise<DoubleSession> => {
    const s = sessionOf(id);
    if (s.status !== "open") throw invalid('Only Checkout Sessions with a status in ["open"] can be expired.');
    // by the API (the service's expiry job) or by Stripe itself (expires_at passed): the same end and event
    void by;
    Object.assign(s, { status: "expired", url: null });
    emit("checkout.session.expired", s);
    return s;
  };

  const pay: StripeDouble["pay"] = async (sessionId, { email } = {}) => {
    const s = sessionOf(sessionId);
    if (s.status !== "open") throw invalid(`Checkout Session ${sessionId} is ${s.status}: it cannot be paid.`);
    const amount = s.amount_total ?? 0;
    const created = nowSeconds();
    const pi: DoublePaymentIntent = {
      id: stripeId("pi"),
      object: "payment_intent",
      amount,
      amount_received: amount,
      created,
      currency: s.currency ?? "usd",
      latest_charge: null,
      livemode: false,
      metadata: state.intentMetadata.get(sessionId) ?? {},
      status: "succeeded",
    };
    const charge: DoubleCharge = {
      id: stripeId("ch"),
      object: "charge",
      amount,
      amount_captured: amount,
      amount_refunded: 0,
      captured: true,
      created,
      currency: pi.currency,
      disputed: false,
      livemode: false,
      metadata: {},
      paid: true,
      payment_intent: pi.id,
      refunded: false,
      status: "succeeded",
    };
    pi.latest_charge = charge.id;
    state.paymentIntents.set(pi.id, pi);
    state.charges.set(charge.id, charge);
    Object.assign(s, {
      status: "complete",
      payment_status: "paid",
      payment_intent: pi.id,
      url: null,
      ...(email ? { customer_email: s.customer_email ?? email } : {}),
    });
    emit("charge.succeeded", charge);
    emit("payment_intent.succeeded", pi);
    emit("checkout.session.completed", s);
    await idle();
    return { session: s, paymentIntent: pi, charge };
  };

  const createRefund = async (form: { [key: string]: FormValue }): Promise<DoubleRefund> => {
    const piId = str(form.payment_intent);
    const chargeId = str(form.charge);
    if (!piId && !chargeId) throw invalid("One of the following params should be provided for this request: payment_intent or charge.");
    const charge = chargeId
      ? chargeOf(chargeId)
      : (() => {
          const pi = intentOf(piId!);
          if (typeof pi.latest_charge !== "string") throw invalid(`This PaymentIntent (${pi.id}) does not have a successful charge to refund.`);
          return chargeOf(pi.latest_charge);
        })();
    const dispute = [...state.disputes.values()].find((d) => d.charge === charge.id && d.status !== "won");
    if (dispute) throw invalid(`Charge ${charge.id} has been charged back; it cannot be refunded.`, { code: "charge_disputed" });
    const left = charge.amount - charge.amount_refunded;
    if (left === 0) throw invalid(`Charge ${charge.id} has already been refunded.`, { code: "charge_already_refunded" });
    const amount = str(form.amount) === undefined ? left : Number(str(form.amount));
    if (!Number.isInteger(amount) || amount < 1) throw invalid("Invalid positive integer", { param: "amount" });
    if (amount > left)
      throw invalid(`Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`, {
        code: "amount_too_large",
        param: "amount",
      });
    const reason = str(form.reason);
    if (reason !== undefined && !REFUND_REASONS.has(reason)) throw invalid(`Invalid reason: ${reason}`, { param: "reason" });
    const refund: DoubleRefund = {
      id: stripeId("re"),
      object: "refund",
      amount,
      charge: charge.id,
      created: nowSeconds(),
      currency: charge.currency,
      metadata: strMap(form.metadata),
      payment_intent: typeof charge.payment_intent === "string" ? charge.payment_intent : null,
      reason: (reason as DoubleRefund["reason"]) ?? null,
      status: "succeeded",
    };
    state.refunds.set(refund.id, refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    emit("refund.created", refund);
    emit("charge.refunded", charge);
    return refund;
  };

  const dispute: StripeDouble["dispute"] = async (paymentIntentId, { amount, reason = "fraudulent", dueInDays = 7 } = {}) => {
    const pi = intentOf(paymentIntentId);
    if (typeof pi.latest_charge !== "string") throw invalid(`PaymentIntent ${pi.id} has no charge to dispute.`);
    const charge = chargeOf(pi.latest_charge);
    if ([...state.disputes.values()].some((d) => d.charge === charge.id))
      throw invalid(`Charge ${charge.id} is disputed already: a charge has one dispute.`, { code: "charge_disputed" });
    const disputed = amount ?? charge.amount - charge.amount_refunded;
    if (!Number.isInteger(disputed) || disputed < 1 || disputed > charge.amount - charge.amount_refunded)
      throw invalid(`A dispute of ${disputed} is not within what is left of charge ${charge.id}.`, { param: "amount" });
    const created = nowSeconds();
    // Stripe gives the merchant until the end of a day some days ahead to answer
    const due = new Date((created + dueInDays * 86_400) * 1000);
    due.setUTCHours(23, 59, 59, 0);
    const d: DoubleDispute = {
      id: stripeId("dp"),
      object: "dispute",
      amount: disputed,
      charge: charge.id,
      created,
      currency: charge.currency,
      evidence_details: {
        due_by: Math.floor(due.getTime() / 1000),
        enhanced_eligibility: {},
        has_evidence: false,
        past_due: false,
        submission_count: 0,
        submission_method: "not_submitted",
      },
      is_charge_refundable: false,
      livemode: false,
      metadata: {},
      payment_intent: pi.id,
      reason,
      status: "needs_response",
    };
    state.disputes.set(d.id, d);
    charge.disputed = true;
    emit("charge.dispute.created", d);
    emit("charge.dispute.funds_withdrawn", d);
    return d;
  };

  const updateDispute: StripeDouble["updateDispute"] = async (id, { status, dueBy, hasEvidence }) => {
    const d = disputeOf(id);
    if (d.status === "won" || d.status === "lost") throw invalid(`Dispute ${id} is closed (${d.status}): it cannot be updated.`);
    if (status) d.status = status;
    if (dueBy !== undefined) d.evidence_details.due_by = dueBy;
    if (hasEvidence) {
      d.evidence_details.has_evidence = true;
      d.evidence_details.submission_count += 1;
      d.evidence_details.submission_method = "manual";
    }
    emit("charge.dispute.updated", d);
    return d;
  };

  const closeDispute: StripeDouble["closeDispute"] = async (id, status) => {
    const d = disputeOf(id);
    if (d.status === "won" || d.status === "lost") throw invalid(`Dispute ${id} is already closed (${d.status}).`);
    d.status = status;
    emit("charge.dispute.closed", d);
    if (status === "won") emit("charge.dispute.funds_reinstated", d);
    return d;
  };

  /** The Stripe API: one request, answered (or thrown as a StripeApiError). */
  const api = async (method: string, path: string, form: { [key: string]: FormValue }, query: URLSearchParams): Promise<unknown> => {
    let m: RegExpExecArray | null;
    if (method === "POST" && path === "/v1/checkout/sessions") return createSession(form);
    if (method === "GET" && (m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path))) return sessionOf(m[1]);
    if (method === "POST" && (m = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path))) return closeSession(m[1], "api");
    if (method === "GET" && (m = /^\/v1\/payment_intents\/([^/]+)$/.exec(path))) return intentOf(m[1]);
    if (method === "GET" && (m = /^\/v1\/charges\/([^/]+)$/.exec(path))) return chargeOf(m[1]);
    if (method === "POST" && path === "/v1/refunds") return createRefund(form);
    if (method === "GET" && path === "/v1/refunds") {
      const limit = Math.min(100, Number(query.get("limit") ?? 10));
      const all = [...state.refunds.values()]
        .filter(
          (r) =>
            (!query.get("payment_intent") || r.payment_intent === query.get("payment_intent")) && (!query.get("charge") || r.charge === query.get("charge")),
        )
        .reverse();
      return { object: "list", url: "/v1/refunds", data: all.slice(0, limit), has_more: all.length > limit };
    }
    if (method === "GET" && (m = /^\/v1\/refunds\/([^/]+)$/.exec(path)))
      return state.refunds.get(m[1]) ?? (() => { throw missing("refund", m![1]); })(); // prettier-ignore
    if (method === "GET" && (m = /^\/v1\/disputes\/([^/]+)$/.exec(path))) return disputeOf(m[1]);
    if (method === "POST" && (m = /^\/v1\/disputes\/([^/]+)\/close$/.exec(path))) {
      const d = disputeOf(m[1]);
      if (d.status === "lost") return d;
      return closeDispute(d.id, "lost");
    }
    if (method === "POST" && (m = /^\/v1\/disputes\/([^/]+)$/.exec(path))) {
      const d = disputeOf(m[1]);
      d.metadata = { ...d.metadata, ...strMap(form.metadata) };
      const submit = str(form.submit) === "true" && d.status === "needs_response";
      return updateDispute(d.id, submit ? { status: "under_review", hasEvidence: true } : {});
    }
    throw new StripeApiError(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${method}: ${path}). The Stripe double serves only the endpoints the service uses.`,
    });
  };

  /** The controls a test in another process uses (the double's own, not Stripe's). */
  const control = async (method: string, path: string, body: Record<string, unknown>): Promise<unknown> => {
    let m: RegExpExecArray | null;
    if (method === "GET" && path === "/_double/state")
      return {
        sessions: [...state.sessions.values()],
        paymentIntents: [...state.paymentIntents.values()],
        charges: [...state.charges.values()],
        refunds: [...state.refunds.values()],
        disputes: [...state.disputes.values()],
        events: state.events,
        deliveries: state.deliveries,
        calls: state.calls,
      };
    if (method === "POST" && (m = /^\/_double\/sessions\/([^/]+)\/pay$/.exec(path))) return pay(m[1]);
    if (method === "POST" && (m = /^\/_double\/sessions\/([^/]+)\/expire$/.exec(path))) return settled(await closeSession(m[1], "stripe"));
    if (method === "POST" && path === "/_double/disputes") {
      // the PaymentIntent, or the paid Checkout Session whose charge the bank disputes
      const session = typeof body.session === "string" ? sessionOf(body.session) : null;
      const pi = session ? session.payment_intent : body.payment_intent;
      if (typeof pi !== "string")
        throw invalid(session ? `Checkout Session ${session.id} is not paid: nothing to dispute.` : "payment_intent or session is required.");
      return settled(
        await dispute(pi, {
          amount: body.amount === undefined ? undefined : Number(body.amount),
          reason: body.reason as string | undefined,
          dueInDays: body.dueInDays === undefined ? undefined : Number(body.dueInDays),
        }),
      );
    }
    if (method === "POST" && (m = /^\/_double\/disputes\/([^/]+)\/update$/.exec(path)))
      return settled(
        await updateDispute(m[1], {
          status: body.status === "under_review" || body.status === "needs_response" ? body.status : undefined,
          dueBy: body.dueBy === undefined ? undefined : Number(body.dueBy),
          hasEvidence: body.hasEvidence === true,
        }),
      );
    if (method === "POST" && (m = /^\/_double\/disputes\/([^/]+)\/close$/.exec(path)))
      return settled(await closeDispute(m[1], body.status === "won" ? "won" : "lost"));
    if (method === "POST" && path === "/_double/idle") return idle().then(() => ({ idle: true }));
    throw new StripeApiError(404, { type: "invalid_request_error", message: `No control ${method} ${path}` });
  };

  const handle = async (req: http.IncomingMessage, raw: string): Promise<{ status: number; headers: Record<string, string>; body: string }> => {
    const url = new URL(req.url ?? "/", "http://double.local");
    const method = req.method ?? "GET";
    const asJson = (a: Answer, extra: Record<string, string> = {}) => ({
      status: a.status,
      headers: { "content-type": "application/json", "request-id": stripeId("req"), ...extra },
      body: JSON.stringify(a.body),
    });
    const html = (status: number, body: string, extra: Record<string, string> = {}) => ({
      status,
      headers: { "content-type": "text/html; charset=utf-8", ...extra },
      body,
    });
    const errorAnswer = (err: unknown): Answer => {
      if (err instanceof StripeApiError) return { status: err.status, body: { error: err.body } };
      throw err;
    };

    // the payer's side: the hosted page and its Pay button
    let m: RegExpExecArray | null;
    if ((m = /^\/c\/pay\/([^/]+)$/.exec(url.pathname))) {
      const s = state.sessions.get(m[1]);
      if (!s) return html(404, "<!doctype html><title>Not found</title><h1>Something went wrong</h1>");
      if (method === "GET") return s.status === "open" ? html(200, renderCheckoutPage(s, state.lineItems.get(s.id) ?? [])) : html(200, renderClosedPage(s));
      if (method === "POST") {
        if (s.status !== "open") return html(409, renderClosedPage(s));
        const email = new URLSearchParams(raw).get("email") ?? undefined;
        await pay(s.id, { email });
        return html(303, "", { location: (s.success_url ?? "/").replace("{CHECKOUT_SESSION_ID}", s.id) });
      }
    }
    if (url.pathname.startsWith("/_double/")) {
      try {
        return asJson({ status: 200, body: await control(method, url.pathname, raw ? (JSON.parse(raw) as Record<string, unknown>) : {}) });
      } catch (err) {
        return asJson(errorAnswer(err));
      }
    }

    // the API
    const form = method === "GET" ? decodeStripeForm(url.search.slice(1)) : decodeStripeForm(raw);
    const idempotencyKey = (req.headers["idempotency-key"] as string | undefined) ?? null;
    state.calls.push({ method, path: url.pathname, idempotencyKey, form });
    // the SDK sends "Bearer <key>"; curl -u <key>: sends Basic auth with the key as the user, which Stripe accepts too
    const auth = req.headers.authorization ?? "";
    const key = auth.startsWith("Bearer ")
      ? auth.slice(7)
      : auth.startsWith("Basic ")
        ? Buffer.from(auth.slice(6), "base64").toString("utf8").split(":")[0]
        : "";
    if (!key) return asJson({ status: 401, body: { error: { type: "invalid_request_error", message: "You did not provide an API key." } } });
    if (!key.startsWith("sk_test_"))
      return asJson({ status: 401, body: { error: { type: "invalid_request_error", message: "The Stripe double takes test secret keys (sk_test_…) only." } } });
    const hold = holds.findIndex((h) => h.path.test(url.pathname));
    if (hold >= 0) {
      const [h] = holds.splice(hold, 1);
      h.arrived();
      await h.released;
    }
    const failing = failures.find((f) => f.left > 0 && f.path.test(url.pathname));
    if (failing) {
      failing.left--;
      if (failing.lost) {
        // carried out, and the key remembered as Stripe does: the caller's retry with it meets this answer
        let done: Answer;
        try {
          done = { status: 200, body: await api(method, url.pathname, form, url.searchParams) };
        } catch (err) {
          done = errorAnswer(err);
        }
        if (method === "POST" && idempotencyKey) idempotent.set(idempotencyKey, { raw, answer: structuredClone(done) });
      }
      return asJson(
        { status: 500, body: { error: { type: "api_error", message: "The Stripe double was told to fail this request." } } },
        { "stripe-should-retry": "false" },
      );
    }
    if (method === "POST" && idempotencyKey) {
      const seen = idempotent.get(idempotencyKey);
      if (seen && seen.raw !== raw)
        return asJson({
          status: 400,
          body: {
            error: {
              type: "idempotency_error",
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          },
        });
      if (seen) return asJson(seen.answer, { "idempotent-replayed": "true" });
    }
    let answer: Answer;
    try {
      answer = { status: 200, body: await api(method, url.pathname, form, url.searchParams) };
    } catch (err) {
      answer = errorAnswer(err);
    }
    // Stripe keeps a key's answer, errors included (not 5xx), for 24 hours
    if (method === "POST" && idempotencyKey) idempotent.set(idempotencyKey, { raw, answer: structuredClone(answer) });
    return asJson(answer);
  };

  const server = http.createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (raw += c));
    req.on("end", () => {
      handle(req, raw).then(
        (r) => res.writeHead(r.status, r.headers).end(r.body),
        (err: unknown) => {
          console.error("[stripe-double]", err);
          res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: { type: "api_error", message: String(err) } }));
        },
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  base = `http://${host}:${bound}`;

  const double: StripeDouble = {
    url: base,
    host,
    port: bound,
    state,
    webhook,
    sendEvent,
    redeliver: async (eventId) => {
      const event = state.events.find((e) => e.id === eventId);
      if (!event) throw new Error(`no event ${eventId}`);
      return deliverEvent(event);
    },
    pay,
    expire: async (sessionId) => settled(await closeSession(sessionId, "stripe")),
    dispute: async (paymentIntentId, opts) => settled(await dispute(paymentIntentId, opts)),
    updateDispute: async (disputeId, change) => settled(await updateDispute(disputeId, change)),
    closeDispute: async (disputeId, status) => settled(await closeDispute(disputeId, status)),
    idle,
    failNext: (path, n = 1, { lost = false } = {}) => {
      const failure = { path, left: n, lost };
      failures.push(failure);
      return () => void (failure.left = 0);
    },
    holdNext: (path) => {
      let arrived = () => undefined as void;
      let release = () => undefined as void;
      const reached = new Promise<void>((resolve) => (arrived = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      holds.push({ path, arrived, released });
      return { reached, release };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return double;
};
