import type { TargetContext } from "../core/context.ts";
import { findInvoice } from "./find-invoice.ts";
import { serializeInvoice } from "./serialize-invoice.ts";

/** GET /v1/platform/invoices/{invoiceId}: 404 unless it belongs to the target business in the key's environment. */
export const getInvoice = async (ctx: TargetContext, { invoiceId }: { invoiceId: string }) => serializeInvoice(await findInvoice(ctx, { invoiceId }));
