// Request and response schemas of the platform items (platform-api.md "Item (platform)", "Items and
// gameplay events"). A platform item is a product of one of the business's games (lib/products): the
// fields and rules are the product's, in the platform's shape (virtualCurrencyPrices as [currencyId,
// amount] pairs, grantVirtualCurrencyId and grantAmount).
import { z } from "zod";
import { NonEmpty, PositiveUnits, Timestamp } from "../core/schemas.ts";
import { FULFILLMENT_TYPES, MAX_VC_AMOUNT, Metadata, Price, PRODUCT_TYPES } from "../products/schemas.ts";

export const ITEM_STATUSES = ["active", "archived"] as const;

const Id = (what: string) => z.string("must be a string").trim().min(1, "must not be empty").max(64, "must be at most 64 characters").describe(what);

const VcPricePair = z
  .tuple(
    [
      Id("A virtual currency of the item's game."),
      z
        .number({ error: "must be a positive whole number of units, e.g. 100" })
        .int("must be a positive whole number of units, e.g. 100")
        .min(1, "must be at least 1 unit")
        .max(MAX_VC_AMOUNT, `must be at most ${MAX_VC_AMOUNT}`),
    ],
    // no third element (a rest of never: the document then says `items: {not: {}}`, which the linters read)
    z.never(),
    { error: 'must be a [currencyId, amount] pair, e.g. ["<currencyId>", 100]' },
  )
  .describe("[currencyId, amount]: the price in units of that currency.");

const VcPricePairs = z
  .array(VcPricePair, { error: "must be an array of [currencyId, amount] pairs" })
  .max(20, "must list at most 20 currencies")
  .refine((a) => new Set(a.map((p) => p[0])).size === a.length, "must list each currencyId once")
  .describe("Virtual-currency prices as [currencyId, amount] pairs; replaces the whole set when sent.");

const PerUserLimit = z
  .number({ error: "must be a whole number: the most purchases per user, or 0 for no limit" })
  .int("must be a whole number")
  .min(0, "must be at least 0 (0 means no limit)")
  .max(1_000_000, "must be at most 1000000")
  .transform((v) => (v === 0 ? null : v))
  .describe("Most purchases per user; 0 (the default) means no limit.");

/** Every field a platform may set; create takes gameId too and requires name and type. */
const fields = {
  name: NonEmpty(200).describe("Item name, 1–200 characters."),
  type: z.enum(PRODUCT_TYPES, { error: `must be one of ${PRODUCT_TYPES.join(", ")}` }).describe("consumable, purchase or subscription."),
  fulfillmentType: z.enum(FULFILLMENT_TYPES, { error: `must be one of ${FULFILLMENT_TYPES.join(", ")}` }).describe("What happens after payment. Default NONE."),
  description: z.string("must be a string").max(5000, "must be at most 5000 characters").describe("Up to 5000 characters."),
  hasUsdPrice: z.boolean("must be true or false").describe("Whether the item has a USD price (then price is required). Default: whether price is sent."),
  price: Price,
  virtualCurrencyPrices: VcPricePairs,
  grantVirtualCurrencyId: Id("GRANT_VIRTUAL_CURRENCY: the currency credited to the buyer (with grantAmount)."),
  grantAmount: PositiveUnits.describe("GRANT_VIRTUAL_CURRENCY: units credited per purchase (with grantVirtualCurrencyId)."),
  metadata: Metadata,
  forSale: z.boolean("must be true or false").describe("Can be bought. Default true."),
  perUserLimit: PerUserLimit,
};

type PriceFields = { hasUsdPrice?: boolean; price?: number };

/** hasUsdPrice and price agree. */
const checkPrice = (b: PriceFields, ctx: z.core.$RefinementCtx) => {
  if (b.hasUsdPrice === true && b.price === undefined)
    ctx.addIssue({ code: "custom", path: ["price"], message: "is required when hasUsdPrice is true (US cents)" });
  if (b.hasUsdPrice === false && b.price !== undefined)
    ctx.addIssue({ code: "custom", path: ["price"], message: "must be omitted when hasUsdPrice is false (an item without a USD price)" });
};

