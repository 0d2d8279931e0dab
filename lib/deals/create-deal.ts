import { newId } from "../db/ids.ts";
import { inTransaction, pgCode } from "../db/transaction.ts";
import type { GameContext } from "../core/context.ts";
import { AppError, conflict } from "../core/errors.ts";
import { MAX_PRICE_CENTS } from "../products/schemas.ts";
import { loadProduct } from "../products/load-product.ts";
import type { CreateDealBody } from "./schemas.ts";
import { serializeDeal } from "./serialize-deal.ts";

const taken = (code: string) => conflict("DEAL_CODE_TAKEN", `This item already has a deal with code ${JSON.stringify(code)}.`);
const invalid = (field: string, message: string) => new AppError("VALIDATION_ERROR", `Invalid body: ${field} ${message}.`, { details: [{ field, message }] });

/**
 * A deal on one product of the caller's game, priced in USD (no currencyId) or in exactly one of the
 * product's virtual currencies. The product must have a price in that currency. Codes are unique per item.
 */
export const createDeal = (ctx: GameContext, body: CreateDealBody) =>
  inTransaction(ctx.db, async (tx) => {
    // the product row lock serialises deal creation per item, so the case-insensitive code check holds
    const product = await loadProduct({ ...ctx, db: tx }, { gameId: ctx.principal.gameId, environment: ctx.environment, productId: body.itemId, lock: true });
    const currencyId = body.currencyId ?? null;
    if (currencyId === null) {
      if (product.priceCents === null)
        throw invalid("currencyId", "is required: this item has no USD price, so a deal must name one of its virtual currencies");
      if (body.overridePrice > MAX_PRICE_CENTS) throw invalid("overridePrice", `must be at most ${MAX_PRICE_CENTS} cents`);
    } else if (!product.vcPrices.some((p) => p.currencyId === currencyId)) {
      const priced = product.vcPrices.map((p) => p.currencyId);
      throw invalid(
        "currencyId",
        `must be a currency the item is priced in${priced.length ? ` (${priced.join(", ")})` : " (it has no virtual-currency price)"}`,
      );
    }
    if (await tx.deal.findFirst({ where: { productId: product.id, code: { equals: body.code, mode: "insensitive" } }, select: { id: true } }))
      throw taken(body.code);
    const deal = await tx.deal
      .create({
        data: {
          id: newId(),
          gameId: product.gameId,
          productId: product.id,
          code: body.code,
          currencyId,
          overridePrice: BigInt(body.overridePrice),
          status: body.status,
          metadata: body.metadata ?? undefined,
        },
      })
      .catch((err: unknown) => {
        if (["23505", "P2002"].includes(pgCode(err) ?? "")) throw taken(body.code);
        throw err;
      });
    return serializeDeal(deal);
  });
