// The error codes the platform access services raise, for the `errors` lists of the routes that call them.
import type { ErrorCode } from "../core/errors.ts";

/** Answering an invite (hosted page or test helper): it must be pending and unexpired; accepting needs no active grant. */
export const DECIDE_INVITE_ERRORS = [
  "PLATFORM_INVITE_NOT_FOUND",
  "PLATFORM_INVITE_NOT_PENDING",
  "PLATFORM_INVITE_EXPIRED",
  "GRANT_ALREADY_ACTIVE",
  "BUSINESS_NOT_FOUND",
] as const satisfies readonly ErrorCode[];

/** Answering a platform link session: it must be pending and unexpired, for a business of its environment. */
export const DECIDE_LINK_SESSION_ERRORS = [
  "PLATFORM_LINK_SESSION_NOT_FOUND",
  "PLATFORM_LINK_SESSION_NOT_PENDING",
  "PLATFORM_LINK_SESSION_EXPIRED",
  "GRANT_ALREADY_ACTIVE",
  "BUSINESS_NOT_FOUND",
] as const satisfies readonly ErrorCode[];
