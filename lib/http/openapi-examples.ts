// Example values for the API document's schemas: a field without its own `examples` (a `.meta({ examples })`
// at its zod definition wins) gets one chosen by its name and type, in the formats the server makes (24-hex
// ids, `service_<kind>_<env>_…` keys, whole units as strings, ISO timestamps). An example is only set where it
// is valid for the field's schema (type, enum, length, pattern, range), so the linters and Scalar accept it.
// docs/decisions/openapi-schemas.md.
type Json = Record<string, unknown>;

/** A stable 24-hex id per field name (4 bytes of seconds, then 8 bytes): ids in one sample differ, and look real. */
const idFor = (name: string): string => {
  let h = 2166136261;
  for (const c of name) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  const a = h.toString(16).padStart(8, "0");
  const b = Math.imul(h ^ 0x9e3779b9, 2654435761) >>> 0;
  return `6790a1b2${a}${b.toString(16).padStart(8, "0")}`;
};

const TIMESTAMP = "2026-01-15T09:30:00.000Z";

/** A field's example by its schema's name (`<id>.<field>`): where the field name alone says too little. */
const BY_SCHEMA: Record<string, unknown> = {
  "Game.name": "Star Raiders",
  "Game.description": "A co-op space shooter.",
  "Item.name": "Starter Pack",
  "Product.name": "Starter Pack",
  "Deal.name": "Spring sale",
  "Campaign.name": "Spring Launch Rewards",
  "Business.name": "Pixel Forge Studios",
  "Platform.name": "Arcade Hub",
  "SplitTemplate.name": "Creator 70 / platform 30",
  "ApiKey.name": "Production server",
  "EventDefinition.name": "Level 10 reached",
  "EventDefinition.code": "LEVEL_10",
  "Journal.type": "credit",
  "Invoice.subtotal": 4990,
  "Invoice.taxAmount": 0,
  "Invoice.total": 4990,
};

