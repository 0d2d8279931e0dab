import type { TargetContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import type { Invoice } from "../db/generated/client.ts";

export const invoiceNotFound = (id: string) => new AppError("INVOICE_NOT_FOUND", `Invoice ${id} was not found for this business in this environment.`);

/** The invoice of the target business in the key's environment, or 404 (another business's invoice is a 404 too). */
export const findInvoice = async (ctx: TargetContext, { invoiceId: id }: { invoiceId: string }): Promise<Invoice> => {
  const inv = /^[0-9a-f]{24}$/.test(id) ? await ctx.db.invoice.findUnique({ where: { id } }) : null;
  if (!inv || inv.businessId !== ctx.scope.businessId || inv.environment !== ctx.scope.environment) throw invoiceNotFound(id);
  return inv;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const FIND_INVOICE_ERRORS = ["INVOICE_NOT_FOUND"] as const satisfies readonly ErrorCode[];
