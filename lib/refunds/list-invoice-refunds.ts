import type { TargetContext } from "../core/context.ts";
import { findInvoice } from "../invoices/find-invoice.ts";
import { serializeRefund, type RefundJson } from "./schemas.ts";

/** The refunds of one of the target business's invoices, oldest first (another business's invoice is 404). */
export const listInvoiceRefunds = async (ctx: TargetContext, { invoiceId }: { invoiceId: string }): Promise<{ data: RefundJson[] }> => {
  const inv = await findInvoice(ctx, { invoiceId });
  const rows = await ctx.db.refund.findMany({
    where: { status: "succeeded", objectType: "invoice", objectId: inv.id },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return { data: rows.map(serializeRefund) };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_INVOICE_ERRORS } from "../invoices/find-invoice.ts";
export const LIST_INVOICE_REFUNDS_ERRORS = [...FIND_INVOICE_ERRORS] as const satisfies readonly ErrorCode[];
