// The error codes the link-session services raise, for the `errors` lists of the routes that call them.
import type { ErrorCode } from "../core/errors.ts";

/** Finding a link session by its key and moving it along its states. */
export const LINK_SESSION_ERRORS = ["LINK_SESSION_NOT_FOUND", "LINK_SESSION_NOT_PENDING", "LINK_SESSION_NOT_APPROVED"] as const satisfies readonly ErrorCode[];
