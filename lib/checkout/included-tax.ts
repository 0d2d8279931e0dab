// The tax a game's prices include (its taxLabel and taxRateBps), as the checkout, the success page and the
// receipt email show it.
import type { Locale } from "../i18n/locales.ts";

/** The tax included in `totalCents` at `rateBps` (2000 = 20%): total × rate / (1 + rate), to the cent. */
export const includedTaxCents = (totalCents: number, rateBps: number): number => Math.round((totalCents * rateBps) / (10_000 + rateBps));

/** "20%", "8.25%", "20 %" in French. */
export const formatRate = (locale: Locale, rateBps: number): string =>
  new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(rateBps / 10_000);
