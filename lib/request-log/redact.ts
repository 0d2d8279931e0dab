// What a stored request or response body may not keep: raw API keys, secrets (webhook signing secrets
// included), passwords, card data, tokens, session keys, claim codes and game keys from key pools. Fields
// are redacted by name wherever they nest; string values are also scrubbed of anything shaped like a raw
// key or a bearer URL's credential (?sig=…, the token segment of a hosted page that BEARER_PAGES lists:
// /wallet/<token>, /checkout/r/<token>, /gift/<code>, …), whatever field holds them. Bodies are then
// cut to MAX_STORED_BODY characters. A body that is not JSON (or too large to parse) is scrubbed as text.

export const REDACTED = "[REDACTED]";
/** Stored bodies are cut to about 4 KB. */
export const MAX_STORED_BODY = 4096;
/** Larger bodies are not parsed (they are scrubbed as text, then cut). */
const MAX_PARSED_BODY = 64 * 1024;

/** Field names (lowercase) that carry a secret in the spec or in our own API. */
export const SECRET_FIELDS: ReadonlySet<string> = new Set([
  // raw API keys (POST /v1/platform/me/keys → rawKey; the spec's serverKey/platformKey/campaignKey examples)
  "key",
  "keys",
  "rawkey",
  "apikey",
  "serverkey",
  "platformkey",
  "campaignkey",
  "x-server-api-key",
  // product key pools and the key a purchase delivered
  "deliveredkey",
  "gamekey",
  // link and fund sessions: the sessionKey is the handle that acts on a session
  "session",
  "sessionkey",
  // passwords and one-time codes
  "password",
  "pin",
  "otp",
  "claimcode",
  "claimurl",
  "code_verifier",
  // card data
  "card",
  "cardnumber",
  "card_number",
  "cvc",
  "cvv",
  "cvc2",
  "pan",
  "exp_month",
  "exp_year",
  // headers and signatures
  "authorization",
  "cookie",
  "sig",
  "signature",
]);

/** Name patterns: anything holding a secret, a password, a token, a private key or a session key. */
const SECRET_PATTERN = /secret|passw|passphrase|privatekey|private_key|sessionkey|session_key|rawkey|apikey|api_key|claimcode|claim_code|cardnumber/i;

/** True when a field of this name must never be stored (case-insensitive). */
export const isSecretField = (name: string): boolean => {
  const lower = name.toLowerCase();
  if (SECRET_FIELDS.has(lower) || SECRET_PATTERN.test(lower)) return true;
  // accessToken, refresh_token, token (not tokenAddress, tokenId)
  return lower === "token" || lower.endsWith("token") || lower.endsWith("_token") || lower.endsWith("tokens");
};

/**
 * The hosted pages whose URL is a bearer credential in its path: whoever holds the URL acts as its owner until it
 * expires. The segment after the prefix is the credential; the rule (BEARER_PAGE_SCRUB) keeps the page's prefix and
 * blanks that segment. Credentials in a query (?sig=…: checkout grants, success and cancel pages, invoice pages and
 * PDFs) are the query rule's. tests/security/25-request-log-bearer-tokens.test.ts walks the API's response schemas:
 * a URL- or token-like field that neither rule nor a secret field name covers fails it.
 */
export const BEARER_PAGES = [
  "/wallet/", // a player's wallet page: a signed token, an hour (POST /v1/wallet/manage → linkUrl)
  "/checkout/r/", // a redirect checkout's page (GET /v1/checkout/redirect → url)
  "/gift/", // a gift's claim page: the claim code (claimUrl)
  "/link/", // a link session's page: its lks_ session key (url)
  "/fund/", // a fund session's page: its fs_ session key (url)
  "/business/connect/", // a platform's business link session: its lks_ session key (url)
  "/account/verify/", // the mailed sign-up and reset links (never in an API answer; kept out of any text all the same)
  "/account/reset/",
] as const;

const escapeRe = (s: string) => s.replace(/[/\\^$.*+?()[\]{}|-]/g, "\\$&");
const PAGE_ALTERNATIVES = BEARER_PAGES.map(escapeRe).join("|");

/**
 * A bearer page's credential segment, where the page's path starts: at the start of the text, after a space, a quote
 * or a bracket, or after an origin (`//host`, with path segments before it as long as none is `v1`: API paths such as
 * /api/v1/wallet/manage or /v1/users/link/initiate are not pages and stay whole). A session key's kind (lks_, fs_,
 * test_) stays readable.
 */
