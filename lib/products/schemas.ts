// Request and response schemas of the product endpoints (/v1/product, /v1/products, UGC).
import { z } from "zod";
import { NonEmpty, PageQuery, Pagination, PositiveUnits, Timestamp } from "../core/schemas.ts";

export const PRODUCT_TYPES = ["purchase", "subscription", "consumable"] as const;
export const FULFILLMENT_TYPES = ["NONE", "WEBHOOK", "GRANT_VIRTUAL_CURRENCY", "KEY_DELIVERY"] as const;
export const PRODUCT_STATUSES = ["active", "draft", "submitted", "declined"] as const;

/** Largest USD price: $1,000,000 in cents (the column is a 32-bit integer). */
export const MAX_PRICE_CENTS = 100_000_000;
/** Largest VC price; a JSON number, so it stays a safe integer. */
export const MAX_VC_AMOUNT = Number.MAX_SAFE_INTEGER;
const MAX_METADATA_BYTES = 10_000;

const Id = (what: string) => z.string().trim().min(1, "must not be empty").max(64, "must be at most 64 characters").describe(what);

export const Price = z
  .number({ error: "must be a whole number of US cents, e.g. 499 for $4.99" })
  .int("must be a whole number of US cents, e.g. 499 for $4.99")
  .min(0, "must be 0 or more (US cents)")
  .max(MAX_PRICE_CENTS, `must be at most ${MAX_PRICE_CENTS} cents ($1,000,000)`)
  .describe("USD price in cents (integer ≥ 0).");

export const VcPriceInput = z.object({
  currencyId: Id("A virtual currency of this game (from POST /v1/vc/currencies)."),
  amount: z
    .number({ error: "must be a positive whole number of units, e.g. 100" })
    .int("must be a positive whole number of units, e.g. 100")
    .min(1, "must be at least 1 unit")
    .max(MAX_VC_AMOUNT, `must be at most ${MAX_VC_AMOUNT}`)
    .describe("Price in units of that currency (integer > 0)."),
});

export const VcPrices = z
  .array(VcPriceInput)
  .max(20, "must list at most 20 currencies")
  .refine((a) => new Set(a.map((p) => p.currencyId)).size === a.length, "must list each currencyId once")
  .describe("Virtual-currency prices; replaces the whole set when sent.");

export const Metadata = z
  .record(z.string(), z.unknown(), { error: "must be a JSON object" })
  .refine((m) => JSON.stringify(m).length <= MAX_METADATA_BYTES, `must be at most ${MAX_METADATA_BYTES / 1000} KB as JSON`)
  .describe("Free-form JSON object (max 10 KB), returned as sent.");

export const ImageUrl = z
  .union([
    z.literal(""),
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL, or "" to remove the image' }).max(2048, "must be at most 2048 characters"),
  ])
  .describe('Image URL (http or https), or "" for none. UGC images are uploaded with POST /v1/products/{userRef}/{productId}/image.');

export const VcGrant = z
  .object({
    currencyId: Id("The currency credited to the buyer."),
    amountUnits: PositiveUnits.describe("Units credited per purchase: a positive whole number as a string."),
  })
  .describe("GRANT_VIRTUAL_CURRENCY only (required then): what each paid purchase credits to the buyer.");

export const Keys = z
  .array(z.string().trim().min(1, "must not be empty").max(500, "must be at most 500 characters"))
  .min(1, "must list at least one key")
  .max(1000, "must list at most 1000 keys per call")
  .describe("KEY_DELIVERY only: keys appended to the pool; each purchase takes one, oldest first.");

