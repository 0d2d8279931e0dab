import { z } from "zod";
import { Timestamp } from "../core/schemas.ts";

/** Deal codes: 1–64 visible characters, no spaces; kept as written, matched case-insensitively. */
export const DealCode = z
  .string({ error: "must be a string" })
  .trim()
  .regex(/^[\x21-\x7e]{1,64}$/, "must be 1–64 visible ASCII characters without spaces, e.g. LAUNCH40 (matched case-insensitively)")
  .describe("Deal code, unique per item; kept as written, matched case-insensitively.");

const MetadataValue = z.union([z.string().max(500, "values must be at most 500 characters"), z.number(), z.boolean(), z.null()]);

export const DealMetadata = z
  .record(z.string().max(40, "keys must be at most 40 characters"), MetadataValue, { error: "must be a flat object of strings, numbers, booleans or null" })
  .refine((m) => Object.keys(m).length <= 50, "must have at most 50 keys")
  .describe("Optional flat key-value pairs (at most 50 keys; values are strings up to 500 characters, numbers, booleans or null).");

export const CreateDealBody = z.object({
  itemId: z.string().trim().min(1, "must not be empty").max(64).describe("The product the deal applies to (one product of this game)."),
  code: DealCode,
  currencyId: z.string().trim().min(1, "must not be empty").max(64).optional().describe("A virtual currency of this game; omit for a USD deal."),
  overridePrice: z
    .number({ error: "must be a whole number: cents for USD, units for a virtual currency" })
    .int("must be a whole number: cents for USD, units for a virtual currency")
    .min(0, "must be 0 or more")
    .max(Number.MAX_SAFE_INTEGER, "is too large")
    .describe("The deal price: cents for USD, units for a virtual currency."),
  status: z.enum(["active", "inactive"], { error: "must be 'active' or 'inactive'" }).default("active"),
  metadata: DealMetadata.optional(),
});
export type CreateDealBody = z.output<typeof CreateDealBody>;

export const Deal = z
  .object({
    _id: z.string(),
    code: z.string(),
    itemId: z.string(),
    gameId: z.string(),
    currencyType: z.enum(["USD", "VC"]).describe("USD: overridePrice is in cents; VC: in units of currencyId."),
    currencyId: z.string().nullable().describe("null for a USD deal."),
    overridePrice: z.number().int(),
    status: z.enum(["active", "inactive"]),
    metadata: z.record(z.string(), z.unknown()).nullable(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .meta({ id: "Deal" });
export type Deal = z.infer<typeof Deal>;

/** A change to a deal (the developer portal): any subset of its fields; the item stays. currencyId null: USD. */
export const UpdateDealBody = z
  .object({
    code: DealCode.optional(),
    currencyId: CreateDealBody.shape.currencyId.unwrap().nullable().optional().describe("A virtual currency of the item; null for a USD deal."),
    overridePrice: CreateDealBody.shape.overridePrice.optional(),
    status: z.enum(["active", "inactive"], { error: "must be 'active' or 'inactive'" }).optional(),
    metadata: DealMetadata.nullable().optional().describe("Replaces the metadata; null removes it."),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), "must name at least one field to change");
export type UpdateDealBody = z.output<typeof UpdateDealBody>;
