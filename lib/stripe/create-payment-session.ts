import { newId } from "../db/ids.ts";
import type { Environment } from "../core/environment.ts";
import type { DbContext } from "../core/context.ts";
import { requireStripe } from "./client.ts";

/** What a Stripe Checkout Session pays, besides a checkout purchase (createStripeCheckoutSession). */
export type StripePaymentKind = "fund_session" | "invoice";

export type PaymentSessionInput = {
  kind: StripePaymentKind;
  /** the FundSession's or Invoice's id: metadata[objectId] and client_reference_id */
  objectId: string;
  environment: Environment;
  amountCents: bigint;
  /** the line item's name on Stripe's page */
  name: string;
  email?: string | null;
  /** where Stripe sends the payer after paying, and when they back out */
  successUrl: string;
  cancelUrl: string;
  /** more metadata (ids the webhook checks) */
  metadata?: Record<string, string>;
  /** when the object stops taking payments: Stripe's page closes then too (Stripe allows 30 minutes to 24 hours from now) */
  expiresAt?: Date;
};

const MIN_STRIPE_LIFETIME_S = 31 * 60;
const MAX_STRIPE_LIFETIME_S = 24 * 60 * 60 - 60;

/** Stripe's expires_at (seconds) for an object that stops taking payments at `at`, within what Stripe accepts. */
export const stripeExpiresAt = (at: Date, now = Date.now()): number => {
  const nowS = Math.floor(now / 1000);
  return Math.min(nowS + MAX_STRIPE_LIFETIME_S, Math.max(nowS + MIN_STRIPE_LIFETIME_S, Math.floor(at.getTime() / 1000)));
};

/**
 * A Stripe Checkout Session (mode payment, USD) for a fund session or an invoice, with metadata
 * {kind, objectId, paymentId} that the webhook routes by (handleStripeWebhook). The session is recorded as a
 * StripePayment row (status open) so the payment has one record from start to settlement or refund. Every
 * press of Pay is its own session (idempotency key per payment row: the SDK's network retries reuse it). A payment
 * that still arrives after the object stopped taking it is refunded by the webhook (settle-stripe-payment.ts).
 * Returns Stripe's URL to send the payer to.
 */
export const createStripePaymentSession = async (ctx: DbContext, input: PaymentSessionInput): Promise<{ sessionId: string; url: string }> => {
  const stripe = requireStripe();
  const paymentId = newId();
  const session = await stripe.checkout.sessions.create(
    {
      mode: "payment",
      line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: Number(input.amountCents), product_data: { name: input.name } } }],
      client_reference_id: input.objectId,
      metadata: { ...input.metadata, kind: input.kind, objectId: input.objectId, paymentId },
      payment_intent_data: { metadata: { kind: input.kind, objectId: input.objectId } },
      ...(input.email ? { customer_email: input.email } : {}),
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      ...(input.expiresAt ? { expires_at: stripeExpiresAt(input.expiresAt) } : {}),
    },
    { idempotencyKey: `stripe-payment-${paymentId}` },
  );
  if (!session.url) throw new Error(`Stripe returned no URL for Checkout Session ${session.id}`);
  await ctx.db.stripePayment.create({
    data: { id: paymentId, sessionId: session.id, kind: input.kind, objectId: input.objectId, environment: input.environment, amountCents: input.amountCents },
  });
  return { sessionId: session.id, url: session.url };
};
