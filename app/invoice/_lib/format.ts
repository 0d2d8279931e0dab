// How the invoice page writes its amounts, quantities and days in the reader's language: prices with the
// currency code (lib/i18n/format.ts: "USD 1,234.56", "1 234,56 USD"), quantities with the locale's separators
// and at most four decimals (as the API stores them), and the invoice's calendar days (its date, due date and
// payment day) without a time, in UTC like every date the server renders.
import { formatDate, formatMoney, formatNumber } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";

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
