import Stripe from "stripe";
import { requireStripe } from "../stripe/client.ts";

/**
 * What Stripe made of a refund request:
 * - refunded: the refund exists at Stripe (made now, or met again through the idempotency key or the lookup);
 * - refused: Stripe answered that it did nothing (a 4xx: the charge is disputed or refunded already, the amount is
 *   too large, a card, permission or authentication error, too many requests): the caller releases what it reserved;
 * - unknown: no answer that says either (a 5xx, the connection dropped, a timeout), or Stripe's idempotency error (the
 *   key is in use by a concurrent try of the same refund, whose outcome this one cannot know): the refund may exist at
 *   Stripe, so the caller keeps its reservation and asks again later with the same key
 *   (docs/decisions/refund-outside-lock.md).
 */
export type StripeRefundOutcome = { outcome: "refunded"; id: string } | { outcome: "refused"; message: string } | { outcome: "unknown"; message: string };

/**
 * Stripe's errors that say the request was not carried out (its own documentation: 4xx "nothing happened"). Not
 * StripeIdempotencyError: the same key is in flight (a retry racing the first try, or the recovery job), and
 * releasing then could forget a refund the other try is making.
 */
const REFUSALS = [
  Stripe.errors.StripeInvalidRequestError,
  Stripe.errors.StripeCardError,
  Stripe.errors.StripeAuthenticationError,
  Stripe.errors.StripePermissionError,
  Stripe.errors.StripeRateLimitError,
];

/**
 * Refunds `amount` cents of a PaymentIntent at Stripe, called outside any row lock. The idempotency key names the
 * service's Refund row, so asking again (a retry of the request, the recovery job) meets the same refund at Stripe
 * instead of making a second one; `lookup` first searches the PaymentIntent's refunds for one whose metadata names
 * `metadata.refundId` (the recovery of a refund older than Stripe's 24 h idempotency window).
 */
export const refundStripeCharge = async ({
  paymentIntentId,
  amount,
  idempotencyKey,
  metadata,
  lookup = false,
}: {
  paymentIntentId: string;
  amount: bigint;
  idempotencyKey: string;
  metadata: Record<string, string>;
  lookup?: boolean;
}): Promise<StripeRefundOutcome> => {
  const stripe = requireStripe();
  try {
    if (lookup && metadata.refundId) {
      for await (const r of stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 }))
        if (r.metadata?.refundId === metadata.refundId && r.status !== "failed" && r.status !== "canceled") return { outcome: "refunded", id: r.id };
    }
    const refund = await stripe.refunds.create({ payment_intent: paymentIntentId, amount: Number(amount), metadata }, { idempotencyKey });
    return { outcome: "refunded", id: refund.id };
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeError)) throw err;
    const refused = REFUSALS.some((E) => err instanceof E);
    console.warn(`[stripe] refund of ${paymentIntentId} ${refused ? "refused" : "without an answer"}: ${err.message}`);
    return refused ? { outcome: "refused", message: err.message } : { outcome: "unknown", message: err.message };
  }
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { CLIENT_ERRORS } from "../stripe/client.ts";
export const REFUND_STRIPE_CHARGE_ERRORS = [...CLIENT_ERRORS] as const satisfies readonly ErrorCode[];
