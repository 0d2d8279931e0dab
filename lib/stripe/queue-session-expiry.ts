import type { Purchase } from "../db/generated/client.ts";
import { enqueueJob } from "../jobs/enqueue.ts";
import type { DbContext } from "../core/context.ts";

/** The graphile-worker task that expires a Stripe Checkout Session (lib/stripe/expire-checkout-session.ts). */
export const STRIPE_EXPIRE_TASK = "stripe:expire-session";

/**
 * When `purchase` (just canceled or replaced) was paying through a Stripe Checkout Session, queues that
 * session's expiry in the caller's transaction: the job commits with the cancel or not at all, and a Stripe
 * error only delays it (the worker retries). Nothing for any other purchase.
 */
export const queueStripeSessionExpiry = async (
  ctx: DbContext,
  { purchase }: { purchase: Pick<Purchase, "id" | "paymentProvider" | "externalId"> },
): Promise<boolean> => {
  if (purchase.paymentProvider !== "stripe" || !purchase.externalId?.startsWith("cs_")) return false;
  await enqueueJob(
    ctx.db,
    STRIPE_EXPIRE_TASK,
    { purchaseId: purchase.id, sessionId: purchase.externalId },
    { jobKey: `${STRIPE_EXPIRE_TASK}:${purchase.externalId}`, maxAttempts: 15 },
  );
  return true;
};