/** Every writable field; create requires name and type, update takes any non-empty subset. */
const fields = {
  name: NonEmpty(200).describe("Product name, 1–200 characters."),
  type: z.enum(PRODUCT_TYPES, { error: `must be one of ${PRODUCT_TYPES.join(", ")}` }).describe("purchase, subscription or consumable."),
  fulfillmentType: z.enum(FULFILLMENT_TYPES, { error: `must be one of ${FULFILLMENT_TYPES.join(", ")}` }).describe("What happens after payment. Default NONE."),
  description: z.string().max(5000, "must be at most 5000 characters").describe("Up to 5000 characters."),
  baseGameRequirementText: z.string().max(1000, "must be at most 1000 characters").describe("Up to 1000 characters."),
  price: Price,
  virtualCurrencyPrices: VcPrices,
  perUserLimit: z
    .number({ error: "must be a whole number: the most purchases per user, or 0 (or null) for no limit" })
    .int("must be a whole number")
    .min(0, "must be at least 0 (0 means no limit)")
    .max(1_000_000, "must be at most 1000000")
    .nullable()
    .transform((v) => (v === 0 ? null : v))
    .describe("Most purchases per user; 0, null or omitted: no limit."),
  metadata: Metadata,
  imageUrl: ImageUrl,
  isVisible: z.boolean().describe("Shown to players. Default true (false for UGC until approved)."),
  isPriceVisible: z.boolean().describe("The price is shown to players. Default true."),
  forSale: z.boolean().describe("Can be bought. Default true (false for UGC until approved)."),
  virtualCurrencyGrant: VcGrant,
  keys: Keys,
};

export const CreateProductBody = z.object({
  ...fields,
  fulfillmentType: fields.fulfillmentType.default("NONE"),
  description: fields.description.default(""),
  baseGameRequirementText: fields.baseGameRequirementText.default(""),
  price: fields.price.optional(),
  virtualCurrencyPrices: fields.virtualCurrencyPrices.optional(),
  perUserLimit: fields.perUserLimit.optional(),
  metadata: fields.metadata.default({}),
  imageUrl: fields.imageUrl.default(""),
  isVisible: fields.isVisible.optional(),
  isPriceVisible: fields.isPriceVisible.default(true),
  forSale: fields.forSale.optional(),
  virtualCurrencyGrant: fields.virtualCurrencyGrant.optional(),
  keys: fields.keys.optional(),
});
export type CreateProductBody = z.output<typeof CreateProductBody>;

/**
 * UGC drafts: "same fields as create" (the spec), so `isVisible` and `forSale` are accepted (an unknown field is a
 * 400) but ignored: a draft is invisible and not for sale until the review decides (`review` sets both).
 */
export const CreateUgcProductBody = CreateProductBody.extend({
  isVisible: z.boolean().optional().describe("Accepted as on create and ignored: a UGC draft is invisible until approved (review sets it)."),
  forSale: z.boolean().optional().describe("Accepted as on create and ignored: a UGC draft is not for sale until approved (review sets it)."),
});
export type CreateUgcProductBody = z.output<typeof CreateUgcProductBody>;

export const UpdateProductBody = z
  .object({
    name: fields.name,
    type: fields.type,
    fulfillmentType: fields.fulfillmentType,
    description: fields.description,
    baseGameRequirementText: fields.baseGameRequirementText,
    price: fields.price.nullable().describe("USD price in cents; null removes the USD price (a VC price must remain)."),
    virtualCurrencyPrices: fields.virtualCurrencyPrices,
    perUserLimit: fields.perUserLimit,
    metadata: fields.metadata,
    imageUrl: fields.imageUrl,
    isVisible: fields.isVisible,
    isPriceVisible: fields.isPriceVisible,
    forSale: fields.forSale,
    virtualCurrencyGrant: fields.virtualCurrencyGrant,
    keys: fields.keys,
  })
  .partial()
  .refine((b) => Object.values(b).some((v) => v !== undefined), "must name at least one field to change");
export type UpdateProductBody = z.output<typeof UpdateProductBody>;

export const SetForSaleBody = z.object({
  productId: Id("The product to change."),
  forSale: z.boolean({ error: "must be true or false" }).describe("Whether the product can be bought."),
});

export const ProductIdParams = z.object({ productId: Id("Product id.") });
export const UserRefParams = z.object({ userRef: Id("The creator's game-level userRef.") });
export const UgcProductParams = z.object({ userRef: Id("The creator's game-level userRef."), productId: Id("Product id.") });

