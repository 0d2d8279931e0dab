// The catalogue's forms as the /v1 bodies they stand for. Every field arrives as text; these turn it into
// the JSON a game server would send (a number where the API wants one, a list for keys and prices), and
// leave anything unreadable as it is, so the route's own zod schema refuses it with the API's message.

/** The product form: the fields of POST /v1/product, plus one price field per currency of the game. */
export type ProductForm = {
  name: string;
  type: string;
  fulfillmentType: string;
  description: string;
  baseGameRequirementText: string;
  /** US cents */
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
    price: f.price.trim() === "" ? undefined : numberOf(f.price),
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
    price: f.price.trim() === "" ? null : numberOf(f.price),
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
