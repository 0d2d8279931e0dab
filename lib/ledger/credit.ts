import { inTransaction } from "../db/transaction.ts";
import type { GameContext } from "../http/context.ts";
import { findCurrency } from "../currencies/find-currency.ts";
import { resolveUserRef } from "../linking/resolve-user-ref.ts";
import { vcPool, vcScope, vcUser } from "./accounts.ts";
import type { CreditBody, LedgerOperationResult } from "./schemas.ts";
import { transfer } from "./transfer.ts";
import { vcOperationResult } from "./vc-operation-result.ts";

/** Moves units from the currency's treasury pool (an issuer, may go negative) to a linked player. */
export const credit = (ctx: GameContext, body: CreditBody): Promise<LedgerOperationResult> =>
  inTransaction(ctx.db, async (tx) => {
    const currency = await findCurrency(tx, ctx, body.currencyId);
    await resolveUserRef(tx, { type: "game", id: ctx.principal.gameId }, ctx.environment, body.userRef);
    const player = vcUser(body.userRef, ctx.environment);
    const posted = await transfer(tx, {
      ...vcScope({ gameId: ctx.principal.gameId, environment: ctx.environment, currencyId: currency.id }),
      type: "credit",
      reference: body.orderId,
      metadata: { orderId: body.orderId },
      from: vcPool(currency.id, ctx.environment),
      to: player,
      amount: body.amountUnits,
      description: `Credit for order ${body.orderId}`,
    });
    return vcOperationResult(posted, player);
  });
