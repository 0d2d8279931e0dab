import { newId } from "../db/ids.ts";
import { inTransaction, type DbClient } from "../db/transaction.ts";
import { assertFunds, checkPostings, LedgerInvariantError, netByAccount } from "./check-postings.ts";
import { distinctAccounts, ensureAccounts } from "./ensure-accounts.ts";
import { lockAccounts } from "./lock-accounts.ts";
import { withSlot } from "./slots.ts";
import { accountKey, type JournalInput, type PostedJournal } from "./types.ts";

/**
 * The one write path of the ledger. Invariants: the postings sum to zero; every touched account is
 * locked (in one fixed order, one query) before its balance changes; a non-issuer account never goes below
 * zero (422 INSUFFICIENT_FUNDS, nothing written); balances, journal and postings change together.
 * It joins the caller's transaction (or opens one): the row locks are held until that commits.
 * An issuer's balance is spread over slot rows and each journal writes one at random (./slots.ts), so
 * journals that all touch the pool do not queue on one row.
 * Round trips when the accounts exist: lock, then one statement that updates balances and inserts the
 * journal and its postings. On first use of an account two more: create the missing rows, lock again.
 */
export const postJournal = async (db: DbClient, input: JournalInput): Promise<PostedJournal> => {
  checkPostings(input.postings);
  return inTransaction(db, (tx) => writeJournal(tx, input));
};

const writeJournal = async (tx: DbClient, input: JournalInput): Promise<PostedJournal> => {
  const nets = netByAccount(input.postings);
  const accounts = distinctAccounts([...nets.values()].map((n) => n.account)).map(withSlot);
  const scope = { asset: input.asset, environment: input.environment };
  let locked = await lockAccounts(tx, { ...scope, accounts });
  if (locked.length === 0) {
    // First use of an account (or of an issuer slot): create the missing rows, then lock. No row lock
    // is held during the insert, so concurrent first uses cannot deadlock.
    await ensureAccounts(tx, { ...scope, accounts });
    locked = await lockAccounts(tx, { ...scope, accounts });
  }
  if (locked.length !== accounts.length) throw new LedgerInvariantError(`Locked ${locked.length} of ${accounts.length} ledger accounts.`);
  assertFunds(locked, nets, input.unitLabel);

  const idOf = new Map(locked.map((a) => [accountKey(a), a.id]));
  const changed = locked.map((a) => ({ ...a, balance: a.balance + (nets.get(accountKey(a))?.net ?? 0n) }));
  const journalId = newId();
  // Sorted ids keep the postings of a journal in the order given, for listings ordered by id.
  const postingIds = input.postings.map(() => newId()).sort();
  const metadata = input.metadata ? JSON.stringify(input.metadata) : null;
  const [row] = await tx.$queryRaw<{ createdAt: Date; updated: bigint }[]>`
    WITH upd AS (
      UPDATE "LedgerAccount" a SET "balance" = a."balance" + d.delta::bigint, "updatedAt" = now() AT TIME ZONE 'UTC'
      FROM unnest(${changed.map((a) => a.id)}::text[], ${changed.map((a) => String(nets.get(accountKey(a))!.net))}::text[]) AS d(id, delta)
      WHERE a."id" = d.id
      RETURNING a."id"
    ), j AS (
      INSERT INTO "LedgerJournal" ("id", "asset", "environment", "tenantId", "type", "reference", "metadata", "createdAt")
      VALUES (${journalId}, ${input.asset}, ${input.environment}::"Environment", ${input.tenantId}, ${input.type}, ${input.reference ?? null}, ${metadata}::jsonb, now() AT TIME ZONE 'UTC')
      RETURNING "createdAt"
    ), p AS (
      INSERT INTO "LedgerPosting" ("id", "journalId", "accountId", "delta", "description", "createdAt")
      SELECT t.id, ${journalId}, t.account, t.delta::bigint, t.description, now() AT TIME ZONE 'UTC'
      FROM unnest(${postingIds}::text[], ${input.postings.map((p) => idOf.get(accountKey(p.account))!)}::text[],
                  ${input.postings.map((p) => String(p.delta))}::text[], ${input.postings.map((p) => p.description)}::text[]) AS t(id, account, delta, description)
      RETURNING 1
    )
    SELECT j."createdAt", (SELECT count(*) FROM upd) AS updated FROM j`;
  if (Number(row.updated) !== changed.length) throw new LedgerInvariantError(`Updated ${row.updated} of ${changed.length} ledger accounts.`);
  return { journalId, createdAt: row.createdAt, accounts: changed, postings: input.postings };
};