/** [name pattern, example] for strings, first match wins; tested against the field name. */
const STRINGS: [RegExp, (name: string) => string][] = [
  [/^testClock$/, () => "clock_test_6790a1b2c3d4e5f601234567"],
  [/^(frozenTime|advancedFrom|advancedTo|at)$/, () => TIMESTAMP],
  [/^provider$/, () => "stripe"],
  [/^outcome$/, () => "expired"],
  [/^checkoutMethod$/, () => "card"],
  [/^(userRef|userId|affiliateCode|referrerUserRef|playerRef)$|UserRef$/, () => "player-4821"],
  [/^(chain|network)$/, () => "base"],
  [/^paymentMethod$/, () => "card"],
  [/^paymentProvider$/, () => "stripe"],
  [/^fulfillmentType$/, () => "virtual_currency"],
  [/^taxLabel$/, () => "VAT"],
  [/(screenshot|image|Image|logo|Logo|icon|Icon|movie)s?(Url)?$/, () => "https://coinop.example/uploads/6790a1b2c3d4e5f601234567.png"],
  [/^discordUrl$/, () => "https://discord.gg/starraiders"],
  [/(checkout|Checkout|session|Session)Url$/, () => "https://coinop.example/checkout/Xk3vQ9pL2mR7tY8wZ1aB4cD6"],
  [/^(invoice|invoiceUrl|publicUrl)$/, () => "https://coinop.example/invoice/6790a1b2c3d4e5f601234567"],
  [/(store|terms|support|demo|website|home)Url$|^(home|website)$/, () => "https://starraiders.example/"],
  [/[Rr]equirement(Text)?$/, () => "Requires the base game Star Raiders"],
  [/(recipient|Recipient|payout|Payout)?[Ww]allet$/, () => "0x52908400098527886E0F7030069857D2E4169EE7"],
  [/^(memo|claimCode|deliveredKey|rawKey)$/, (n) => (n === "memo" ? "March payout" : "XXXX-YYYY-ZZZZ")],
  [/[Bb]aseUnitsPerVcUnit$/, () => "10000"],
  [/^amountUsdc$/, () => "4.99"],
  [/^line1$/, () => "1 Market Street"],
  [/^line2$/, () => "Suite 300"],
  [/^city$/, () => "San Francisco"],
  [/^(kyb|signIn|signUp|portal|dashboard)$/, (n) => `https://coinop.example/portal/${n}`],
  [/(End|Start)$/, () => TIMESTAMP],
  [/Error$/, () => "Your card was declined."],
  [/^(requestId)$/, () => "req_6790a1b2c3d4e5f601234567"],
  [/^(sessionKey|session)$/, () => "Xk3vQ9pL2mR7tY8wZ1aB4cD6"],
  [/^(_id|id)$/, (n) => idFor(n)],
  [/(Id|ID)$/, (n) => idFor(n)],
  [/Ids$/, (n) => idFor(n)],
  [/(At|Date|date|since|until|Until|Since)$/, () => TIMESTAMP],
  [/^(timestamp|time)$/, () => TIMESTAMP],
  [/[Uu]nits$|^units$|^balance$|^amount(Units)?$/, () => "1500"],
  [/[Ee]mail$/, () => "player@example.com"],
  [/(Url|URL|url|Uri|uri|Link|link|href)$/, () => "https://coinop.example/link/Xk3vQ9pL2mR7tY8wZ1aB4cD6"],
  [/^(secret|signingSecret|webhookSecret)$/, () => "whsec_0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f6071"],
  [/^(key|apiKey|plaintextKey|token)$/, () => "service_server_test_0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f6071"],
  [/^(prefix|keyPrefix)$/, () => "service_server_test_0a1b"],
  [/^environment$/, () => "test"],
  [/^(currency|fiatCurrency|paymentCurrency)$/, () => "USD"],
  [/^(code|currencyCode)$/, () => "GOLD"],
  [/^symbol$/, () => "G"],
  [
    /(^name$|Name$)/,
    (n) => (/business|company/i.test(n) ? "Pixel Forge Studios" : /receiver|player|user|display|full|contact/i.test(n) ? "Alex Rivera" : "Gold Coins"),
  ],
  [/^(title|label)$/, () => "Starter pack"],
  [/(description|Description|message|Message|note|Note|reason|Reason|error)$/, () => "Starter pack: 500 Gold Coins and a badge"],
  [/^(status|state)$/, () => "completed"],
  [/Status$/, () => "pending"],
  [/^(type|kind)$/, () => "virtual"],
  [/[Aa]ddress$/, () => "0x52908400098527886E0F7030069857D2E4169EE7"],
  [/(Hash|hash)$/, () => "0x9f0e9f0e9f0e9f0e9f0e9f0e9f0e9f0e9f0e9f0e9f0e9f0e9f0e9f0e9f0e9f0e"],
  [/[Ss]cope$/, () => "vc:write"],
  [/(event|Event)$/, () => "Purchases.Completed"],
  [/(Number|number)$/, () => "INV-2026-0042"],
  [/(Code|code)$/, () => "SPRING25"],
  [/[Cc]olou?r$/, () => "#4f46e5"],
  [/(locale|Locale|language)$/, () => "en"],
  [/(country|Country)$/, () => "US"],
  [/(version|Version)$/, () => "v1"],
];

/** [name pattern, example] for integers and numbers. */
const NUMBERS: [RegExp, number][] = [
  [/^page$/, 1],
  [/^(limit|perPage|pageSize)$/, 20],
  [/^offset$/, 0],
  [/^(totalCount|total|count)$/, 42],
  [/^totalPages$/, 3],
  [/(Cents|cents|^price$|Price$)/, 499],
  [/(percentage|Percentage|percent|Percent|Bps|bps|rate|Rate)$/, 5],
  [/(quantity|Quantity|stock|Stock)$/, 1],
  [/(Seconds|seconds|Minutes|Days|days)$/, 3600],
  [/^amount$|Amount$/, 4990000],
  [/(version|Version)$/, 1],
];