const BEARER_PAGE_SCRUB = new RegExp(
  `(^|[\\s"'(<=,]|\\/\\/[^/\\s"'?#<>]+(?:\\/(?!v1\\/)[^/\\s"'?#<>]+)*?)(${PAGE_ALTERNATIVES})((?:lks|fs)_(?:test_)?)?[^/?#"'\\s<>]+`,
  "g",
);

/** Raw Coinop keys (service_<kind>_<env>_<hex>), Stripe-style secrets, and credentials inside URLs. */
const VALUE_SCRUBS: [RegExp, string][] = [
  [/\b(service_(?:server|campaign|platform)_(?:test|live)_)[0-9a-f]{12,}/gi, `$1${REDACTED}`],
  [/\b((?:sk|rk|whsec)_(?:test_|live_)?)[A-Za-z0-9]{8,}/g, `$1${REDACTED}`],
  [/([?&](?:sig|signature|token|key|session|sessionKey|code)=)[^&#"\s]+/gi, `$1${REDACTED}`],
  [BEARER_PAGE_SCRUB, `$1$2$3${REDACTED}`],
  // link and fund session keys wherever they appear, hosted page URLs (/link/…, /fund/…, /business/connect/…)
  // included (lks_… from lib/linking, fs_… from lib/fund-sessions); API paths such as /v1/users/link/initiate stay
  [/\b(lks_(?:test_)?)[0-9a-f]{16,}/g, `$1${REDACTED}`],
  [/\b(fs_(?:test_)?)[A-Za-z0-9_-]{20,}/g, `$1${REDACTED}`],
  [/(\b[Bb]earer\s+)\S+/g, `$1${REDACTED}`],
];

/**
 * What any of the scrubs needs to find: most strings (ids, amounts, names) have none of it and skip them all. A bearer
 * page's prefix comes right before its credential, so a credential that starts in a text's kept part has its prefix
 * (at most 18 characters) there or just before.
 */
const MIGHT_HOLD_SECRET = new RegExp(`service_|sk_|rk_|whsec_|lks_|fs_|[?&]|bearer|${PAGE_ALTERNATIVES}`, "i");

/** Scrubs raw keys and URL credentials out of any string. */
export const scrubText = (text: string): string => {
  if (!MIGHT_HOLD_SECRET.test(text)) return text;
  let out = text;
  for (const [re, to] of VALUE_SCRUBS) out = out.replace(re, to);
  return out;
};

/** A deep copy of a parsed JSON value with secret fields replaced by "[REDACTED]" and strings scrubbed. */
export const redactValue = (value: unknown): unknown => {
  if (typeof value === "string") return scrubText(value);
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(redactValue);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = isSecretField(k) && holdsSecret(k, v) ? REDACTED : redactValue(v);
  return out;
};

/** Objects kept whole under a secret name: card data. */
const WHOLE = new Set(["card"]);

/**
 * Under a secret name, a value is blanked unless it is an object (or a list of objects) describing the
 * thing: `key: { keyId, prefix, … }` is the API key resource, not the raw key; its own fields are redacted.
 */
const holdsSecret = (name: string, v: unknown): boolean => {
  if (v === null) return false;
  if (typeof v !== "object" || WHOLE.has(name.toLowerCase())) return true;
  if (Array.isArray(v)) return !v.every((x) => x !== null && typeof x === "object" && !Array.isArray(x));
  return false;
};

/** Text that is not JSON: "name": "value" pairs with a secret name are blanked, then keys and URL credentials. */
const redactLooseText = (text: string): string =>
  scrubText(
    text.replace(/"([^"\\]{1,64})"(\s*:\s*)("(?:[^"\\]|\\.)*"?|[^,}\]\s]+)/g, (all, name: string, colon: string) =>
      isSecretField(name) ? `"${name}"${colon}"${REDACTED}"` : all,
    ),
  );

/** Cuts a stored body to `max` characters, saying so. */
export const cut = (text: string, max = MAX_STORED_BODY): string => (text.length <= max ? text : `${text.slice(0, max)}… [cut, ${text.length} characters]`);

/** Thrown by writeRedacted once its output is past the limit. */
const FULL = Symbol("full");

/**
 * The JSON text of redactValue(value), written only up to a little past `max` characters: a list page's
 * answer (15 KB for 50 journals) is stored as its first 4 KB, so the rest is neither redacted nor written.
 * Returns the text and whether it is whole. Whole, it equals JSON.stringify(redactValue(value)).
 */