/**
 * `isVisible` is a field of the item (the spec: "always false for platform items"): a client sending an item back
 * may carry it, so it is accepted (an unknown field is a 400) and ignored.
 */
const IgnoredIsVisible = z
  .boolean("must be true or false")
  .optional()
  .describe("Accepted and ignored: a platform item is never visible (isVisible is always false).");

export const CreateItemBody = z
  .object({
    gameId: Id("A game of the target business, in the key's environment."),
    ...fields,
    fulfillmentType: fields.fulfillmentType.default("NONE"),
    description: fields.description.default(""),
    hasUsdPrice: fields.hasUsdPrice.optional(),
    price: fields.price.optional(),
    virtualCurrencyPrices: fields.virtualCurrencyPrices.optional(),
    grantVirtualCurrencyId: fields.grantVirtualCurrencyId.optional(),
    grantAmount: fields.grantAmount.optional(),
    metadata: fields.metadata.default({}),
    forSale: fields.forSale.default(true),
    perUserLimit: fields.perUserLimit.optional(),
    isVisible: IgnoredIsVisible,
  })
  .superRefine((b, ctx) => {
    checkPrice(b, ctx);
    if ((b.grantVirtualCurrencyId === undefined) !== (b.grantAmount === undefined)) {
      const missing = b.grantAmount === undefined ? "grantAmount" : "grantVirtualCurrencyId";
      ctx.addIssue({ code: "custom", path: [missing], message: "is required with the other grant field (grantVirtualCurrencyId and grantAmount go together)" });
    }
  });
export type CreateItemBody = z.output<typeof CreateItemBody>;

export const UpdateItemBody = z
  .object({
    ...fields,
    gameId: z.never({ error: "cannot be changed: an item stays in its game" }).optional().describe("Not accepted: an item stays in its game."),
  })
  .partial()
  .extend({ isVisible: IgnoredIsVisible })
  .superRefine((b, ctx) => {
    checkPrice(b, ctx);
    if (!Object.entries(b).some(([k, v]) => k !== "isVisible" && v !== undefined))
      ctx.addIssue({ code: "custom", message: "must name at least one field to change" });
  });
export type UpdateItemBody = z.output<typeof UpdateItemBody>;

export const ItemParams = z.object({ itemId: Id("The item's _id.") });

export const ItemListQuery = z.object({
  gameId: Id("Only items of this game (a game of the target business).").optional(),
  status: z
    .enum(ITEM_STATUSES, { error: `must be one of ${ITEM_STATUSES.join(", ")}` })
    .default("active")
    .describe("active (default) or archived (deleted with DELETE)."),
  page: z.coerce.number("must be a whole number").int("must be a whole number").min(1, "must be at least 1").default(1),
  limit: z.coerce.number("must be a whole number").int("must be a whole number").min(1, "must be at least 1").max(100, "must be at most 100").default(50),
});
export type ItemListQuery = z.output<typeof ItemListQuery>;

// ------------------------------------------------------------------ responses

export const Item = z
  .object({
    _id: z.string(),
    gameId: z.string(),
    environment: z.enum(["test", "live"]),
    name: z.string(),
    type: z.string(),
    description: z.string(),
    hasUsdPrice: z.boolean(),
    price: z.number().int().describe("USD cents; 0 when the item has no USD price (hasUsdPrice false)."),
    virtualCurrencyPrices: z.array(z.tuple([z.string(), z.number().int()], z.never())).describe("[currencyId, amount] pairs."),
    fulfillmentType: z.string(),
    grantVirtualCurrencyId: z.string().nullable(),
    grantAmount: z.number().int().nullable().describe("Units credited per purchase (GRANT_VIRTUAL_CURRENCY), else null."),
    metadata: z.record(z.string(), z.unknown()),
    forSale: z.boolean(),
    isVisible: z.literal(false).describe("Always false for platform items."),
    perUserLimit: z.number().int().describe("Most purchases per user; 0 means no limit."),
    status: z.enum(ITEM_STATUSES).describe("archived once deleted."),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .meta({ id: "Item" });
export type Item = z.infer<typeof Item>;

export const ItemList = z.object({
  items: z.array(Item),
  pagination: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), totalPages: z.number().int() }),
});
