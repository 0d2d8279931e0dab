// The subscription state machine (game-api.md "Subscription"): Active → Canceled, by the cancel call or
// after the last failed renewal attempt. Canceled is final.
export const SUBSCRIPTION_STATES = ["Active", "Canceled"] as const;
export const SUBSCRIPTION_TRANSITIONS = { cancel: { from: ["Active"], to: "Canceled", event: "Subscription.Canceled" } } as const;
export const canCancel = (status: string): boolean => (SUBSCRIPTION_TRANSITIONS.cancel.from as readonly string[]).includes(status);

/** Renewal retries: a failed charge is retried after RETRY_DELAY_MS; after MAX_FAILED_CHARGES failures the subscription is canceled. */
export const MAX_FAILED_CHARGES = 3;
export const RETRY_DELAY_MS = 24 * 3600_000;
