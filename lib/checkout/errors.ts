// The error codes the checkout services raise, for the `errors` lists of the routes that call them.
import type { ErrorCode } from "../core/errors.ts";
import { PAY_PURCHASE_ERRORS } from "../purchases/errors.ts";

/** Opening a checkout for an item (grant or redirect): the item must exist, be on sale and belong to the game. */
export const OPEN_CHECKOUT_ERRORS = [
  "PRODUCT_NOT_FOUND",
  "ITEM_NOT_FOR_SALE",
  "ITEM_NOT_VISIBLE",
  "ITEM_NOT_VISIBLE_GONE",
  "ITEM_OF_ANOTHER_GAME",
  "GAME_MISMATCH",
] as const satisfies readonly ErrorCode[];

/** Finding a checkout from its signed URL. */
export const FIND_CHECKOUT_ERRORS = ["CHECKOUT_NOT_FOUND"] as const satisfies readonly ErrorCode[];

/** Paying on the hosted checkout: the purchase's own errors, the checkout's state, the payer and the card. */
export const PAY_CHECKOUT_ERRORS = [
  ...PAY_PURCHASE_ERRORS,
  ...FIND_CHECKOUT_ERRORS,
  "PAYMENTS_NOT_CONFIGURED",
  "CHECKOUT_EXPIRED",
  "CHECKOUT_COMPLETED",
  "GRANT_NOT_PENDING",
  "SIGN_IN_REQUIRED",
  "GRANT_PAYER_MISMATCH",
  "INVALID_EMAIL",
  "EMAIL_REQUIRED",
  "CARD_INVALID",
] as const satisfies readonly ErrorCode[];