export const redactedJson = (value: unknown, max = MAX_STORED_BODY): { text: string; whole: boolean } => {
  const parts: string[] = [];
  let length = 0;
  const put = (s: string) => {
    parts.push(s);
    length += s.length;
    if (length > max) throw FULL;
  };
  const write = (v: unknown): void => {
    if (typeof v === "string") return put(JSON.stringify(scrubText(v)));
    if (v === null || typeof v !== "object") return put(JSON.stringify(v) ?? "null");
    if (Array.isArray(v)) {
      put("[");
      v.forEach((x, i) => {
        if (i > 0) put(",");
        write(x);
      });
      return put("]");
    }
    put("{");
    let first = true;
    for (const [k, x] of Object.entries(v)) {
      if (x === undefined) continue;
      put(`${first ? "" : ","}${JSON.stringify(k)}:`);
      first = false;
      if (isSecretField(k) && holdsSecret(k, x)) put(JSON.stringify(REDACTED));
      else write(x);
    }
    put("}");
  };
  try {
    write(value);
    return { text: parts.join(""), whole: true };
  } catch (err) {
    if (err !== FULL) throw err;
    return { text: parts.join(""), whole: false };
  }
};

/**
 * A piece of every name isSecretField judges secret (redact.test.ts checks each one against it): text without any
 * of them names no secret field, so its keys need not be read one by one. Escapes other than \u (refused before
 * this is asked) cannot join two halves of a piece.
 */
export const SECRET_NAME_HINT = /key|session|passw|passphrase|secret|token|pin|otp|claim|code_verifier|card|cvc|cvv|pan|exp_|authorization|cookie|sig/i;

/** A JSON object key in the text (escapes kept: decoded before it is judged). */
const KEY = /"((?:[^"\\]|\\.)*)"\s*:/g;
/** A key's escapes decoded; what does not decode is judged by a name that is always secret. */
const decoded = (raw: string): string => {
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return "secret";
  }
};

/**
 * A long list page (`{"items":[…],"pagination":…}`, as the kernel or PostgreSQL wrote it) as stored, without
 * parsing it: its first `max` characters as sent, with the cut marker, when nothing in them needs redacting (no
 * field with a secret name, nothing a scrub looks for, no \u escape that could spell one). Only that part is
 * kept, so redacting the rest would be work thrown away; parsing a 15 KB page to keep 4 KB of it was a fifth of
 * the journals page's CPU. undefined: not such a page, or something to redact; redactBody then does the whole job.
 */
export const storedListPage = (text: string, max = MAX_STORED_BODY): string | undefined => {
  if (text.length <= max || !text.startsWith('{"items":[')) return undefined;
  // what a scrub replaces starts where MIGHT_HOLD_SECRET's match does, or right after it (a bearer page's prefix, at
  // most 18 characters), so a replacement that reaches the kept part has its MIGHT_HOLD_SECRET match in here
  const head = text.slice(0, max + 32);
  if (MIGHT_HOLD_SECRET.test(head) || head.includes("\\u")) return undefined;
  // a field whose value starts in the kept part has its whole name there
  const kept = text.slice(0, max);
  if (SECRET_NAME_HINT.test(kept)) for (const m of kept.matchAll(KEY)) if (isSecretField(m[1].includes("\\") ? decoded(m[1]) : m[1])) return undefined;
  return `${text.slice(0, max)}… [cut, ${text.length} characters]`;
};

/**
 * The body as stored: redacted (as JSON when it parses, else as text) and cut; null for an empty body.
 * `parsed`: the body already parsed by the caller ({ value }), so it is not parsed twice.
 */
export const redactBody = (text: string | null | undefined, max = MAX_STORED_BODY, parsed?: { value: unknown }): string | null => {
  if (text === null || text === undefined || text === "") return null;
  if (text.length <= MAX_PARSED_BODY) {
    let json: { value: unknown } | undefined = parsed;
    if (!json) {
      try {
        json = { value: JSON.parse(text) };
      } catch {
        // not JSON: scrubbed as text below
      }
    }
    if (json) {
      const out = redactedJson(json.value, max);
      // cut short: the marker gives the length of the body as it was sent
      return out.whole ? cut(out.text, max) : `${out.text.slice(0, max)}… [cut, ${text.length} characters]`;
    }
  }
  return cut(redactLooseText(text.slice(0, MAX_PARSED_BODY)), max);
};
