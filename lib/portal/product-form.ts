// The catalogue's forms as the /v1 bodies they stand for. Every field arrives as text; these turn it into
// the JSON a game server would send (a number where the API wants one, a list for keys and prices), and
// leave anything unreadable as it is, so the route's own zod schema refuses it with the API's message.

import { AppError } from "../core/errors.ts";

/** The product form: the fields of POST /v1/product, plus one price field per currency of the game. */
export type ProductForm = {
  name: string;
  type: string;
  fulfillmentType: string;
  description: string;
  baseGameRequirementText: string;
  /** US dollars, as typed: "4.99", "4", "0" (at most 2 decimals); empty: no USD price */
  price: string;
  perUserLimit: string;
  imageUrl: string;
  /** a JSON object, or empty */
  metadata: string;
  /** checkboxes: "on" when ticked */
  isVisible: string;
  isPriceVisible: string;
  forSale: string;
  grantCurrencyId: string;
  grantAmountUnits: string;
  /** one key a line, added to the pool */
  keys: string;
  /** currencyId → units (empty: not priced in that currency) */
  vcPrices: Record<string, string>;
};

/** A number when the text is a plain decimal ("499", "-1", "4.99"), else the text (the schema then names the field). */
export const numberOf = (v: string): number | string => {
  const t = v.trim();
  return /^-?\d{1,20}(\.\d{1,20})?$/.test(t) ? Number(t) : t;
};

/** The JSON object in the text (empty: `empty`), or the text when it is not JSON. */
export const jsonOf = (v: string, empty: unknown): unknown => {
  if (v.trim() === "") return empty;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
};

/**
 * An amount typed in a currency's units ("4.99") as the integer of its minor units for `decimals` (2 for USD:
 * 499 cents; 0 for a virtual currency: whole units, "40" is 40): null when it is not a plain non-negative number
 * with at most `decimals` decimals. Computed on the text, so "0.29" is 29, never 28.999….
 */
export const minorUnitsOf = (v: string, decimals: number): number | null => {
  const t = v.trim().replace(/,/g, "");
  const m = /^(\d{1,12})(?:\.(\d*))?$/.exec(t);
  if (!m) return null;
  const fraction = m[2] ?? "";
  if (fraction.length > decimals) return null;
  return Number(m[1]) * 10 ** decimals + Number(fraction.padEnd(decimals, "0") || "0");
};

/** The USD price field as cents; the text itself when it does not read (the schema then refuses the field). */
const centsOf = (v: string): number | string => minorUnitsOf(v, 2) ?? v.trim();

const ticked = (v: string) => v === "on" || v === "true";

const keysOf = (v: string) =>
  v
    .split(/\r?\n/)
    .map((k) => k.trim())
    .filter(Boolean);

const vcPricesOf = (prices: Record<string, string>) =>
  Object.entries(prices)
    .filter(([, amount]) => amount.trim() !== "")
    .map(([currencyId, amount]) => ({ currencyId, amount: numberOf(amount) }));

/** POST /v1/product's body: empty fields are left out (the API's defaults apply). */
export const createBodyOf = (f: ProductForm) => {
  const prices = vcPricesOf(f.vcPrices);
  const keys = keysOf(f.keys);
  return {
    name: f.name,
    type: f.type,
    fulfillmentType: f.fulfillmentType || undefined,
    description: f.description,
    baseGameRequirementText: f.baseGameRequirementText,
    price: f.price.trim() === "" ? undefined : centsOf(f.price),
    virtualCurrencyPrices: prices.length ? prices : undefined,
    perUserLimit: f.perUserLimit.trim() === "" ? undefined : numberOf(f.perUserLimit),
    imageUrl: f.imageUrl.trim(),
    metadata: jsonOf(f.metadata, {}),
    isVisible: ticked(f.isVisible),
    isPriceVisible: ticked(f.isPriceVisible),
    forSale: ticked(f.forSale),
    virtualCurrencyGrant:
      f.fulfillmentType === "GRANT_VIRTUAL_CURRENCY" ? { currencyId: f.grantCurrencyId, amountUnits: f.grantAmountUnits.trim() } : undefined,
    keys: keys.length ? keys : undefined,
  };
};

/**
 * PATCH /v1/product/{productId}'s body for the whole edit form: an empty price removes the USD price, the
 * currency fields replace the VC prices, an empty limit is no limit, keys (when any) are added to the pool.
 */
export const updateBodyOf = (f: ProductForm) => {
  const created = createBodyOf(f);
  return {
    ...created,
    fulfillmentType: f.fulfillmentType,
    price: f.price.trim() === "" ? null : centsOf(f.price),
    virtualCurrencyPrices: vcPricesOf(f.vcPrices),
    perUserLimit: f.perUserLimit.trim() === "" ? null : numberOf(f.perUserLimit),
  };
};

/** The prefix of a form's per-currency price fields: `vc:<currencyId>`. */
export const VC_FIELD = "vc:";

/** A submitted form's per-currency price fields (at most 20, each capped) as currencyId → text. */
export const vcFieldsOf = (form: FormData): Record<string, string> =>
  Object.fromEntries(
    [...form.entries()]
      .filter((e): e is [string, string] => e[0].startsWith(VC_FIELD) && typeof e[1] === "string")
      .slice(0, 20)
      .map(([k, v]) => [k.slice(VC_FIELD.length, VC_FIELD.length + 80), v.slice(0, 30)]),
  );

/** A price in cents as the form shows it: "4.99", "0.00"; null (no USD price) as "". */
export const priceFieldOf = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));

/** The /v1 body's field names as the form's (the same name unless listed). */
const FORM_FIELD: Record<string, string> = {
  "virtualCurrencyGrant.currencyId": "grantCurrencyId",
  "virtualCurrencyGrant.amountUnits": "grantAmountUnits",
  virtualCurrencyGrant: "grantAmountUnits",
};

/**
 * A refused product form in the form's words: each detail renamed to the form's field (a VC price to its
 * `vc:<currencyId>` field, a key to the keys box), the price's messages in dollars (the API speaks cents), and
 * one summary line; the form shows each message under its field. Anything else than a VALIDATION_ERROR is
 * returned as it is.
 */
export const productFormRefusal = (err: unknown, f: ProductForm): unknown => {
  if (!(err instanceof AppError) || err.code !== "VALIDATION_ERROR" || !err.details?.length) return err;
  const priced = Object.entries(f.vcPrices).filter(([, amount]) => amount.trim() !== "");
  const details = err.details.map((d) => {
    const field = d.field ?? "";
    const vc = /^virtualCurrencyPrices\.(\d+)\.amount$/.exec(field);
    if (vc) return { field: `${VC_FIELD}${priced[Number(vc[1])]?.[0] ?? ""}`, message: "Enter a whole number of units above 0, like 40." };
    if (field === "price")
      return {
        field,
        message: /required/.test(d.message)
          ? "Give a USD price, a virtual-currency price, or both."
          : "Enter a USD price from 0 to 1,000,000, like 4.99 (at most 2 decimals).",
      };
    if (field === "keys" || field.startsWith("keys.")) return { field: "keys", message: d.message };
    return { field: FORM_FIELD[field] ?? field, message: d.message };
  });
  const fields = [...new Set(details.map((d) => d.field))];
  return new AppError("VALIDATION_ERROR", `Check ${fields.length === 1 ? "the field" : `the ${fields.length} fields`} marked below.`, { details });
};
