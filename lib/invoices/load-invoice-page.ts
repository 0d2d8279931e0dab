// The hosted invoice page's data: the invoice behind a signed page URL, as the receiver may see it (no
// platform, key or metadata). A wrong signature and an unknown id look the same: not found.
import type { DbContext } from "../core/context.ts";
import type { Invoice } from "../db/generated/client.ts";
import { metadataLocale } from "../i18n/locales.ts";
import type { SellerAddress } from "./invoice-format.ts";
import { invoicePageUrl, invoicePdfPath, verifyPublicInvoiceSignature } from "./invoice-url.ts";
import type { InvoiceStatus } from "./invoice-states.ts";
import { storedFees, storedItems } from "./serialize-invoice.ts";

export type InvoicePageView = {
  publicId: string;
  invoiceNumber: string;
  status: InvoiceStatus;
  environment: "test" | "live";
  businessName: string;
  businessLogoUrl: string | null;
  /** the seller's postal address (sellerAddress below), or null when the business has none on file */
  businessAddress: SellerAddress | null;
  receiverName: string;
  receiverEmail: string | null;
  date: Date;
  dueDate: Date;
  items: { description: string; quantity: number; rateCents: number; amountCents: number }[];
  fees: { label: string; amountCents: number }[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  feeCents: number;
  chargedCents: number;
  /** what refunds gave back of chargedCents (the invoice stays paid); 0 when none */
  refundedCents: number;
  /** when the latest refund was made, or null */
  lastRefundAt: Date | null;
  note: string;
  paymentMethod: "card" | "ach" | null;
  paidAt: Date | null;
  processingAt: Date | null;
  cancelledAt: Date | null;
  pdfPath: string;
  /** the signed page URL, absolute: the PDF's "pay online" link */
  pageUrl: string;
  receiptPath: string | null;
  /** the language the platform set (metadata.locale), else null: the reader's browser decides */
  locale: string | null;
};

/** The invoice of a page URL, or null (unknown id, or a signature that does not match). */
export const findInvoiceByPageUrl = async (
  { db }: DbContext,
  { publicId, sig }: { publicId: string; sig: string | null | undefined },
): Promise<Invoice | null> => {
  if (publicId.length > 64 || !verifyPublicInvoiceSignature(publicId, sig)) return null;
  return db.invoice.findUnique({ where: { publicId } });
};

type BusinessForPage = { name: string; logoUrl: string; address?: unknown; kybStatus?: string; kybApplication?: unknown };

const text = (v: unknown): string => (typeof v === "string" ? v.trim() : "");

/** A stored address when it has the fields a postal address needs, else null. */
const asAddress = (raw: unknown): SellerAddress | null => {
  if (!raw || typeof raw !== "object") return null;
  const a = raw as Record<string, unknown>;
  const out = {
    line1: text(a.line1),
    line2: text(a.line2),
    city: text(a.city),
    state: text(a.state),
    postalCode: text(a.postalCode),
    country: text(a.country),
  };
  return out.line1 && out.city && out.country ? out : null;
};

/**
 * The seller's address: the business's own (Business.address, given when a platform created it), else the
 * registered office of its approved activation (lib/activation: reviewed, so shown to receivers), else none.
 * A submitted but unapproved application is not shown: nobody has checked it yet.
 */
export const sellerAddress = (business: BusinessForPage): SellerAddress | null =>
  asAddress(business.address) ??
  (business.kybStatus === "approved" && business.kybApplication && typeof business.kybApplication === "object"
    ? asAddress((business.kybApplication as { address?: unknown }).address)
    : null);

export const toPageView = (inv: Invoice, business: BusinessForPage, lastRefundAt: Date | null = null): InvoicePageView => ({
  publicId: inv.publicId,
  locale: metadataLocale(inv.metadata),
  invoiceNumber: inv.invoiceNumber,
  status: inv.status as InvoiceStatus,
  environment: inv.environment,
  businessName: business.name,
  businessLogoUrl: business.logoUrl || null,
  businessAddress: sellerAddress(business),
  receiverName: inv.receiverName,
  receiverEmail: inv.receiverEmail,
  date: inv.date,
  dueDate: inv.dueDate,
  items: storedItems(inv),
  fees: storedFees(inv).map((f) => ({ label: f.label, amountCents: f.amountCents })),
  subtotalCents: Number(inv.subtotalCents),
  taxCents: Number(inv.taxCents),
  totalCents: Number(inv.totalCents),
  feeCents: Number(inv.feeCents),
  chargedCents: Number(inv.chargedCents),
  refundedCents: Number(inv.refundedCents),
  lastRefundAt,
  note: inv.note,
  paymentMethod: (inv.paymentMethod as "card" | "ach" | null) ?? null,
  paidAt: inv.paidAt,
  processingAt: inv.processingAt,
  cancelledAt: inv.cancelledAt,
  pdfPath: invoicePdfPath(inv.publicId, "invoice"),
  pageUrl: invoicePageUrl(inv.publicId),
  receiptPath: inv.status === "paid" ? invoicePdfPath(inv.publicId, "receipt") : null,
});

/**
 * The page view, or null for a wrong URL. A draft is not shown either: it has not been sent yet. A refunded invoice
 * (in part or in full) says so, with the date of its latest refund.
 */
export const loadInvoicePage = async (ctx: DbContext, input: { publicId: string; sig: string | null | undefined }): Promise<InvoicePageView | null> => {
  const inv = await findInvoiceByPageUrl(ctx, input);
  if (!inv || inv.status === "draft") return null;
  const business = await ctx.db.business.findUniqueOrThrow({
    where: { id: inv.businessId },
    select: { name: true, logoUrl: true, address: true, kybStatus: true, kybApplication: true },
  });
  const lastRefund =
    inv.refundedCents > 0n
      ? await ctx.db.refund.findFirst({ where: { objectType: "invoice", objectId: inv.id }, orderBy: { createdAt: "desc" }, select: { createdAt: true } })
      : null;
  return toPageView(inv, business, lastRefund?.createdAt ?? null);
};
