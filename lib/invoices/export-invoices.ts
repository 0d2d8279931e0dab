import type { TargetContext } from "../core/context.ts";
import type { Invoice } from "../db/generated/client.ts";
import { toDollars } from "./money.ts";

/** The most rows one export holds; narrow the dates for more. */
export const MAX_EXPORT_ROWS = 10_000;

export const CSV_COLUMNS = [
  "invoiceId",
  "invoiceNumber",
  "status",
  "environment",
  "date",
  "dueDate",
  "receiverName",
  "receiverEmail",
  "recipientBusinessId",
  "currency",
  "subtotal",
  "taxAmount",
  "total",
  "payerFee",
  "totalCharged",
  "paymentMethod",
  "sentAt",
  "paidAt",
  "cancelledAt",
  "createdAt",
] as const;

/** One CSV field (RFC 4180), with a leading ' before =, +, - or @ so spreadsheets do not run it as a formula. */
export const csvField = (v: string | number | null): string => {
  if (v === null) return "";
  let s = String(v);
  if (typeof v === "string" && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

const row = (i: Invoice): (string | number | null)[] => [
  i.id,
  i.invoiceNumber,
  i.status,
  i.environment,
  i.date.toISOString(),
  i.dueDate.toISOString(),
  i.receiverName,
  i.receiverEmail,
  i.recipientBusinessId,
  i.currency,
  toDollars(i.subtotalCents).toFixed(2),
  toDollars(i.taxCents).toFixed(2),
  toDollars(i.totalCents).toFixed(2),
  toDollars(i.feeCents).toFixed(2),
  toDollars(i.chargedCents).toFixed(2),
  i.paymentMethod,
  i.sentAt?.toISOString() ?? null,
  i.paidAt?.toISOString() ?? null,
  i.cancelledAt?.toISOString() ?? null,
  i.createdAt.toISOString(),
];

/** A plain date as an end bound covers that whole day (UTC). */
const endOf = (s: string): Date => (/^\d{4}-\d{2}-\d{2}$/.test(s) ? new Date(Date.parse(s) + 86_400_000 - 1) : new Date(s));

/**
 * GET /v1/platform/invoices/export: the target business's invoices as CSV, filtered by invoice date
 * (startDate, endDate, inclusive) and ids (comma-separated; ids of other businesses are simply absent), oldest first.
 */
export const exportInvoices = async (ctx: TargetContext, q: { startDate?: string; endDate?: string; ids?: string[] }): Promise<string> => {
  const rows = await ctx.db.invoice.findMany({
    where: {
      businessId: ctx.scope.businessId,
      environment: ctx.scope.environment,
      ...(q.ids ? { id: { in: q.ids } } : {}),
      ...(q.startDate || q.endDate
        ? { date: { ...(q.startDate ? { gte: new Date(q.startDate) } : {}), ...(q.endDate ? { lte: endOf(q.endDate) } : {}) } }
        : {}),
    },
    orderBy: [{ date: "asc" }, { id: "asc" }],
    take: MAX_EXPORT_ROWS,
  });
  return [CSV_COLUMNS.join(","), ...rows.map((r) => row(r).map(csvField).join(","))].join("\r\n") + "\r\n";
};
