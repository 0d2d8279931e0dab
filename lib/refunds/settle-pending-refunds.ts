import type { DbContext } from "../core/context.ts";
import { settleStripeRefund, type SettledRefund } from "./settle-stripe-refund.ts";

/** How old a pending refund is before the recovery job takes it over from the request that reserved it. */
export const PENDING_REFUND_GRACE_MS = 2 * 60 * 1000;

/**
 * The recovery of live card refunds left pending (the server stopped between Stripe's call and the second
 * transaction, or Stripe did not answer): every refund pending for longer than the grace period is asked of Stripe
 * again (looked up by its metadata, then created with its own idempotency key, so never made twice) and finished,
 * or released when Stripe refuses it. Run every 5 minutes (lib/flows/crontab.ts); one refund's failure does not
 * stop the others. Returns what became of each.
 */
export const settlePendingRefunds = async (
  ctx: DbContext,
  { now = new Date(), limit = 50 }: { now?: Date; limit?: number } = {},
): Promise<{ refundId: string; outcome: SettledRefund["status"] | "error" }[]> => {
  const rows = await ctx.db.refund.findMany({
    where: { status: "pending", createdAt: { lt: new Date(now.getTime() - PENDING_REFUND_GRACE_MS) } },
    orderBy: { createdAt: "asc" },
    take: limit,
    select: { id: true },
  });
  const out: { refundId: string; outcome: SettledRefund["status"] | "error" }[] = [];
  for (const { id } of rows) {
    try {
      out.push({ refundId: id, outcome: (await settleStripeRefund(ctx, { refundId: id, recovering: true })).status });
    } catch (err) {
      console.error(`[refunds] pending refund ${id} could not be settled:`, err);
      out.push({ refundId: id, outcome: "error" });
    }
  }
  return out;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { SETTLE_STRIPE_REFUND_ERRORS } from "./settle-stripe-refund.ts";
export const SETTLE_PENDING_REFUNDS_ERRORS = [...SETTLE_STRIPE_REFUND_ERRORS] as const satisfies readonly ErrorCode[];
