import type { LedgerAccount, LedgerJournal, LedgerPosting } from "../db/generated/client.ts";
import type { BreakdownEntry, JournalEntry } from "./schemas.ts";
import type { PostingInput } from "../ledger/types.ts";

type AccountFields = Pick<LedgerAccount, "kind" | "address" | "ownerRef">;
export type JournalRow = Pick<LedgerJournal, "id" | "type" | "createdAt"> & {
  postings: (Pick<LedgerPosting, "id" | "delta" | "description"> & { account: AccountFields })[];
};

const postingAccount = (a: AccountFields): JournalEntry["postings"][number]["account"] =>
  a.kind === "pool" ? { type: "pool", address: a.address } : { type: "user", userRef: a.ownerRef };

/** A VC journal as the spec's journal entry; postings in the order they were written. */
export const serializeJournal = (j: JournalRow): JournalEntry => ({
  _id: j.id,
  type: j.type,
  postings: [...j.postings]
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map((p) => ({ account: postingAccount(p.account), deltaUnits: p.delta.toString(), description: p.description })),
  createdAt: j.createdAt.toISOString(),
});

/** The entry as stored and sent (VcJournalEntry.entry, GET /v1/vc/journals): serializeJournal's, as compact JSON text. */
export const journalEntryText = (j: JournalRow): string => JSON.stringify(serializeJournal(j));

/** The breakdown of a ledger operation result: one entry per posting. */
export const breakdownOf = (postings: PostingInput[]): BreakdownEntry[] =>
  postings.map((p) => ({
    participant: p.account.kind === "pool" ? "pool" : "user",
    direction: p.delta < 0n ? "debit" : "credit",
    ...(p.account.kind === "pool" ? {} : { userRef: p.account.ownerRef }),
    amountUnits: (p.delta < 0n ? -p.delta : p.delta).toString(),
    description: p.description,
  }));
