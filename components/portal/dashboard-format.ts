// How the dashboard writes its numbers, on the server (totals, the tables) and in the browser (axes,
// tooltips) alike: money in its own currency (USD with a $, USDC by name: never summed together), counts
// and units grouped, rates as percents. Pure functions: no React, no database.

export type ChartFormat = "usd" | "usdc" | "count" | "percent";

const USD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const USD_SHORT = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", notation: "compact", maximumFractionDigits: 1 });
const DECIMAL2 = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const COUNT = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const SHORT = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });
const PERCENT = new Intl.NumberFormat("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A value as a table cell or a total writes it; null (no data that day) is an em dash. */
export const formatValue = (value: number | null, format: ChartFormat): string => {
  if (value === null) return "—";
  switch (format) {
    case "usd":
      return USD.format(value);
    case "usdc":
      return `${DECIMAL2.format(value)} USDC`;
    case "count":
      return COUNT.format(value);
    case "percent":
      return `${PERCENT.format(value)}%`;
  }
};

/** A value on an axis: short (compact notation, no currency name). */
export const formatTick = (value: number, format: ChartFormat): string =>
  format === "usd" ? USD_SHORT.format(value) : format === "percent" ? `${Math.round(value)}%` : SHORT.format(value);

/** "2026-11-03" → "Nov 3" (the days are UTC dates). */
export const formatDay = (day: string): string => new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** An amount in a currency's smallest unit as a number of whole units (cents → dollars, micro-units → USDC). */
export const toMajor = (minor: number, exponent: number): number => minor / 10 ** exponent;

/** part / whole as a percent, or null when there is no whole (no requests, no attempts that day). */
export const percentOf = (part: number, whole: number): number | null => (whole === 0 ? null : (part / whole) * 100);