/** Whether `v` satisfies the parts of the schema that an example can break. */
const fits = (s: Json, v: unknown): boolean => {
  const types = Array.isArray(s.type) ? (s.type as string[]) : s.type ? [s.type as string] : [];
  if (typeof v === "string") {
    if (!types.includes("string")) return false;
    if (typeof s.minLength === "number" && v.length < s.minLength) return false;
    if (typeof s.maxLength === "number" && v.length > s.maxLength) return false;
    if (typeof s.pattern === "string" && !new RegExp(s.pattern, "u").test(v)) return false;
    if (s.format === "date-time" && !/^\d{4}-\d\d-\d\dT/.test(v)) return false;
    if (s.format === "date" && !/^\d{4}-\d\d-\d\d$/.test(v)) return false;
    if ((s.format === "uri" || s.format === "url") && !/^https?:\/\//.test(v)) return false;
    if (s.format === "email" && !v.includes("@")) return false;
    if (s.format === "uuid") return false;
    return true;
  }
  if (typeof v === "number") {
    if (!(types.includes("number") || (types.includes("integer") && Number.isInteger(v)))) return false;
    if (typeof s.minimum === "number" && v < s.minimum) return false;
    if (typeof s.maximum === "number" && v > s.maximum) return false;
    if (typeof s.exclusiveMinimum === "number" && v <= s.exclusiveMinimum) return false;
    if (typeof s.exclusiveMaximum === "number" && v >= s.exclusiveMaximum) return false;
    return true;
  }
  return false;
};

/** An example for a field, by its schema's format first, then its name; undefined when nothing fits. */
export const exampleFor = (name: string, s: Json, schemaId?: string): unknown => {
  if (s.examples !== undefined || s.example !== undefined || s.const !== undefined || s.$ref !== undefined) return undefined;
  if (Array.isArray(s.enum)) return undefined; // Scalar shows an enum's first value
  const candidates: unknown[] = [];
  if (schemaId && `${schemaId}.${name}` in BY_SCHEMA) candidates.push(BY_SCHEMA[`${schemaId}.${name}`]);
  // the description names the unit of an amount
  const said = typeof s.description === "string" ? s.description : "";
  if (/cents/i.test(said)) candidates.push(499);
  if (/micro|USDC/.test(said)) candidates.push(4990000, "4990000");
  if (s.format === "date-time") candidates.push(TIMESTAMP);
  if (s.format === "date") candidates.push(TIMESTAMP.slice(0, 10));
  if (s.format === "email") candidates.push("player@example.com");
  if (s.format === "uri" || s.format === "url") candidates.push("https://coinop.example/webhooks/coinop");
  for (const [re, make] of STRINGS) if (re.test(name)) candidates.push(make(name));
  for (const [re, n] of NUMBERS) if (re.test(name)) candidates.push(n);
  if (typeof s.pattern === "string" && /\[0-9\]\+|\\d\+/.test(s.pattern)) candidates.push("1500");
  if (s.type === "integer" || (Array.isArray(s.type) && s.type.includes("integer")))
    candidates.push(typeof s.minimum === "number" ? Math.max(s.minimum, 1) : 1);
  if (s.type === "number") candidates.push(typeof s.minimum === "number" ? Math.max(s.minimum, 1) : 1);
  return candidates.find((c) => fits(s, c));
};

/**
 * Sets `examples: [value]` on every property (and array item, and anyOf branch) of `node` that has none and for
 * which a value fits. Mutates the schema in place.
 */
export const addExamples = (node: unknown, name = "", schemaId?: string): void => {
  if (Array.isArray(node)) return node.forEach((n) => addExamples(n, name, schemaId));
  if (!node || typeof node !== "object") return;
  const s = node as Json;
  if (s.properties && typeof s.properties === "object")
    for (const [prop, p] of Object.entries(s.properties as Record<string, unknown>)) addExamples(p, prop, schemaId);
  if (s.items) addExamples(s.items, name.replace(/s$/, ""), schemaId);
  for (const key of ["anyOf", "oneOf", "allOf"]) if (Array.isArray(s[key])) addExamples(s[key], name, schemaId);
  if (s.additionalProperties && typeof s.additionalProperties === "object") addExamples(s.additionalProperties, "");
  if (!name || s.type === undefined || s.type === "object" || s.type === "array" || s.type === "boolean") return;
  const v = exampleFor(name, s, schemaId);
  if (v !== undefined) s.examples = [v];
};
