// The purchase state machine (game-api.md "Purchase"): a purchase is created pending and ends completed,
// failed or canceled. Every service reads this table; completed is final, and failed and canceled are
// final except for a card payment captured late (completeLate). Rows move only through
// transition-purchase.ts (the guarded write of lib/core/state-machine.ts).
import { canTransition as allowedFrom, type StateTable } from "../core/state-machine.ts";

export const PURCHASE_STATES = ["pending", "completed", "failed", "canceled", "partially_refunded", "refunded"] as const;
/** The states a refund may start from (refunded and partially_refunded are additions to the spec's states). */
export const REFUNDABLE_STATES = ["completed", "partially_refunded"] as const;
export type PurchaseState = (typeof PURCHASE_STATES)[number];

export const PURCHASE_EVENTS = {
  started: "Purchases.Started",
  completed: "Purchases.Completed",
  failed: "Purchases.Failed",
  canceled: "Purchases.Canceled",
  // additions to the spec's events (docs/decisions/refunds-and-disputes.md)
  refunded: "Purchases.Refunded",
  disputed: "Purchases.Disputed",
  disputeClosed: "Purchases.DisputeClosed",
} as const;

export type PurchaseAction = "complete" | "fail" | "cancel" | "completeLate" | "refund" | "refundPartially";

export const PURCHASE_TRANSITIONS: StateTable<PurchaseAction, PurchaseState> & Record<PurchaseAction, { event: string }> = {
  complete: { from: ["pending"], to: "completed", event: PURCHASE_EVENTS.completed },
  fail: { from: ["pending"], to: "failed", event: PURCHASE_EVENTS.failed },
  cancel: { from: ["pending"], to: "canceled", event: PURCHASE_EVENTS.canceled },
  // a card payment the processor captured after the purchase had ended (the payer switched method or backed
  // out while the card page stayed open): completed late when its checkout can still take it, otherwise
  // refunded (lib/flows/settle-paid-checkout.ts). The only way out of a final state.
  completeLate: { from: ["canceled", "failed"], to: "completed", event: PURCHASE_EVENTS.completed },
  // a refund (lib/refunds/refund-purchase.ts): what is left of the payment reaches 0 (refunded) or not yet
  refund: { from: [...REFUNDABLE_STATES], to: "refunded", event: PURCHASE_EVENTS.refunded },
  refundPartially: { from: [...REFUNDABLE_STATES], to: "partially_refunded", event: PURCHASE_EVENTS.refunded },
};

export const canTransition = (state: string, action: PurchaseAction): boolean => allowedFrom(PURCHASE_TRANSITIONS, state, action);

/** fulfillmentStatus values: pending until paid; then fulfilled, failed (e.g. no key left) or not_required (NONE). */
export const FULFILLMENT_STATUSES = ["pending", "fulfilled", "failed", "not_required"] as const;

/** The processor name recorded per payment method when the caller does not name one. */
export const DEFAULT_PROVIDER: Record<string, string | null> = { vc: "virtual_currency", wallet: "wallet", card: null };

/**
 * The processor a new purchase records from the start, so even a pending, failed or canceled purchase
 * has a paymentProvider string (the spec types it as a string): a card is the sandbox in test, Stripe live.
 */
export const providerFor = (method: string, environment: "test" | "live"): string =>
  DEFAULT_PROVIDER[method] ?? (environment === "test" ? "sandbox" : "stripe");
