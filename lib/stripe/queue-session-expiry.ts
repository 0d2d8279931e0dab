import type { Purchase } from "../db/generated/client.ts";
import { enqueueJob } from "../jobs/enqueue.ts";
import type { DbContext } from "../core/context.ts";
import type { StripePaymentKind } from "./create-payment-session.ts";

/** The graphile-worker task that expires a Stripe Checkout Session (lib/stripe/expire-checkout-session.ts). */
export const STRIPE_EXPIRE_TASK = "stripe:expire-session";

/** One job a session (jobKey: a second cancel, or a replay, queues nothing more), retried through Stripe's errors. */
const enqueueExpiry = (ctx: DbContext, payload: { sessionId: string } & Record<string, string>) =>
  enqueueJob(ctx.db, STRIPE_EXPIRE_TASK, payload, { jobKey: `${STRIPE_EXPIRE_TASK}:${payload.sessionId}`, maxAttempts: 15 });

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
  await enqueueExpiry(ctx, { purchaseId: purchase.id, sessionId: purchase.externalId });
  return true;
};

/**
 * The same for a fund session or an invoice that just stopped taking payments (cancelled): every Stripe Checkout
 * Session still open for it (each press of Pay opened one, recorded as a StripePayment row) is expired by a job
 * queued in the caller's transaction. A payment that completes anyway (paid a moment before the expiry landed)
 * is refunded by the webhook (settle-stripe-payment.ts). Returns the sessions queued.
 */
export const queueStripePaymentExpiry = async (ctx: DbContext, { kind, objectId }: { kind: StripePaymentKind; objectId: string }): Promise<string[]> => {
  const open = await ctx.db.stripePayment.findMany({ where: { kind, objectId, status: "open" }, select: { sessionId: true }, orderBy: { createdAt: "asc" } });
  for (const { sessionId } of open) await enqueueExpiry(ctx, { sessionId, kind, objectId });
  return open.map((p) => p.sessionId);
};
