// The languages of the hosted pages and how a request picks one. Pure: no Next.js, no database, so the
// browser, the server and the tests share it. A supported override (the `locale` a game put in a link
// session's, invite's or grant's metadata) wins; then the browser's Accept-Language, by q-value; else English.

export const LOCALES = ["en", "fr"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Longest Accept-Language header read, and most ranges considered: anything beyond is ignored, never parsed. */
const MAX_HEADER = 4096;
const MAX_RANGES = 64;

export const isLocale = (value: unknown): value is Locale => typeof value === "string" && (LOCALES as readonly string[]).includes(value);

/** The supported locale a language tag names ("fr", "fr-CA", "FR_ca" → "fr"), or null. */
export const localeOfTag = (tag: string | null | undefined): Locale | null => {
  if (typeof tag !== "string") return null;
  const primary = tag.trim().split(/[-_]/, 1)[0]?.toLowerCase() ?? "";
  return isLocale(primary) ? primary : null;
};

/** The language ranges of an Accept-Language header, best first (ties keep the header's order); q=0 and malformed entries dropped. */
export const parseAcceptLanguage = (header: string | null | undefined): string[] => {
  if (typeof header !== "string" || header.length === 0) return [];
  const ranges: { tag: string; q: number; order: number }[] = [];
  for (const [order, entry] of header.slice(0, MAX_HEADER).split(",").slice(0, MAX_RANGES).entries()) {
    const [rawTag, ...params] = entry.split(";");
    const tag = rawTag?.trim() ?? "";
    if (!/^(\*|[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*)$/.test(tag)) continue;
    let q = 1;
    let valid = true;
    for (const param of params) {
      const m = /^\s*q\s*=\s*(\S*)\s*$/i.exec(param);
      if (!m) continue; // other parameters carry no weight
      valid = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(m[1] ?? "");
      q = valid ? Number(m[1]) : 0;
    }
    if (valid && q > 0) ranges.push({ tag, q, order });
  }
  return ranges.sort((a, b) => b.q - a.q || a.order - b.order).map((r) => r.tag);
};

/**
 * The locale of a request: a supported `override` wins ("fr-CA" → "fr"); then the first range of
 * `acceptLanguage` (by q-value) that names a supported language ("*" names the default); else English.
 */
export const negotiateLocale = (acceptLanguage: string | null | undefined, override?: string | null): Locale => {
  const forced = localeOfTag(override);
  if (forced) return forced;
  for (const tag of parseAcceptLanguage(acceptLanguage)) {
    if (tag === "*") return DEFAULT_LOCALE;
    const locale = localeOfTag(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
};

/** The `locale` of an object's metadata (a grant's checkoutMetadata, an invoice's metadata) when it is a short language tag ("fr", "fr-CA"); anything else is ignored. */
export const metadataLocale = (metadata: unknown): string | null => {
  const v = metadata && typeof metadata === "object" && !Array.isArray(metadata) ? (metadata as Record<string, unknown>).locale : undefined;
  return typeof v === "string" && /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/.test(v) && v.length <= 35 ? v : null;
};
