// The error codes the platform item services raise, for the `errors` lists of the routes that call them.
import type { ErrorCode } from "../core/errors.ts";

/** Finding an item of the target business. */
export const FIND_ITEM_ERRORS = ["PRODUCT_NOT_FOUND"] as const satisfies readonly ErrorCode[];

/** Creating or changing an item: the product rules, in the item's game. */
export const WRITE_ITEM_ERRORS = [
  "PRODUCT_NOT_FOUND",
  "PRODUCT_NOT_ACTIVE",
  "PRODUCT_STATE_CONFLICT",
  "CURRENCY_NOT_FOUND",
] as const satisfies readonly ErrorCode[];
