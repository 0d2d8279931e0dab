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

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { POST_JOURNAL_ERRORS } from "./post-journal.ts";
export const TRANSFER_ERRORS = [...POST_JOURNAL_ERRORS] as const satisfies readonly ErrorCode[];