export const ReviewBody = z
  .object({
    decision: z.enum(["approve", "decline"], { error: "must be 'approve' or 'decline'" }),
    isVisible: fields.isVisible.optional().describe("On approval; default true."),
    forSale: fields.forSale.optional().describe("On approval; default true."),
    price: fields.price.nullable().optional().describe("On approval: replaces the USD price (null removes it)."),
    virtualCurrencyPrices: fields.virtualCurrencyPrices.optional().describe("On approval: replaces the VC prices."),
    reason: z.string().trim().max(1000, "must be at most 1000 characters").optional().describe("Note to the creator; kept as reviewNote."),
  })
  .superRefine((b, ctx) => {
    if (b.decision !== "decline") return;
    for (const k of ["isVisible", "forSale", "price", "virtualCurrencyPrices"] as const)
      if (b[k] !== undefined) ctx.addIssue({ code: "custom", path: [k], message: "applies only to decision 'approve'" });
  });
export type ReviewBody = z.output<typeof ReviewBody>;

const csv = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: `must be one of ${values.join(", ")}` }).optional();

export const ProductListQuery = PageQuery(20).extend({
  status: csv(PRODUCT_STATUSES).describe("Only products in this status."),
  type: csv(PRODUCT_TYPES).describe("Only products of this type."),
  q: z.string().trim().max(100, "must be at most 100 characters").optional().describe("Case-insensitive keyword matched in name and description."),
  creatorType: csv(["game", "ugc"] as const).describe("game or ugc."),
  creatorUserRef: z.string().trim().min(1).max(64).optional().describe("Only UGC products of this creator (a game-level userRef)."),
});
export type ProductListQuery = z.output<typeof ProductListQuery>;

export const CreatorProductListQuery = PageQuery(20).extend({ status: csv(PRODUCT_STATUSES).describe("Only products in this status.") });

// ------------------------------------------------------------------ responses

export const Product = z
  .object({
    _id: z.string(),
    gameId: z.string(),
    environment: z.enum(["test", "live"]),
    type: z.string(),
    name: z.string(),
    description: z.string(),
    baseGameRequirementText: z.string(),
    price: z.number().int().describe("USD cents; 0 when the product has no USD price (see hasUsdPrice)."),
    hasUsdPrice: z.boolean(),
    virtualCurrencyPrices: z.array(z.object({ currencyId: z.string(), amount: z.number().int(), currency: z.object({ code: z.string(), name: z.string() }) })),
    virtualCurrencyDetails: z.array(z.object({ _id: z.string(), code: z.string(), name: z.string() })).describe("The currencies of virtualCurrencyPrices."),
    fulfillmentType: z.string(),
    virtualCurrencyGrant: z
      .object({ currencyId: z.string(), amountUnits: z.string() })
      .nullable()
      .describe("GRANT_VIRTUAL_CURRENCY: units credited per purchase."),
    keysAvailable: z.number().int().nullable().describe("KEY_DELIVERY: keys not yet handed out; null for other fulfillment types."),
    isVisible: z.boolean(),
    isPriceVisible: z.boolean(),
    forSale: z.boolean(),
    perUserLimit: z.number().int().describe("Most purchases per user; 0 means no limit."),
    status: z.string(),
    creatorType: z.enum(["game", "ugc"]),
    creatorUserRef: z.string().nullable().describe("UGC: the creator's userRef."),
    reviewNote: z.string().nullable().describe("UGC: the reviewer's reason, when given."),
    submittedAt: Timestamp.nullable(),
    reviewedAt: Timestamp.nullable(),
    imageUrl: z.string(),
    metadata: z.record(z.string(), z.unknown()),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .meta({ id: "Product" });
export type Product = z.infer<typeof Product>;

export const ProductList = z.object({ products: z.array(Product), pagination: Pagination });
export const ImageUploadResult = z.object({ imageUrl: z.string() });
