import type { TargetContext } from "../core/context.ts";
import { findInvoice } from "./find-invoice.ts";
import { serializeInvoice } from "./serialize-invoice.ts";

/** GET /v1/platform/invoices/{invoiceId}: 404 unless it belongs to the target business in the key's environment. */
export const getInvoice = async (ctx: TargetContext, { invoiceId }: { invoiceId: string }) => serializeInvoice(await findInvoice(ctx, { invoiceId }));

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_INVOICE_ERRORS } from "./find-invoice.ts";
export const GET_INVOICE_ERRORS = [...FIND_INVOICE_ERRORS] as const satisfies readonly ErrorCode[];
