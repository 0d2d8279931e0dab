// The error codes the product services raise, for the `errors` lists of the routes that call them.
import type { ErrorCode } from "../core/errors.ts";

/** Creating or changing a product: it must exist, be in a state that allows the change, and price in known currencies. */
export const WRITE_PRODUCT_ERRORS = [
  "PRODUCT_NOT_FOUND",
  "PRODUCT_NOT_ACTIVE",
  "PRODUCT_STATE_CONFLICT",
  "CURRENCY_NOT_FOUND",
] as const satisfies readonly ErrorCode[];
