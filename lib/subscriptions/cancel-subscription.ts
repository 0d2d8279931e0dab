import type { Subscription } from "../db/generated/client.ts";
import { inTransaction } from "../db/transaction.ts";
import { guardedTransition } from "../core/state-machine.ts";
import { conflict } from "../core/errors.ts";
import { emitEvent } from "../webhooks/emit-event.ts";
import { canceledPayload } from "./serialize-subscription.ts";
import { canCancel, ENDS_PAID_PERIOD, SUBSCRIPTION_TRANSITIONS, type CancelReason } from "./subscription-states.ts";
import type { DbContext } from "../core/context.ts";

/**
 * Active → Canceled, with Subscription.Canceled in the same transaction. No further renewal is charged;
 * the paid period still ends at currentPeriodEnd, unless the reason gives the payment back ('refunded',
 * 'disputed': the period ends now). A canceled subscription is 409 SUBSCRIPTION_NOT_ACTIVE.
 */
export const cancelSubscription = (ctx: DbContext, { subscriptionId, reason }: { subscriptionId: string; reason: CancelReason }): Promise<Subscription> =>
  inTransaction(ctx.db, async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM "Subscription" WHERE id = ${subscriptionId} FOR UPDATE`;
    const s = await tx.subscription.findUniqueOrThrow({ where: { id: subscriptionId } });
    const notActive = (state: string | null) => conflict("SUBSCRIPTION_NOT_ACTIVE", `Subscription ${s.id} is already ${state}.`);
    if (!canCancel(s.status)) throw notActive(s.status);
    const at = new Date();
    const { row: canceled } = await guardedTransition(SUBSCRIPTION_TRANSITIONS, "cancel", {
      write: (from, to) =>
        tx.subscription.updateManyAndReturn({
          where: { id: s.id, status: { in: [...from] } },
          data: { status: to, canceledAt: at, nextChargeAt: null, ...(ENDS_PAID_PERIOD.includes(reason) ? { currentPeriodEnd: at } : {}) },
        }),
      current: async () => (await tx.subscription.findUnique({ where: { id: s.id }, select: { status: true } }))?.status ?? null,
      refuse: notActive,
    });
    await emitEvent(tx, {
      owner: { type: "game", id: s.gameId },
      environment: s.environment,
      event: SUBSCRIPTION_TRANSITIONS.cancel.event,
      objectType: "subscription",
      objectId: s.id,
      data: canceledPayload(canceled!, reason),
    });
    return canceled!;
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const CANCEL_SUBSCRIPTION_ERRORS = ["SUBSCRIPTION_NOT_ACTIVE"] as const satisfies readonly ErrorCode[];
