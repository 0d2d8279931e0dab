// The subscription state machine (game-api.md "Subscription"): Active → Canceled, by the cancel call or
// after the last failed renewal attempt. Canceled is final.
import { canTransition, type StateTable } from "../core/state-machine.ts";

export const SUBSCRIPTION_STATES = ["Active", "Canceled"] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];
export const SUBSCRIPTION_TRANSITIONS: StateTable<"cancel", SubscriptionState> & Record<"cancel", { event: string }> = {
  cancel: { from: ["Active"], to: "Canceled", event: "Subscription.Canceled" },
};
export const canCancel = (status: string): boolean => canTransition(SUBSCRIPTION_TRANSITIONS, status, "cancel");

/** Renewal retries: a failed charge is retried after RETRY_DELAY_MS; after MAX_FAILED_CHARGES failures the subscription is canceled. */
export const MAX_FAILED_CHARGES = 3;
export const RETRY_DELAY_MS = 24 * 3600_000;
