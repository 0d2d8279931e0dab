import { z } from "zod";
import { PageQuery, Pagination, Timestamp } from "../core/schemas.ts";

/** Most base units one VC unit may be worth (1,000,000 USDC), so conversions stay inside a bigint. */
export const MAX_BASE_UNITS_PER_VC_UNIT = 1_000_000_000_000n;
export const DEFAULT_BASE_UNITS_PER_VC_UNIT = "10000";

export const CurrencyCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z][A-Z0-9_]{1,15}$/, "must be 2 to 16 characters: letters, digits or _, starting with a letter (it is upper-cased)")
  .describe("Currency code, unique per game: 2–16 of A–Z, 0–9, _, starting with a letter. Lower case is upper-cased.");

/** The cashout rate: a positive whole number of base units (USDC micro-units) per VC unit, as a string. */
export const BaseUnitsPerVcUnit = z
  .union([z.string(), z.number()])
  .transform((v, ctx) => {
    const s = typeof v === "number" ? (Number.isSafeInteger(v) ? String(v) : "x") : v.trim();
    if (!/^[0-9]{1,13}$/.test(s) || BigInt(s) <= 0n || BigInt(s) > MAX_BASE_UNITS_PER_VC_UNIT) {
      ctx.addIssue({ code: "custom", message: `must be a positive whole number up to ${MAX_BASE_UNITS_PER_VC_UNIT}, as a string of digits` });
      return z.NEVER;
    }
    return BigInt(s).toString();
  })
  .describe('Cashout rate: USDC micro-units (6 decimals) paid per VC unit, a whole number as a string. Default "10000" (0.01 USDC).');

export const CreateCurrencyBody = z.object({
  code: CurrencyCode,
  name: z.string().trim().min(1, "must not be empty").max(64, "must be at most 64 characters").describe("Display name, 1–64 characters."),
  baseUnitsPerVcUnit: BaseUnitsPerVcUnit.optional(),
});
export type CreateCurrencyBody = z.output<typeof CreateCurrencyBody>;

export const Currency = z
  .object({
    _id: z.string().describe("Currency id."),
    code: z.string(),
    name: z.string(),
    status: z.literal("active"),
    baseUnitsPerVcUnit: z.string().describe("Cashout rate (extension): USDC micro-units per VC unit."),
    createdAt: Timestamp,
  })
  .meta({ id: "Currency" });
export type Currency = z.infer<typeof Currency>;

export const CreateCurrencyResult = z.object({ currency: Currency });

export const CurrencyListQuery = PageQuery(20);
export const CurrencyList = z.object({ items: z.array(Currency), pagination: Pagination });
