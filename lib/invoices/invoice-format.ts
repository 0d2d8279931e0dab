// How an invoice is written for its reader, the one source the hosted page and the PDF share (issue 30, payer
// item 7): prices with the currency code (lib/i18n/format.ts: "USD 1,234.56", "1 234,56 USD"), quantities with
// the locale's separators and at most four decimals (as the API stores them), the invoice's calendar days
// without a time (in UTC like every date the server renders), the status word the reader sees ("Due", and
// "Overdue" once the due day has passed on a sent invoice), and the seller's postal address.
import { formatDate, formatMoney, formatNumber } from "../i18n/format.ts";
import type { Locale } from "../i18n/locales.ts";
import type { InvoiceStatus } from "./invoice-states.ts";

/** Invoices are in US dollars (the API's `currency` is always "USD"). */
export const INVOICE_CURRENCY = "USD";

export type InvoiceFormats = {
  money: (cents: number) => string;
  quantity: (q: number) => string;
  day: (d: Date) => string;
};

export const invoiceFormats = (locale: Locale): InvoiceFormats => ({
  money: (cents) => formatMoney(locale, cents, INVOICE_CURRENCY),
  quantity: (q) => formatNumber(locale, q, { maximumFractionDigits: 4 }),
  day: (d) => formatDate(locale, d, { dateStyle: "medium" }),
});

/** What the reader is told the invoice's state is: its status, or "overdue" for a sent invoice past its due day. */
export type InvoiceDisplayStatus = InvoiceStatus | "overdue";

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** Overdue from the day after the due day (UTC), while the invoice is still waiting for a payment ("sent"). */
export const invoiceDisplayStatus = (v: { status: InvoiceStatus; dueDate: Date }, now: Date): InvoiceDisplayStatus =>
  v.status === "sent" && utcDay(now) > utcDay(v.dueDate) ? "overdue" : v.status;

/** Whether the reader can still pay the invoice online (its page shows the pay forms). */
export const isInvoicePayable = (status: InvoiceStatus): boolean => status === "sent";

export type SellerAddress = { line1: string; line2?: string; city: string; state?: string; postalCode: string; country: string };

/**
 * The address as postal lines in the reader's language: street lines, then "City, ST 12345" (US) or
 * "12345 City" (elsewhere), then the country's name ("France", "États-Unis").
 */
export const addressLines = (locale: Locale, a: SellerAddress): string[] => {
  const country = a.country.toUpperCase();
  let countryName = country;
  try {
    countryName = new Intl.DisplayNames([locale], { type: "region" }).of(country) ?? country;
  } catch {
    // not a region code: shown as given
  }
  const place =
    country === "US" ? `${a.city}${a.state ? `, ${a.state}` : ""} ${a.postalCode}`.trim() : [a.postalCode, a.city, a.state].filter(Boolean).join(" ");
  return [a.line1, a.line2, place, countryName].filter((s): s is string => Boolean(s && s.trim()));
};
