import { inTransaction } from "../db/transaction.ts";
import type { GameContext } from "../core/context.ts";
import { loadVcParty } from "./load-vc-party.ts";
import type { DebitBody, LedgerOperationResult } from "./schemas.ts";
import { transfer } from "../ledger/transfer.ts";
import { vcOperationResult } from "./vc-operation-result.ts";

/**
 * Moves units from a linked player back to the treasury pool; the player's balance never goes below 0
 * (422). Only a link the player approved may be debited (403 LINK_NOT_APPROVED, nothing changes).
 */
export const debit = (ctx: GameContext, body: DebitBody): Promise<LedgerOperationResult> =>
  inTransaction(ctx.db, async (tx) => {
    const { player, pool, scope } = await loadVcParty({ ...ctx, db: tx }, { ...body, consent: "vc:spend" });
    const posted = await transfer(tx, {
      ...scope,
      type: "debit",
      reference: null,
      metadata: { reason: body.reason },
      from: player,
      to: pool,
      amount: body.amountUnits,
      description: body.reason,
    });
    return vcOperationResult(posted, player);
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { TRANSFER_ERRORS } from "../ledger/transfer.ts";
import { LOAD_VC_PARTY_ERRORS } from "./load-vc-party.ts";
export const DEBIT_ERRORS = [...TRANSFER_ERRORS, ...LOAD_VC_PARTY_ERRORS] as const satisfies readonly ErrorCode[];
