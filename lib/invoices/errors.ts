import type { ErrorCode } from "../core/errors.ts";

/** What create and update can refuse beyond validation. */
export const WRITE_INVOICE_ERRORS = ["INVOICE_TOTAL_MISMATCH", "INVOICE_NUMBER_TAKEN"] as const satisfies readonly ErrorCode[];
/** What a call on one existing invoice can refuse. */
export const ONE_INVOICE_ERRORS = ["INVOICE_NOT_FOUND", "INVOICE_STATE_CONFLICT"] as const satisfies readonly ErrorCode[];
