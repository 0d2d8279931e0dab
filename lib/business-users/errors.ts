// The error codes the business-level user services raise, for the `errors` lists of the routes that call them.
import type { ErrorCode } from "../core/errors.ts";

/** Resolving a business-level userRef (resolve-business-user.ts). */
export const BUSINESS_USER_ERRORS = ["INVALID_USER_REF", "USER_REF_NOT_FOUND", "LINK_NOT_FOUND"] as const satisfies readonly ErrorCode[];
