import { renewSubscription, type RenewOutcome } from "./renew-subscription.ts";
import type { DbContext } from "../core/context.ts";

export const RENEW_TASK = "subscriptions:renew";

/** The subscriptions:renew job: charges every due Active subscription (up to `limit` a run), one transaction each. */
export const renewDueSubscriptions = async (
  ctx: DbContext,
  { now = new Date(), limit = 500, testClockId = null }: { now?: Date; limit?: number; testClockId?: string | null } = {},
): Promise<Record<RenewOutcome, number>> => {
  // real time renews the subscriptions on no test clock; an advance of a clock, its own (docs/decisions/test-clocks.md)
  const due = await ctx.db.subscription.findMany({
    where: { status: "Active", testClockId, currentPeriodEnd: { lte: now }, OR: [{ nextChargeAt: null }, { nextChargeAt: { lte: now } }] },
    orderBy: { currentPeriodEnd: "asc" },
    select: { id: true },
    take: limit,
  });
  const counts: Record<RenewOutcome, number> = { renewed: 0, failed: 0, canceled: 0, skipped: 0 };
  for (const { id } of due) counts[await renewSubscription(ctx, { subscriptionId: id, now })]++;
  return counts;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { RENEW_SUBSCRIPTION_ERRORS } from "./renew-subscription.ts";
export const RENEW_DUE_SUBSCRIPTIONS_ERRORS = [...RENEW_SUBSCRIPTION_ERRORS] as const satisfies readonly ErrorCode[];
