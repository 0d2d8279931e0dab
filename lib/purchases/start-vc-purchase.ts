import { findCurrency } from "../currencies/find-currency.ts";
import { inTransaction } from "../db/transaction.ts";
import type { GameContext } from "../http/context.ts";
import { createPurchase } from "./create-purchase.ts";
import type { VcPurchaseBody } from "./schemas.ts";

/**
 * POST /v1/vc/purchases: a pending purchase of an item in one of the game's virtual currencies, its
 * price (deal applied) fixed now. Nothing is debited until the complete call.
 */
export const startVcPurchase = (ctx: GameContext, body: VcPurchaseBody) =>
  inTransaction(ctx.db, async (tx) => {
    await findCurrency(tx, ctx, body.currencyId);
    const purchase = await createPurchase(tx, {
      gameId: ctx.principal.gameId,
      environment: ctx.environment,
      productId: body.itemId,
      userRef: body.userId,
      method: "vc",
      currencyId: body.currencyId,
      dealCode: body.dealCode,
      affiliateCode: body.affiliateCode,
      metadata: body.metadata,
    });
    return { data: { purchaseId: purchase.id, currencyId: purchase.currencyId!, amountUnits: purchase.amount.toString() } };
  });
