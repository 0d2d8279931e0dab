import type Stripe from "stripe";
import { declineCheckout } from "../checkout/decline-checkout.ts";
import { settlePaidCheckout } from "./settle-paid-checkout.ts";
import { AppError } from "../core/errors.ts";
import { requireStripe, requireWebhookSecret } from "../stripe/client.ts";
import { refundStripePayment } from "../stripe/refund-stripe-payment.ts";
import type { StripeSettlement } from "../stripe/settle-stripe-payment.ts";
import { settleStripeInvoicePayment } from "../invoices/settle-stripe-invoice-payment.ts";
import { settlePaidFundSession } from "./settle-paid-fund-session.ts";
import { recordDispute } from "../refunds/record-dispute.ts";
import type { DbContext } from "../core/context.ts";

export type StripeWebhookResult = {
  received: true;
  eventId: string;
  type: string;
  purchaseId: string | null;
  action: "completed" | "refunded" | "failed" | "ignored" | "disputed" | "updated" | "closed";
  /** refunded: Stripe's refund id */
  refundId?: string;
  /** a fund session's or an invoice's session (metadata.kind): what it paid */
  kind?: "fund_session" | "invoice" | "dispute";
  objectId?: string | null;
};

/** Stripe's dispute events of a card payment: lib/refunds/record-dispute.ts. */
const DISPUTE_EVENTS = ["charge.dispute.created", "charge.dispute.updated", "charge.dispute.closed"];

/** What a Checkout Session pays, from its metadata.kind (set by lib/stripe): a session without one is a checkout purchase's. */
type SessionKind = "purchase" | "fund_session" | "invoice" | "unknown";

const kindOf = async (ctx: DbContext, session: Stripe.Checkout.Session): Promise<SessionKind> => {
  const kind = session.metadata?.kind;
  if (kind === "purchase" || kind === "fund_session" || kind === "invoice") return kind;
  if (kind) return "unknown";
  // a thinned event without metadata: the payment record made with the session says
  const row = await ctx.db.stripePayment.findUnique({ where: { sessionId: session.id }, select: { kind: true } });
  return row?.kind === "fund_session" || row?.kind === "invoice" ? row.kind : "purchase";
};

/** The objectId of a fund session's or invoice's session: the payment record made with it, else its metadata. */
const objectIdOf = async (ctx: DbContext, session: Stripe.Checkout.Session): Promise<string | null> =>
  (await ctx.db.stripePayment.findUnique({ where: { sessionId: session.id }, select: { objectId: true } }))?.objectId ?? session.metadata?.objectId ?? null;

const paymentIntentOf = (session: Stripe.Checkout.Session): string | null =>
  typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);

/**
 * An inbound Stripe event: the Stripe-Signature header is verified with the SDK (400
 * STRIPE_SIGNATURE_INVALID otherwise). checkout.session.completed (paid) settles the purchase
 * (settlePaidCheckout): completed, or, when it can no longer be (it was canceled or replaced and its
 * checkout has moved on, or the player is at perUserLimit), the payment is refunded. Either way the answer
 * is 200, never a 409 that Stripe would retry for days; only a failure to reach Stripe for the refund is
 * a 500, so Stripe sends the event again and the refund (idempotent per purchase) is retried.
 * async_payment_failed and expired fail a pending purchase and release its grant. Replays are harmless:
 * each session completes or refunds once. Unknown sessions and other events are ignored.
 * Sessions are routed by metadata.kind: none or "purchase" is a checkout purchase (found by its externalId);
 * "fund_session" and "invoice" are settled by handleHostedPayment; any other kind is logged and acknowledged (200).
 */
export const handleStripeWebhook = async (
  ctx: DbContext,
  { payload, signature }: { payload: string; signature: string | null },
): Promise<StripeWebhookResult> => {
  const secret = requireWebhookSecret();
  const stripe = requireStripe();
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(payload, signature ?? "", secret);
  } catch {
    throw new AppError("STRIPE_SIGNATURE_INVALID", "The Stripe-Signature header does not match this payload and STRIPE_WEBHOOK_SECRET.");
  }
  const base = { received: true as const, eventId: event.id, type: event.type };
  const handled = [
    "checkout.session.completed",
    "checkout.session.async_payment_succeeded",
    "checkout.session.async_payment_failed",
    "checkout.session.expired",
  ];
  if (DISPUTE_EVENTS.includes(event.type)) {
    const d = await recordDispute(ctx, { type: event.type, dispute: event.data.object as Stripe.Dispute });
    return { ...base, purchaseId: d.objectType === "purchase" ? d.objectId : null, kind: "dispute", objectId: d.disputeId, action: d.action };
  }
  if (!handled.includes(event.type)) return { ...base, purchaseId: null, action: "ignored" };
  const session = event.data.object as Stripe.Checkout.Session;
  const kind = await kindOf(ctx, session);
  if (kind === "unknown") {
    console.warn(
      `[stripe] event ${event.id} (${event.type}) about session ${session.id} has an unknown metadata.kind ${JSON.stringify(session.metadata?.kind)}; acknowledged and ignored`,
    );
    return { ...base, purchaseId: null, action: "ignored" };
  }
  if (kind !== "purchase") return handleHostedPayment(ctx, stripe, { base, event, session, kind });
  const purchase = await ctx.db.purchase.findUnique({ where: { externalId: session.id } });
  if (!purchase) return { ...base, purchaseId: null, action: "ignored" };
  const paid = session.payment_status === "paid" || session.payment_status === "no_payment_required";
  if ((event.type === "checkout.session.completed" || event.type === "checkout.session.async_payment_succeeded") && paid) {
    const settled = await settlePaidCheckout(ctx, { purchaseId: purchase.id, paymentProvider: "stripe", externalId: session.id });
    if (settled.outcome !== "refund") {
      // the PaymentIntent, kept for refunds and to find the purchase of a dispute (charge.dispute.*)
      const pi = paymentIntentOf(session);
      if (pi) await ctx.db.purchase.updateMany({ where: { id: purchase.id, paymentIntentId: null }, data: { paymentIntentId: pi } });
      return { ...base, purchaseId: purchase.id, action: "completed" };
    }
    // an event carries the PaymentIntent's id; a thinned one is looked up. A free session has none: nothing to give back.
    const paymentIntentId =
      paymentIntentOf(session) ?? (session.amount_total === 0 ? null : paymentIntentOf(await stripe.checkout.sessions.retrieve(session.id)));
    if (!paymentIntentId) return { ...base, purchaseId: purchase.id, action: "ignored" };
    const refunded = await refundStripePayment(ctx, { purchaseId: purchase.id, paymentIntentId });
    return { ...base, purchaseId: purchase.id, action: "refunded", refundId: refunded.refundId ?? undefined };
  }
  if (event.type === "checkout.session.async_payment_failed" || event.type === "checkout.session.expired") {
    if (purchase.status !== "pending") return { ...base, purchaseId: purchase.id, action: "ignored" };
    const message = event.type === "checkout.session.expired" ? "The card payment session expired before it was paid." : "The card payment failed.";
    await declineCheckout(ctx, { purchaseId: purchase.id, message });
    return { ...base, purchaseId: purchase.id, action: "failed" };
  }
  return { ...base, purchaseId: purchase.id, action: "ignored" };
};

