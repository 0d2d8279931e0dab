import { inTransaction } from "../db/transaction.ts";
import type { GameContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import { postJournals } from "../ledger/post-journal.ts";
import type { JournalInput } from "../ledger/types.ts";
import { loadVcParties, type VcParty } from "./load-vc-parties.ts";
import type { CreditBody, LedgerOperationResult } from "./schemas.ts";
import { vcOperationResult } from "./vc-operation-result.ts";

/**
 * Credits for one game, written together (group commit, lib/http/run-grouped.ts): per credit its result,
 * or the error it gets (unknown currency or player, a balance out of range), with nothing of that credit
 * written. Each moves units from the currency's treasury pool (an issuer, may go negative) to a linked
 * player, one journal a credit. Credits of several currencies are posted currency by currency, in the
 * order of their ledger assets, so two groups never lock each other's rows in opposite orders.
 */
export const creditMany = (ctx: GameContext, bodies: CreditBody[]): Promise<(LedgerOperationResult | AppError)[]> =>
  inTransaction(ctx.db, async (tx) => {
    const parties = await loadVcParties({ ...ctx, db: tx }, bodies);
    // a refused credit keeps its error; the others get their result below
    const results: (LedgerOperationResult | AppError)[] = parties.map((p) => (p instanceof AppError ? p : (undefined as never)));
    const byAsset = new Map<string, { i: number; party: VcParty }[]>();
    parties.forEach((party, i) => {
      if (!(party instanceof AppError)) byAsset.set(party.scope.asset, [...(byAsset.get(party.scope.asset) ?? []), { i, party }]);
    });
    for (const asset of [...byAsset.keys()].sort()) {
      const group = byAsset.get(asset)!;
      const inputs = group.map(({ i, party: { scope, pool, player } }): JournalInput => {
        const { orderId, amountUnits } = bodies[i];
        const description = `Credit for order ${orderId}`;
        return {
          ...scope,
          type: "credit",
          reference: orderId,
          metadata: { orderId },
          postings: [
            { account: pool, delta: -amountUnits, description },
            { account: player, delta: amountUnits, description },
          ],
        };
      });
      const outcomes = await postJournals(tx, inputs);
      group.forEach(({ i, party }, j) => {
        const out = outcomes[j];
        results[i] = out instanceof AppError ? out : vcOperationResult(out, party.player);
      });
    }
    return results;
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { POST_JOURNAL_ERRORS } from "../ledger/post-journal.ts";
import { LOAD_VC_PARTIES_ERRORS } from "./load-vc-parties.ts";
export const CREDIT_MANY_ERRORS = [...POST_JOURNAL_ERRORS, ...LOAD_VC_PARTIES_ERRORS] as const satisfies readonly ErrorCode[];
