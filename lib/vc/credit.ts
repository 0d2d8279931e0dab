import { inTransaction } from "../db/transaction.ts";
import type { GameContext } from "../core/context.ts";
import { loadVcParty } from "./load-vc-party.ts";
import type { CreditBody, LedgerOperationResult } from "./schemas.ts";
import { transfer } from "../ledger/transfer.ts";
import { vcOperationResult } from "./vc-operation-result.ts";

/** Moves units from the currency's treasury pool (an issuer, may go negative) to a linked player. */
export const credit = (ctx: GameContext, body: CreditBody): Promise<LedgerOperationResult> =>
  inTransaction(ctx.db, async (tx) => {
    const { player, pool, scope } = await loadVcParty({ ...ctx, db: tx }, body);
    const posted = await transfer(tx, {
      ...scope,
      type: "credit",
      reference: body.orderId,
      metadata: { orderId: body.orderId },
      from: pool,
      to: player,
      amount: body.amountUnits,
      description: `Credit for order ${body.orderId}`,
    });
    return vcOperationResult(posted, player);
  });
