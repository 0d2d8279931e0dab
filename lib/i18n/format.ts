// Numbers, prices and dates as a reader of `locale` writes them. Prices always show the ISO currency code
// ("USD 12.34" in English, "12,34 USD" in French), never a bare "$" that could be any dollar. Dates are
// rendered on the server, which does not know the reader's time zone: they are shown in UTC and say so,
// unless the caller passes its own `timeZone`.
import type { Locale } from "./locales.ts";

// Intl formatters by locale and options, made once: building one costs far more than using it, and a page
// formats hundreds of numbers and dates (docs/decisions/portal-page-cpu.md). The options are the few this
// module and its callers use, so the maps stay small; bounded all the same.
const FORMATTERS_MAX = 500;
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const formatterOf = <F>(known: Map<string, F>, locale: string, opts: object | undefined, make: () => F): F => {
  const id = `${locale}\u0000${opts === undefined ? "" : JSON.stringify(opts)}`;
  let f = known.get(id);
  if (!f) {
    if (known.size >= FORMATTERS_MAX) known.clear();
    f = make();
    known.set(id, f);
  }
  return f;
};
const numberFormat = (locale: string, opts?: Intl.NumberFormatOptions) => formatterOf(numberFormats, locale, opts, () => new Intl.NumberFormat(locale, opts));
const dateFormat = (locale: string, opts: Intl.DateTimeFormatOptions) => formatterOf(dateFormats, locale, opts, () => new Intl.DateTimeFormat(locale, opts));

const fractionDigits = (currency: string): number => numberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;

/** An amount in the currency's minor unit (cents for USD, yen for JPY) as a localized price with its currency code. */
export const formatMoney = (locale: Locale, amountMinor: number, currency: string): string => {
  const code = currency.toUpperCase();
  const digits = fractionDigits(code);
  return numberFormat(locale, { style: "currency", currency: code, currencyDisplay: "code" }).format(amountMinor / 10 ** digits);
};

/** A number with the locale's grouping and decimal separators. */
export const formatNumber = (locale: Locale, n: number, opts?: Intl.NumberFormatOptions): string => numberFormat(locale, opts).format(n);

/**
 * An exact decimal string ("1234.5", "0.000001", as lib/core/usdc.ts writes USDC) with the locale's
 * separators, never rounded through a float: between `minFractionDigits` and `maxFractionDigits` decimals.
 */
export const formatDecimal = (locale: Locale, value: string, { minFractionDigits = 2, maxFractionDigits = 6 } = {}): string => {
  if (!/^-?\d+(\.\d+)?$/.test(value)) throw new RangeError(`formatDecimal: not a decimal: ${value}`);
  return numberFormat(locale, { minimumFractionDigits: minFractionDigits, maximumFractionDigits: maxFractionDigits }).format(value as `${number}`);
};

/** The default: day, abbreviated month, year, time and the zone ("Nov 23, 2025, 10:03 PM UTC" / "23 nov. 2025, 22:03 UTC"). */
const DEFAULT_DATE: Intl.DateTimeFormatOptions = { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" };

/** A date (a Date or an ISO string) in the locale's words; `opts` replaces the default format, in UTC unless it names a time zone. */
export const formatDate = (locale: Locale, date: Date | string, opts?: Intl.DateTimeFormatOptions): string => {
  const d = typeof date === "string" ? new Date(date) : date;
  if (Number.isNaN(d.getTime())) throw new RangeError(`formatDate: not a date: ${String(date)}`);
  return dateFormat(locale, { ...(opts ?? DEFAULT_DATE), timeZone: opts?.timeZone ?? "UTC" }).format(d);
};
