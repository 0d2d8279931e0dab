import type { ErrorCode } from "../core/errors.ts";

/** What creating or changing a recipient list can raise. */
export const RECIPIENT_ERRORS = ["INVALID_SPLIT", "INVALID_USER_REF", "USER_REF_NOT_FOUND", "LINK_NOT_FOUND"] as const satisfies readonly ErrorCode[];
