import { AppError } from "../core/errors.ts";
import type { SqlClient } from "../db/transaction.ts";
import { postJournals } from "../ledger/post-journal.ts";
import type { JournalInput } from "../ledger/types.ts";
import type { VcParty } from "./load-vc-parties.ts";
import type { CreditBody, LedgerOperationResult } from "./schemas.ts";
import { vcOperationResult } from "./vc-operation-result.ts";

/**
 * Writes credits whose parties are loaded (loadVcParties), in the open transaction `tx` (Prisma's or
 * node-postgres's): per credit its result, or the error it gets (a balance out of range), with nothing of that
 * credit written. Each moves units from the currency's treasury pool (an issuer, may go negative) to a linked
 * player, one journal a credit. Credits of several currencies are posted currency by currency, in the order of
 * their ledger assets, so two groups never lock each other's rows in opposite orders.
 */
export const writeCredits = async (tx: SqlClient, credits: { body: CreditBody; party: VcParty }[]): Promise<(LedgerOperationResult | AppError)[]> => {
  const results: (LedgerOperationResult | AppError)[] = new Array(credits.length);
  const byAsset = new Map<string, number[]>();
  credits.forEach(({ party }, i) => byAsset.set(party.scope.asset, [...(byAsset.get(party.scope.asset) ?? []), i]));
  for (const asset of [...byAsset.keys()].sort()) {
    const group = byAsset.get(asset)!;
    const inputs = group.map((i): JournalInput => {
      const {
        body: { orderId, amountUnits },
        party: { scope, pool, player },
      } = credits[i];
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
    group.forEach((i, j) => {
      const out = outcomes[j];
      results[i] = out instanceof AppError ? out : vcOperationResult(out, credits[i].party.player);
    });
  }
  return results;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { POST_JOURNAL_ERRORS } from "../ledger/post-journal.ts";
export const WRITE_CREDITS_ERRORS = [...POST_JOURNAL_ERRORS] as const satisfies readonly ErrorCode[];
