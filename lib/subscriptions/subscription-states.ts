// The subscription state machine (game-api.md "Subscription"): Active → Canceled, by the cancel call,
// after the last failed renewal attempt, or when the payment of its purchase is given back (a refund in
// full with clawback on, a lost dispute). Canceled is final.
import { canTransition, type StateTable } from "../core/state-machine.ts";

export const SUBSCRIPTION_STATES = ["Active", "Canceled"] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];
export const SUBSCRIPTION_TRANSITIONS: StateTable<"cancel", SubscriptionState> & Record<"cancel", { event: string }> = {
  cancel: { from: ["Active"], to: "Canceled", event: "Subscription.Canceled" },
};
/**
 * Why a subscription was canceled (Subscription.Canceled `reason`): 'requested' by the game's cancel call,
 * 'payment_failed' after the last failed renewal; additions: 'refunded' (its purchase refunded in full with
 * clawback on) and 'disputed' (a dispute of its purchase lost). The last two end the paid period at once.
 */
export const CANCEL_REASONS = ["requested", "payment_failed", "refunded", "disputed"] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];
/** The reasons that give the payment back: the paid period ends when the subscription is canceled. */
export const ENDS_PAID_PERIOD: readonly CancelReason[] = ["refunded", "disputed"];

export const canCancel = (status: string): boolean => canTransition(SUBSCRIPTION_TRANSITIONS, status, "cancel");

/** Renewal retries: a failed charge is retried after RETRY_DELAY_MS; after MAX_FAILED_CHARGES failures the subscription is canceled. */
export const MAX_FAILED_CHARGES = 3;
export const RETRY_DELAY_MS = 24 * 3600_000;
