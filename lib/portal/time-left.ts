// How long until a moment, in words a person reads at a glance: "6 days 23 hours", "4 minutes", "less than a
// minute"; a moment already past is "now". Two units at most (the largest two that are not zero). The words are
// the catalog's (messages/<locale>/portal-access.json, `keys.timeLeft`), English unless `locale` says otherwise.
import { DEFAULT_LOCALE, type Locale } from "../i18n/locales.ts";
import { getTranslator } from "../i18n/translator.ts";

const UNITS: [ms: number, unit: "day" | "hour" | "minute"][] = [
  [86_400_000, "day"],
  [3_600_000, "hour"],
  [60_000, "minute"],
];

export const timeLeft = (until: Date, from: Date, locale: Locale = DEFAULT_LOCALE): string => {
  const t = getTranslator(locale, "portal-access");
  let left = until.getTime() - from.getTime();
  if (left <= 0) return t("keys.timeLeft.now");
  if (left < 60_000) return t("keys.timeLeft.underMinute");
  const parts: string[] = [];
  for (const [ms, unit] of UNITS) {
    const n = Math.floor(left / ms);
    left -= n * ms;
    if (n > 0) parts.push(t(`keys.timeLeft.${unit}`, { n }));
    else if (parts.length) break;
    if (parts.length === 2) break;
  }
  return parts.join(" ");
};
