// Shared zod building blocks for request and response schemas. Core: imports nothing from lib/.
import { z } from "zod";

/** Largest amount accepted in one operation: 15 digits, so sums stay far inside PostgreSQL's bigint. */
export const MAX_UNITS = 999_999_999_999_999n;

/** A positive whole number of units, sent as a string ("150"). A JSON integer is accepted too. */
export const PositiveUnits = z
  .union([z.string(), z.number()])
  .transform((v, ctx) => {
    const s = typeof v === "number" ? (Number.isSafeInteger(v) ? String(v) : "x") : v.trim();
    if (!/^[0-9]+$/.test(s) || BigInt(s) <= 0n) {
      ctx.addIssue({ code: "custom", message: 'must be a positive whole number, as a string of digits (for example "100")' });
      return z.NEVER;
    }
    if (BigInt(s) > MAX_UNITS) {
      ctx.addIssue({ code: "custom", message: `must be at most ${MAX_UNITS} (15 digits)` });
      return z.NEVER;
    }
    return BigInt(s);
  })
  .describe("A positive whole number of units, as a string of digits.");

/** A string with at least one non-space character. */
export const NonEmpty = (max = 256) => z.string().trim().min(1, "must not be empty").max(max, `must be at most ${max} characters`);

/** A virtual currency id in a request (from POST /v1/vc/currencies); `.describe()` it again for another wording. */
export const CurrencyId = z.string().trim().min(1, "must not be empty").describe("Currency id (from POST /v1/vc/currencies).");

/** A player's game-level userRef in a request. */
export const UserRef = z.string().trim().min(1, "must not be empty").max(128, "must be at most 128 characters").describe("The player's game-level userRef.");

export const Units = z
  .string()
  .regex(/^-?[0-9]+$/)
  .describe("A whole number of units, as a string.");
export const Timestamp = z.string().describe("ISO 8601 UTC timestamp.");

/** The most items a page-based list returns at once. */
export const MAX_PAGE_LIMIT = 100;

export const PageQuery = (defaultLimit = 20) =>
  z.object({
    page: z.coerce.number("must be a whole number").int("must be a whole number").min(1, "must be at least 1").default(1),
    limit: z.coerce
      .number("must be a whole number")
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(MAX_PAGE_LIMIT, `must be at most ${MAX_PAGE_LIMIT}`)
      .default(defaultLimit),
  });

export const Pagination = z
  .object({
    page: z.number().int(),
    limit: z.number().int(),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
    hasNextPage: z.boolean(),
    hasPrevPage: z.boolean(),
  })
  .meta({ id: "Pagination" });
export type Pagination = z.infer<typeof Pagination>;

export const OffsetPagination = z
  .object({ limit: z.number().int(), offset: z.number().int(), total: z.number().int(), hasMore: z.boolean() })
  .meta({ id: "OffsetPagination" });
