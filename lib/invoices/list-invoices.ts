import type { TargetContext } from "../core/context.ts";
import { pageInfo, pageWindow } from "../core/pagination.ts";
import type { InvoiceStatus } from "./invoice-states.ts";
import { serializeInvoice } from "./serialize-invoice.ts";

/** GET /v1/platform/invoices: the target business's invoices in the key's environment, newest first. */
export const listInvoices = async (ctx: TargetContext, q: { page: number; limit: number; status?: InvoiceStatus }) => {
  const where = { businessId: ctx.scope.businessId, environment: ctx.scope.environment, ...(q.status ? { status: q.status } : {}) };
  const [rows, totalCount] = await Promise.all([
    ctx.db.invoice.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], ...pageWindow(q) }),
    ctx.db.invoice.count({ where }),
  ]);
  return { invoices: rows.map(serializeInvoice), pagination: pageInfo({ page: q.page, limit: q.limit, totalCount }) };
};
