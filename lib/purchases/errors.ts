// The error codes the purchase services raise, for the `errors` lists of the routes that call them (the
// API document lists them per operation; tests/fuzz.test.ts fails when a live error is missing there).
import type { ErrorCode } from "../core/errors.ts";

/** Starting a purchase: the buyer, the item, its price, a deal or affiliate code, the per-user limit. */
export const START_PURCHASE_ERRORS = [
  "USER_REF_NOT_FOUND",
  "PLAYER_REQUIRED",
  "LINK_NOT_APPROVED",
  "PRODUCT_NOT_FOUND",
  "ITEM_NOT_FOR_SALE",
  "ITEM_NOT_VISIBLE",
  "PRICE_NOT_AVAILABLE",
  "INVALID_DEAL",
  "PURCHASE_LIMIT_REACHED",
  "INVALID_AFFILIATE_CODE",
] as const satisfies readonly ErrorCode[];

/** Paying a purchase: everything of starting it, plus funds, the purchase's state and a running subscription. */
export const PAY_PURCHASE_ERRORS = [
  ...START_PURCHASE_ERRORS,
  "INSUFFICIENT_FUNDS",
  "PURCHASE_NOT_FOUND",
  "PURCHASE_NOT_PENDING",
  "SUBSCRIPTION_ALREADY_ACTIVE",
] as const satisfies readonly ErrorCode[];
