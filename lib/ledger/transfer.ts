import type { DbClient } from "../db/transaction.ts";
import { postJournal } from "./post-journal.ts";
import type { AccountSpec, JournalInput, PostedJournal } from "./types.ts";

/** Moves `amount` from one account to another in one journal of two postings. */
export const transfer = (
  tx: DbClient,
  input: Omit<JournalInput, "postings"> & { from: AccountSpec; to: AccountSpec; amount: bigint; description: string },
): Promise<PostedJournal> => {
  const { from, to, amount, description, ...journal } = input;
  return postJournal(tx, {
    ...journal,
    postings: [
      { account: from, delta: -amount, description },
      { account: to, delta: amount, description },
    ],
  });
};
