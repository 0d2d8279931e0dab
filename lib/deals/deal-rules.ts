// The deal rules of game-api.md ("Deal"), shared by create and update: the price is in USD (the item needs a
// USD price) or in exactly one virtual currency the item is priced in; the code is unique per item,
// whatever its case.
import type { TxContext } from "../db/transaction.ts";
import { AppError, conflict } from "../core/errors.ts";
import { MAX_PRICE_CENTS } from "../products/schemas.ts";

export const dealCodeTaken = (code: string) => conflict("DEAL_CODE_TAKEN", `This item already has a deal with code ${JSON.stringify(code)}.`);
const invalid = (field: string, message: string) => new AppError("VALIDATION_ERROR", `Invalid body: ${field} ${message}.`, { details: [{ field, message }] });

/** The deal's currency (null: USD) and price fit the item's prices, else 400 VALIDATION_ERROR naming the field. */
export const checkDealPrice = (
  product: { priceCents: number | null; vcPrices: { currencyId: string }[] },
  { currencyId, overridePrice }: { currencyId: string | null; overridePrice: number },
) => {
  if (currencyId === null) {
    if (product.priceCents === null) throw invalid("currencyId", "is required: this item has no USD price, so a deal must name one of its virtual currencies");
    if (overridePrice > MAX_PRICE_CENTS) throw invalid("overridePrice", `must be at most ${MAX_PRICE_CENTS} cents`);
  } else if (!product.vcPrices.some((p) => p.currencyId === currencyId)) {
    const priced = product.vcPrices.map((p) => p.currencyId);
    throw invalid("currencyId", `must be a currency the item is priced in${priced.length ? ` (${priced.join(", ")})` : " (it has no virtual-currency price)"}`);
  }
};

/** 409 DEAL_CODE_TAKEN when another deal of the item (not `exceptDealId`) has the code in any case. Hold the item's row lock. */
export const checkDealCodeFree = async (ctx: TxContext, { productId, code, exceptDealId }: { productId: string; code: string; exceptDealId?: string }) => {
  const clash = await ctx.db.deal.findFirst({
    where: { productId, code: { equals: code, mode: "insensitive" }, ...(exceptDealId ? { id: { not: exceptDealId } } : {}) },
    select: { id: true },
  });
  if (clash) throw dealCodeTaken(code);
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const DEAL_RULES_ERRORS = ["DEAL_CODE_TAKEN", "VALIDATION_ERROR"] as const satisfies readonly ErrorCode[];
