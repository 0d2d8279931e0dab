import { Prisma } from "../db/generated/client.ts";
import { inTransaction, pgCode } from "../db/transaction.ts";
import type { GameContext } from "../core/context.ts";
import { notFound } from "../core/errors.ts";
import { loadProduct } from "../products/load-product.ts";
import { checkDealCodeFree, checkDealPrice, dealCodeTaken } from "./deal-rules.ts";
import type { UpdateDealBody } from "./schemas.ts";
import { serializeDeal } from "./serialize-deal.ts";

/**
 * Changes the fields sent of a deal of the caller's game (code, currency, price, status, metadata) under the
 * same rules as creation: the code stays unique per item in any case, and a new price or currency (or an
 * activation) must fit the item's current prices. Deactivating always works. The item does not change.
 * Purchases already created keep the price they were given.
 */
export const updateDeal = (ctx: GameContext, { dealId, body }: { dealId: string; body: UpdateDealBody }) =>
  inTransaction(ctx.db, async (tx) => {
    const found = await tx.deal.findFirst({ where: { id: dealId, gameId: ctx.scope.gameId }, select: { productId: true } });
    if (!found) throw notFound(`Deal ${JSON.stringify(dealId)}`);
    // the item's row lock serialises every deal write of the item (create takes it too)
    const product = await loadProduct(
      { ...ctx, db: tx },
      { gameId: ctx.scope.gameId, environment: ctx.scope.environment, productId: found.productId, lock: true },
    );
    const deal = await tx.deal.findUniqueOrThrow({ where: { id: dealId } });
    const currencyId = body.currencyId === undefined ? deal.currencyId : body.currencyId;
    const overridePrice = body.overridePrice ?? Number(deal.overridePrice);
    if (body.currencyId !== undefined || body.overridePrice !== undefined || body.status === "active") checkDealPrice(product, { currencyId, overridePrice });
    if (body.code !== undefined) await checkDealCodeFree({ db: tx }, { productId: product.id, code: body.code, exceptDealId: dealId });
    const data: Prisma.DealUpdateInput = {
      code: body.code,
      currencyId: body.currencyId,
      overridePrice: body.overridePrice === undefined ? undefined : BigInt(body.overridePrice),
      status: body.status,
      metadata: body.metadata === undefined ? undefined : body.metadata === null ? Prisma.DbNull : body.metadata,
    };
    const updated = await tx.deal.update({ where: { id: dealId }, data }).catch((err: unknown) => {
      if (["23505", "P2002"].includes(pgCode(err) ?? "")) throw dealCodeTaken(body.code ?? deal.code);
      throw err;
    });
    return serializeDeal(updated);
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { DEAL_RULES_ERRORS } from "./deal-rules.ts";
import { LOAD_PRODUCT_ERRORS } from "../products/load-product.ts";
export const UPDATE_DEAL_ERRORS = ["NOT_FOUND", ...DEAL_RULES_ERRORS, ...LOAD_PRODUCT_ERRORS] as const satisfies readonly ErrorCode[];
