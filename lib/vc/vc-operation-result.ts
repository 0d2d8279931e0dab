import { accountKey, type AccountSpec, type PostedJournal } from "../ledger/types.ts";
import type { LedgerOperationResult } from "./schemas.ts";
import { breakdownOf } from "./serialize-journal.ts";

/** The spec's ledger operation result: journal id, the acted-on player's new balance, the breakdown. */
export const vcOperationResult = (posted: PostedJournal, player: AccountSpec): LedgerOperationResult => {
  const account = posted.accounts.find((a) => accountKey(a) === accountKey(player));
  return { journalId: posted.journalId, newBalanceUnits: (account?.balance ?? 0n).toString(), breakdown: breakdownOf(posted.postings) };
};
