// The error codes the link-invite services raise, for the `errors` lists of the routes that call them.
import type { ErrorCode } from "../core/errors.ts";

/** Using an invite: it must exist and be active, unexpired and not used up. */
export const USE_INVITE_ERRORS = [
  "INVITE_NOT_FOUND",
  "INVITE_REVOKED",
  "INVITE_PAUSED",
  "INVITE_EXPIRED",
  "INVITE_USED_UP",
] as const satisfies readonly ErrorCode[];