/**
 * A fund session's or an invoice's Checkout Session. Paid (completed or async_payment_succeeded): settled once
 * through the object's own service, or refunded when the object can no longer take it (lib/stripe/settle-stripe-
 * payment.ts). An expired or failed session marks its StripePayment row expired; the fund session or invoice stays payable.
 * An object that does not exist (any more) is acknowledged and ignored.
 */
const handleHostedPayment = async (
  ctx: DbContext,
  stripe: Stripe,
  {
    base,
    event,
    session,
    kind,
  }: { base: Omit<StripeWebhookResult, "purchaseId" | "action">; event: Stripe.Event; session: Stripe.Checkout.Session; kind: "fund_session" | "invoice" },
): Promise<StripeWebhookResult> => {
  const objectId = await objectIdOf(ctx, session);
  const result = (action: StripeWebhookResult["action"], refundId?: string | null): StripeWebhookResult => ({
    ...base,
    purchaseId: null,
    kind,
    objectId,
    action,
    ...(refundId ? { refundId } : {}),
  });
  const paid = session.payment_status === "paid";
  if (event.type === "checkout.session.expired" || event.type === "checkout.session.async_payment_failed") {
    // the session is over unpaid: its record says so (an open row only; a completed or refunded one keeps its end)
    await ctx.db.stripePayment.updateMany({ where: { sessionId: session.id, status: "open" }, data: { status: "expired" } });
    return result("ignored");
  }
  if (!objectId || !paid || (event.type !== "checkout.session.completed" && event.type !== "checkout.session.async_payment_succeeded"))
    return result("ignored");
  // an event carries the amount and the PaymentIntent; a thinned one is looked up
  const full = session.amount_total == null || !paymentIntentOf(session) ? await stripe.checkout.sessions.retrieve(session.id) : session;
  const paidSession = { sessionId: session.id, objectId, amountCents: BigInt(full.amount_total ?? 0), paymentIntentId: paymentIntentOf(full) };
  const settled: StripeSettlement | null =
    kind === "fund_session" ? await settlePaidFundSession(ctx, paidSession) : await settleStripeInvoicePayment(ctx, paidSession);
  if (!settled) {
    console.warn(`[stripe] event ${event.id}: the ${kind} ${objectId} of session ${session.id} was not found; acknowledged and ignored`);
    return result("ignored");
  }
  return settled.outcome === "refunded" ? result("refunded", settled.payment.refundId) : result("completed");
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { DECLINE_CHECKOUT_ERRORS } from "../checkout/decline-checkout.ts";
import { SETTLE_PAID_CHECKOUT_ERRORS } from "./settle-paid-checkout.ts";
import { SETTLE_PAID_FUND_SESSION_ERRORS } from "./settle-paid-fund-session.ts";
import { SETTLE_STRIPE_INVOICE_PAYMENT_ERRORS } from "../invoices/settle-stripe-invoice-payment.ts";
import { CLIENT_ERRORS } from "../stripe/client.ts";
import { REFUND_STRIPE_PAYMENT_ERRORS } from "../stripe/refund-stripe-payment.ts";
import { RECORD_DISPUTE_ERRORS } from "../refunds/record-dispute.ts";
export const HANDLE_STRIPE_WEBHOOK_ERRORS = [
  ...RECORD_DISPUTE_ERRORS,
  "STRIPE_SIGNATURE_INVALID",
  ...DECLINE_CHECKOUT_ERRORS,
  ...SETTLE_PAID_CHECKOUT_ERRORS,
  ...SETTLE_PAID_FUND_SESSION_ERRORS,
  ...SETTLE_STRIPE_INVOICE_PAYMENT_ERRORS,
  ...CLIENT_ERRORS,
  ...REFUND_STRIPE_PAYMENT_ERRORS,
] as const satisfies readonly ErrorCode[];
