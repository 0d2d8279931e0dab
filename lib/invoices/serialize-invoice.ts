import type { Invoice } from "../db/generated/client.ts";
import type { InvoiceResource } from "./schemas.ts";
import type { InvoiceStatus } from "./invoice-states.ts";
import { toDollars } from "./money.ts";
import { invoicePageUrl } from "./invoice-url.ts";

/** An item as stored (cents as JSON numbers). */
export type StoredItem = { description: string; quantity: number; rateCents: number; amountCents: number };
/** A fee line item as stored. */
export type StoredFee = { label: string; percentage: number | null; flatCents: number; recipientWallet: string; amountCents: number };

export const storedItems = (inv: Pick<Invoice, "items">): StoredItem[] => inv.items as unknown as StoredItem[];
export const storedFees = (inv: Pick<Invoice, "fees">): StoredFee[] => inv.fees as unknown as StoredFee[];

const cents = (n: number) => toDollars(BigInt(n));

/** The API view of an invoice: dollars, the payment summary and the signed page link. */
export const serializeInvoice = (inv: Invoice): InvoiceResource => ({
  _id: inv.id,
  invoiceNumber: inv.invoiceNumber,
  receiverName: inv.receiverName,
  receiverEmail: inv.receiverEmail,
  recipientBusinessId: inv.recipientBusinessId,
  businessId: inv.businessId,
  date: inv.date.toISOString(),
  dueDate: inv.dueDate.toISOString(),
  pastDueAt: inv.pastDueAt?.toISOString() ?? null,
  testClock: inv.testClockId,
  payToTarget: "BUSINESS",
  items: storedItems(inv).map((i) => ({ description: i.description, quantity: i.quantity, rate: cents(i.rateCents), amount: cents(i.amountCents) })),
  fees: storedFees(inv).map((f) => ({
    label: f.label,
    percentage: f.percentage,
    flat: f.flatCents,
    recipientWallet: f.recipientWallet,
    amount: cents(f.amountCents),
  })),
  subtotal: toDollars(inv.subtotalCents),
  taxAmount: toDollars(inv.taxCents),
  total: toDollars(inv.totalCents),
  status: inv.status as InvoiceStatus,
  currency: "USD",
  environment: inv.environment,
  paymentSummary: { invoiceAmount: toDollars(inv.totalCents), payerFee: toDollars(inv.feeCents), totalCharged: toDollars(inv.chargedCents) },
  publicInvoiceId: inv.publicId,
  links: { invoice: invoicePageUrl(inv.publicId) },
  emailSuppressed: inv.emailSuppressed,
  note: inv.note,
  metadata: (inv.metadata as Record<string, unknown> | null) ?? null,
  paymentMethod: (inv.paymentMethod as "card" | "ach" | null) ?? null,
  createdByPlatformId: inv.platformId,
  createdByKeyId: inv.createdByKeyId,
  sentAt: inv.sentAt?.toISOString() ?? null,
  paidAt: inv.paidAt?.toISOString() ?? null,
  cancelledAt: inv.cancelledAt?.toISOString() ?? null,
  createdAt: inv.createdAt.toISOString(),
  updatedAt: inv.updatedAt.toISOString(),
});

/** The short answer of send and cancel. */
export const invoiceStatusResult = (inv: Invoice) => ({ _id: inv.id, status: inv.status as InvoiceStatus, invoiceNumber: inv.invoiceNumber });
