import type Stripe from "stripe";
import { completeCheckout } from "../checkout/complete-checkout.ts";
import { declineCheckout } from "../checkout/decline-checkout.ts";
import type { DbClient } from "../db/transaction.ts";
import { AppError } from "../http/errors.ts";
import { requireStripe, requireWebhookSecret } from "./client.ts";

export type StripeWebhookResult = { received: true; eventId: string; type: string; purchaseId: string | null; action: "completed" | "failed" | "ignored" };

/**
 * An inbound Stripe event: the Stripe-Signature header is verified with the SDK (400
 * STRIPE_SIGNATURE_INVALID otherwise). checkout.session.completed (paid) completes the purchase;
 * async_payment_failed and expired fail it and release its grant. Replays are harmless: a completed
 * purchase stays as it is, so each session completes once. Unknown sessions and other events are ignored.
 */
export const handleStripeWebhook = async (db: DbClient, { payload, signature }: { payload: string; signature: string | null }): Promise<StripeWebhookResult> => {
  const secret = requireWebhookSecret();
  const stripe = requireStripe();
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(payload, signature ?? "", secret);
  } catch {
    throw new AppError("STRIPE_SIGNATURE_INVALID", "The Stripe-Signature header does not match this payload and STRIPE_WEBHOOK_SECRET.", { status: 400 });
  }
  const base = { received: true as const, eventId: event.id, type: event.type };
  const handled = ["checkout.session.completed", "checkout.session.async_payment_succeeded", "checkout.session.async_payment_failed", "checkout.session.expired"];
  if (!handled.includes(event.type)) return { ...base, purchaseId: null, action: "ignored" };
  const session = event.data.object as Stripe.Checkout.Session;
  const purchase = await db.purchase.findUnique({ where: { externalId: session.id } });
  if (!purchase) return { ...base, purchaseId: null, action: "ignored" };
  const paid = session.payment_status === "paid" || session.payment_status === "no_payment_required";
  if ((event.type === "checkout.session.completed" || event.type === "checkout.session.async_payment_succeeded") && paid) {
    const p = await completeCheckout(db, { purchaseId: purchase.id, paymentProvider: "stripe", externalId: session.id });
    return { ...base, purchaseId: p.id, action: p.status === "completed" ? "completed" : "ignored" };
  }
  if (event.type === "checkout.session.async_payment_failed" || event.type === "checkout.session.expired") {
    if (purchase.status !== "pending") return { ...base, purchaseId: purchase.id, action: "ignored" };
    const message = event.type === "checkout.session.expired" ? "The card payment session expired before it was paid." : "The card payment failed.";
    await declineCheckout(db, { purchaseId: purchase.id, message });
    return { ...base, purchaseId: purchase.id, action: "failed" };
  }
  return { ...base, purchaseId: purchase.id, action: "ignored" };
};
