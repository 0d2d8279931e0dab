// How the dashboard writes its numbers on the server (headlines, axes, the tables, the columns' tooltips), in
// the reader's language (lib/i18n/format.ts): money in its own currency (USD as the locale writes dollars,
// USDC by name: never summed together), counts and units grouped, rates as percents, days as "Nov 3" /
// "3 nov.". Pure functions: no React, no database.
import { formatDate, formatNumber } from "@/lib/i18n/format";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";

export type ChartFormat = "usd" | "usdc" | "count" | "percent";

/** A value as a table cell or a total writes it; null (no data that day) is an em dash. */
export const formatValue = (value: number | null, format: ChartFormat, locale: Locale = DEFAULT_LOCALE): string => {
  if (value === null) return "—";
  switch (format) {
    case "usd":
      return formatNumber(locale, value, { style: "currency", currency: "USD" });
    case "usdc":
      return `${formatNumber(locale, value, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} USDC`;
    case "count":
      return formatNumber(locale, value, { maximumFractionDigits: 0 });
    case "percent":
      return formatNumber(locale, value / 100, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
  }
};

/** A value on an axis: short (compact notation, no currency name). */
export const formatTick = (value: number, format: ChartFormat, locale: Locale = DEFAULT_LOCALE): string =>
  format === "usd"
    ? formatNumber(locale, value, { style: "currency", currency: "USD", notation: "compact", maximumFractionDigits: 1 })
    : format === "percent"
      ? formatNumber(locale, Math.round(value) / 100, { style: "percent" })
      : formatNumber(locale, value, { notation: "compact", maximumFractionDigits: 1 });

/** "2026-11-03" → "Nov 3" ("3 nov." in French; the days are UTC dates). */
export const formatDay = (day: string, locale: Locale = DEFAULT_LOCALE): string => formatDate(locale, `${day}T00:00:00Z`, { month: "short", day: "numeric" });

/** An amount in a currency's smallest unit as a number of whole units (cents → dollars, micro-units → USDC). */
export const toMajor = (minor: number, exponent: number): number => minor / 10 ** exponent;

/** part / whole as a percent, or null when there is no whole (no requests, no attempts that day). */
export const percentOf = (part: number, whole: number): number | null => (whole === 0 ? null : (part / whole) * 100);
