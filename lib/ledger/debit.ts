import { inTransaction } from "../db/transaction.ts";
import type { GameContext } from "../http/context.ts";
import { findCurrency } from "../currencies/find-currency.ts";
import { resolveUserRef } from "../linking/resolve-user-ref.ts";
import { vcPool, vcScope, vcUser } from "./accounts.ts";
import type { DebitBody, LedgerOperationResult } from "./schemas.ts";
import { transfer } from "./transfer.ts";
import { vcOperationResult } from "./vc-operation-result.ts";

/** Moves units from a linked player back to the treasury pool; the player's balance never goes below 0 (422). */
export const debit = (ctx: GameContext, body: DebitBody): Promise<LedgerOperationResult> =>
  inTransaction(ctx.db, async (tx) => {
    const currency = await findCurrency(tx, ctx, body.currencyId);
    await resolveUserRef(tx, { type: "game", id: ctx.principal.gameId }, ctx.environment, body.userRef);
    const player = vcUser(body.userRef, ctx.environment);
    const posted = await transfer(tx, {
      ...vcScope({ gameId: ctx.principal.gameId, environment: ctx.environment, currencyId: currency.id }),
      type: "debit",
      reference: null,
      metadata: { reason: body.reason },
      from: player,
      to: vcPool(currency.id, ctx.environment),
      amount: body.amountUnits,
      description: body.reason,
    });
    return vcOperationResult(posted, player);
  });
