// The money pages' amounts and times in the member's language: English keeps lib/portal/ledger-format.ts's
// exact output ("1,234", "0.0025", "2026-11-26 07:05 UTC"); other locales use lib/i18n/format.ts's
// separators and date words (exact decimal strings, never through a float).
import { formatDate, formatDecimal } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { formatUnits, formatUsdc, formatWhen } from "./ledger-format";

const minus = (s: string) => s.replace("-", "−");

/** Whole units: "1,234" / "1 234" with a real minus sign. */
export const unitsIn = (locale: Locale, units: string): string =>
  locale === "en" ? formatUnits(units) : minus(formatDecimal(locale, units, { minFractionDigits: 0, maxFractionDigits: 0 }));

/** USDC micro-units as dollars: "0.0025" / "0,0025". */
export const usdcIn = (locale: Locale, micros: string | bigint): string =>
  locale === "en"
    ? formatUsdc(micros)
    : minus(formatDecimal(locale, formatUsdc(micros).replaceAll(",", "").replace("−", "-"), { minFractionDigits: 2, maxFractionDigits: 6 }));

/** A time in UTC: "2026-11-26 07:05 UTC" / "26 nov. 2026, 07:05 UTC"; null is "—". */
export const whenIn = (locale: Locale, d: Date | string | null): string => (d === null ? "—" : locale === "en" ? formatWhen(d) : formatDate(locale, d));
