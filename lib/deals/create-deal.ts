import { newId } from "../db/ids.ts";
import { inTransaction, pgCode } from "../db/transaction.ts";
import type { GameContext } from "../core/context.ts";
import { loadProduct } from "../products/load-product.ts";
import { checkDealCodeFree, checkDealPrice, dealCodeTaken as taken } from "./deal-rules.ts";
import type { CreateDealBody } from "./schemas.ts";
import { serializeDeal } from "./serialize-deal.ts";

/**
 * A deal on one product of the caller's game, priced in USD (no currencyId) or in exactly one of the
 * product's virtual currencies. The product must have a price in that currency. Codes are unique per item.
 */
export const createDeal = (ctx: GameContext, body: CreateDealBody) =>
  inTransaction(ctx.db, async (tx) => {
    // the product row lock serialises deal creation per item, so the case-insensitive code check holds
    const product = await loadProduct({ ...ctx, db: tx }, { gameId: ctx.scope.gameId, environment: ctx.scope.environment, productId: body.itemId, lock: true });
    const currencyId = body.currencyId ?? null;
    checkDealPrice(product, { currencyId, overridePrice: body.overridePrice });
    await checkDealCodeFree({ db: tx }, { productId: product.id, code: body.code });
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

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { DEAL_RULES_ERRORS } from "./deal-rules.ts";
import { LOAD_PRODUCT_ERRORS } from "../products/load-product.ts";
export const CREATE_DEAL_ERRORS = [...DEAL_RULES_ERRORS, ...LOAD_PRODUCT_ERRORS] as const satisfies readonly ErrorCode[];
