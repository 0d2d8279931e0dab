// The portal's invoice page (/portal/{businessId}/invoices/{invoiceId}): one of the business's invoices in the
// environment of the URL (another business's, or the other environment's, is 404 INVOICE_NOT_FOUND), its items and
// fees, what was charged and refunded, and its refunds oldest first with who asked for each: the member (from the
// portal's audit entry of the refund) or where it came from (the platform API, a lost dispute).
import type { Environment } from "../core/environment.ts";
import { now } from "../core/clock.ts";
import { invoiceNotFound } from "../invoices/find-invoice.ts";
import { storedFees, storedItems } from "../invoices/serialize-invoice.ts";
import { portalInvoiceRow, type PortalInvoiceRow } from "./list-portal-invoices.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";

export type PortalInvoiceRefund = {
  id: string;
  amountCents: number;
  currency: string;
  reason: string;
  note: string | null;
  createdAt: string;
  /** api | portal | dispute */
  source: string;
  /** the member who refunded from the portal (their email), else null */
  by: string | null;
};

export type PortalInvoice = PortalInvoiceRow & {
  environment: Environment;
  items: { description: string; quantity: number; amountCents: number }[];
  fees: { label: string; amountCents: number }[];
  feeCents: number;
  paymentMethod: string | null;
  disputed: boolean;
  /** cents of the charge refunds have not given back yet */
  leftCents: number;
  /** whether a refund can be asked for now (paid, not disputed, something left), whoever asks */
  refundable: boolean;
  refunds: PortalInvoiceRefund[];
};

/** The invoice and its refunds, for any member who reads the ledger. */
export const loadPortalInvoice = async (
  ctx: PortalContext,
  { businessId, environment, invoiceId }: { businessId: string; environment: Environment; invoiceId: string },
) => {
  const member = await requirePortalAccess(ctx, { businessId, permission: "ledger:read" });
  const inv = /^[0-9a-f]{24}$/.test(invoiceId) ? await ctx.db.invoice.findUnique({ where: { id: invoiceId } }) : null;
  if (!inv || inv.businessId !== businessId || inv.environment !== environment) throw invoiceNotFound(invoiceId);
  const [rows, audit] = await Promise.all([
    ctx.db.refund.findMany({ where: { objectType: "invoice", objectId: inv.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    ctx.db.auditEntry.findMany({
      where: { businessId, objectType: "invoice", objectId: inv.id, action: "invoice.refunded", actorType: "member" },
      select: { actorLabel: true, details: true },
    }),
  ]);
  const byRefund = new Map(audit.map((a) => [String((a.details as { refundId?: unknown } | null)?.refundId ?? ""), a.actorLabel]));
  const leftCents = Number(inv.chargedCents - inv.refundedCents);
  const disputed = inv.disputeStatus === "open";
  const invoice: PortalInvoice = {
    ...portalInvoiceRow(inv, now()),
    environment: inv.environment,
    items: storedItems(inv).map((i) => ({ description: i.description, quantity: i.quantity, amountCents: i.amountCents })),
    fees: storedFees(inv).map((f) => ({ label: f.label, amountCents: f.amountCents })),
    feeCents: Number(inv.feeCents),
    paymentMethod: inv.paymentMethod,
    disputed,
    leftCents,
    refundable: inv.status === "paid" && !disputed && leftCents > 0,
    refunds: rows.map((r) => ({
      id: r.id,
      amountCents: Number(r.amount),
      currency: r.currency,
      reason: r.reason,
      note: r.note,
      createdAt: r.createdAt.toISOString(),
      source: r.source,
      by: r.source === "portal" ? (byRefund.get(r.id) ?? null) : null,
    })),
  };
  return { member, invoice };
};
