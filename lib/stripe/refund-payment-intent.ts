import Stripe from "stripe";
import { requireStripe } from "./client.ts";

/**
 * Refunds a PaymentIntent in full at Stripe, once per `idempotencyKey`; returns the refund's id. A charge
 * already refunded (an earlier attempt whose answer was lost, past Stripe's 24 h idempotency window) answers
 * the existing refund. Any other Stripe failure throws (the webhook answers 500 and Stripe retries).
 */
export const refundPaymentIntent = async ({
  paymentIntentId,
  idempotencyKey,
  metadata,
}: {
  paymentIntentId: string;
  idempotencyKey: string;
  metadata: Record<string, string>;
}): Promise<string> => {
  const stripe = requireStripe();
  try {
    return (await stripe.refunds.create({ payment_intent: paymentIntentId, metadata }, { idempotencyKey })).id;
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeInvalidRequestError && err.code === "charge_already_refunded")) throw err;
    return (await stripe.refunds.list({ payment_intent: paymentIntentId, limit: 1 })).data[0]?.id ?? "charge_already_refunded";
  }
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { CLIENT_ERRORS } from "./client.ts";
export const REFUND_PAYMENT_INTENT_ERRORS = [...CLIENT_ERRORS] as const satisfies readonly ErrorCode[];
