// The portal's invoices page (/portal/{businessId}/invoices): the business's invoices in one environment, newest
// first, a page of 25 at a time, each with the status a member reads (the API's, plus "overdue" and the refund
// states) and what refunds gave back. Every member who reads the ledger sees it (finance, developer, viewer, …).
import type { Environment } from "../core/environment.ts";
import type { Invoice } from "../db/generated/client.ts";
import { now } from "../core/clock.ts";
import { invoiceDisplayStatus } from "../invoices/invoice-format.ts";
import type { InvoiceStatus } from "../invoices/invoice-states.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";

export const PORTAL_INVOICES_PER_PAGE = 25;

/**
 * What the portal calls an invoice's state: the API's status (a refunded invoice stays "paid" there, counting
 * refundedCents), "overdue" for a sent one past its due day, and for a paid one that refunds gave back money
 * "partially_refunded" (some of the charge) or "refunded" (all of it). docs/decisions/portal-invoices.md
 */
export type PortalInvoiceStatus = InvoiceStatus | "overdue" | "partially_refunded" | "refunded";

export const portalInvoiceStatus = (inv: Pick<Invoice, "status" | "dueDate" | "chargedCents" | "refundedCents">, at: Date): PortalInvoiceStatus => {
  if (inv.status === "paid" && inv.refundedCents > 0n) return inv.refundedCents >= inv.chargedCents ? "refunded" : "partially_refunded";
  return invoiceDisplayStatus({ status: inv.status as InvoiceStatus, dueDate: inv.dueDate }, at);
};

export type PortalInvoiceRow = {
  id: string;
  invoiceNumber: string;
  receiverName: string;
  receiverEmail: string | null;
  date: string;
  dueDate: string;
  paidAt: string | null;
  totalCents: number;
  chargedCents: number;
  refundedCents: number;
  currency: string;
  status: PortalInvoiceStatus;
};

export const portalInvoiceRow = (inv: Invoice, at: Date): PortalInvoiceRow => ({
  id: inv.id,
  invoiceNumber: inv.invoiceNumber,
  receiverName: inv.receiverName,
  receiverEmail: inv.receiverEmail,
  date: inv.date.toISOString(),
  dueDate: inv.dueDate.toISOString(),
  paidAt: inv.paidAt?.toISOString() ?? null,
  totalCents: Number(inv.totalCents),
  chargedCents: Number(inv.chargedCents),
  refundedCents: Number(inv.refundedCents),
  currency: inv.currency,
  status: portalInvoiceStatus(inv, at),
});

/** A page number from the URL: a whole number from 1, anything else page 1. */
export const pageOf = (raw: string | string[] | undefined): number => {
  const n = typeof raw === "string" && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return n >= 1 ? n : 1;
};

/** One page of the business's invoices in `environment`, newest first, with how many there are in all. */
export const listPortalInvoices = async (
  ctx: PortalContext,
  { businessId, environment, page }: { businessId: string; environment: Environment; page: number },
) => {
  const member = await requirePortalAccess(ctx, { businessId, permission: "ledger:read" });
  const where = { businessId, environment };
  const [rows, totalCount] = await Promise.all([
    ctx.db.invoice.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * PORTAL_INVOICES_PER_PAGE,
      take: PORTAL_INVOICES_PER_PAGE,
    }),
    ctx.db.invoice.count({ where }),
  ]);
  const at = now();
  return {
    member,
    items: rows.map((r) => portalInvoiceRow(r, at)),
    page,
    totalCount,
    hasPrevPage: page > 1,
    hasNextPage: page * PORTAL_INVOICES_PER_PAGE < totalCount,
  };
};
