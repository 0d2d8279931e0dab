import Stripe from "stripe";
import { AppError } from "../core/errors.ts";
import { requireStripe } from "../stripe/client.ts";

/**
 * Refunds `amount` cents of a PaymentIntent at Stripe and returns the refund's id. The caller's idempotency key names
 * the step (the object, what was refunded before, the amount), so a retry after a lost answer or a rolled-back
 * transaction meets the same refund at Stripe. A Stripe failure is 502 PAYMENT_PROVIDER_ERROR (the caller's
 * transaction rolls back: nothing changed).
 */
export const refundStripeCharge = async ({
  paymentIntentId,
  amount,
  idempotencyKey,
  metadata,
}: {
  paymentIntentId: string;
  amount: bigint;
  idempotencyKey: string;
  metadata: Record<string, string>;
}): Promise<string> => {
  const stripe = requireStripe();
  try {
    return (await stripe.refunds.create({ payment_intent: paymentIntentId, amount: Number(amount), metadata }, { idempotencyKey })).id;
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeError)) throw err;
    console.warn(`[stripe] refund of ${paymentIntentId} failed: ${err.message}`);
    throw new AppError("PAYMENT_PROVIDER_ERROR", `Stripe did not make the refund (${err.message}); nothing changed. Retry with the same Idempotency-Key.`);
  }
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { CLIENT_ERRORS } from "../stripe/client.ts";
export const REFUND_STRIPE_CHARGE_ERRORS = ["PAYMENT_PROVIDER_ERROR", ...CLIENT_ERRORS] as const satisfies readonly ErrorCode[];
