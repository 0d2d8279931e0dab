import { inTransaction } from "../db/transaction.ts";
import type { GameContext } from "../core/context.ts";
import { cancelSubscription } from "./cancel-subscription.ts";
import { findUserSubscription } from "./find-user-subscription.ts";

/** POST .../subscriptions/{itemId}/cancel: cancels the player's Active subscription to the item (guests too). */
export const cancelUserSubscription = (ctx: GameContext, { userRef, itemId }: { userRef: string; itemId: string }) =>
  inTransaction(ctx.db, async (tx) => {
    const s = await findUserSubscription({ ...ctx, db: tx }, { userRef, itemId });
    const canceled = await cancelSubscription({ ...ctx, db: tx }, { subscriptionId: s.id, reason: "requested" });
    return { success: true as const, subscriptionId: canceled.id };
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { CANCEL_SUBSCRIPTION_ERRORS } from "./cancel-subscription.ts";
import { FIND_USER_SUBSCRIPTION_ERRORS } from "./find-user-subscription.ts";
export const CANCEL_USER_SUBSCRIPTION_ERRORS = [...CANCEL_SUBSCRIPTION_ERRORS, ...FIND_USER_SUBSCRIPTION_ERRORS] as const satisfies readonly ErrorCode[];
