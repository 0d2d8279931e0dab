import Stripe from "stripe";
import { requireStripe } from "./client.ts";

export type SessionExpiry = "expired" | "already_expired" | "already_complete" | "missing";

/**
 * The job behind queueStripeSessionExpiry: asks Stripe to expire a Checkout Session, so a payer cannot pay
 * a purchase that has been canceled or replaced. A session that is no longer open (already expired, or
 * paid a moment ago: then Stripe's completed event settles it, see settle-paid-checkout.ts) or unknown to
 * Stripe ends the job; any other failure (network, 5xx, rate limit, no STRIPE_SECRET_KEY) throws, and
 * graphile-worker retries with its backoff.
 */
export const expireStripeCheckoutSession = async (sessionId: string): Promise<SessionExpiry> => {
  const stripe = requireStripe();
  try {
    await stripe.checkout.sessions.expire(sessionId, {}, { idempotencyKey: `expire-${sessionId}` });
    return "expired";
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
    if (err.statusCode === 404 || err.code === "resource_missing") return "missing";
    // Stripe refuses to expire a session that is not open: find out which end it reached.
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    if (session.status === "expired") return "already_expired";
    if (session.status === "complete") return "already_complete";
    throw err;
  }
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { CLIENT_ERRORS } from "./client.ts";
export const EXPIRE_CHECKOUT_SESSION_ERRORS = [...CLIENT_ERRORS] as const satisfies readonly ErrorCode[];
