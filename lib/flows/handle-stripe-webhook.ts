import type Stripe from "stripe";
import { declineCheckout } from "../checkout/decline-checkout.ts";
import { settlePaidCheckout } from "./settle-paid-checkout.ts";
import { AppError } from "../core/errors.ts";
import { requireStripe, requireWebhookSecret } from "../stripe/client.ts";
import { refundStripePayment } from "../stripe/refund-stripe-payment.ts";
import type { DbContext } from "../core/context.ts";

export type StripeWebhookResult = {
  received: true;
  eventId: string;
  type: string;
  purchaseId: string | null;
  action: "completed" | "refunded" | "failed" | "ignored";
  /** refunded: Stripe's refund id */
  refundId?: string;
};

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
  if (!handled.includes(event.type)) return { ...base, purchaseId: null, action: "ignored" };
  const session = event.data.object as Stripe.Checkout.Session;
  const purchase = await ctx.db.purchase.findUnique({ where: { externalId: session.id } });
  if (!purchase) return { ...base, purchaseId: null, action: "ignored" };
  const paid = session.payment_status === "paid" || session.payment_status === "no_payment_required";
  if ((event.type === "checkout.session.completed" || event.type === "checkout.session.async_payment_succeeded") && paid) {
    const settled = await settlePaidCheckout(ctx, { purchaseId: purchase.id, paymentProvider: "stripe", externalId: session.id });
    if (settled.outcome !== "refund") return { ...base, purchaseId: purchase.id, action: "completed" };
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
