import { newId } from "../db/ids.ts";
import type { Environment } from "../core/environment.ts";
import type { DbContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import { inTransaction, type DbClient } from "../db/transaction.ts";
import { requireStripe } from "./client.ts";
import { queueStripePaymentExpiry } from "./queue-session-expiry.ts";

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
  expiresAt: Date;
  /**
   * Locks the object's row (FOR UPDATE) and throws its own 4xx when it no longer takes payments (cancelled,
   * completed, paid, expired). Run after Stripe made the session, in the transaction that records it.
   */
  lockPayable: (tx: DbClient) => Promise<void>;
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
 * When the object stopped taking payments while Stripe made the session (a cancel committed meanwhile), the
 * session's expiry is queued at once and the payer gets the object's own 409 (`lockPayable`).
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
      expires_at: stripeExpiresAt(input.expiresAt),
    },
    { idempotencyKey: `stripe-payment-${paymentId}` },
  );
  // Recorded, and the object checked again, under the object's row lock: a cancel (or a completion) either
  // committed first, and the new session is expired by a job queued here, or it waits and then finds this
  // session's row and queues its expiry itself. Either way no session of an object that stopped taking
  // payments is left open at Stripe.
  const refused = await inTransaction(ctx.db, async (tx) => {
    await tx.stripePayment.create({
      data: {
        id: paymentId,
        sessionId: session.id,
        kind: input.kind,
        objectId: input.objectId,
        environment: input.environment,
        amountCents: input.amountCents,
      },
    });
    try {
      await input.lockPayable(tx);
      return null;
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      await queueStripePaymentExpiry({ db: tx }, { kind: input.kind, objectId: input.objectId });
      return err;
    }
  });
  if (refused) throw refused;
  if (!session.url) throw new Error(`Stripe returned no URL for Checkout Session ${session.id}`);
  return { sessionId: session.id, url: session.url };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { CLIENT_ERRORS } from "./client.ts";
export const CREATE_PAYMENT_SESSION_ERRORS = [...CLIENT_ERRORS] as const satisfies readonly ErrorCode[];
