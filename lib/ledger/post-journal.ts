import { AppError } from "../core/errors.ts";
import { newId } from "../db/ids.ts";
import { Prisma } from "../db/generated/client.ts";
import { inSqlTransaction, type SqlClient } from "../db/transaction.ts";
import { checkPostings, fundsError, LedgerInvariantError, netByAccount, rangeError, type AccountNet } from "./check-postings.ts";
import { distinctAccounts, ensureAccounts } from "./ensure-accounts.ts";
import { lockAccounts } from "./lock-accounts.ts";
import { ISSUER_SLOTS, withSlot } from "./slots.ts";
import { accountKey, type JournalCompanion, type JournalInput, type PostedJournal, type WrittenJournal } from "./types.ts";

/**
 * The one write path of the ledger. Invariants: the postings sum to zero; every touched account is
 * locked (in one fixed order, one query) before its balance changes; a non-issuer account never goes below
 * zero (422 INSUFFICIENT_FUNDS, nothing written); balances, journal and postings change together.
 * It joins the caller's transaction (or opens one): the row locks are held until that commits.
 * An issuer's balance is spread over slot rows and each journal writes one at random (./slots.ts), so
 * journals that all touch the pool do not queue on one row.
 * Round trips when the accounts exist: lock, then one statement that updates balances and inserts the
 * journal and its postings (and what the journal's owner keeps beside it, its `companion`, in the same
 * statement). On first use of an account two more: create the missing rows, lock again.
 */
export const postJournal = async (db: SqlClient, input: JournalInput): Promise<PostedJournal> => {
  const [outcome] = await postJournals(db, [input]);
  if (outcome instanceof AppError) throw outcome;
  return outcome;
};

/** What one journal of a group became: posted, or the client error that kept it out (nothing of it written). */
export type JournalOutcome = PostedJournal | AppError;

/**
 * Posts several journals of one asset and environment with the round trips of one (group commit): the
 * union of their accounts is locked in one query, each journal is checked in order against the balances
 * the journals before it leave (funds, and the range a balance can hold), and the ones that pass are
 * written in one statement. A journal that fails its check is left out with its error; the others are
 * posted. An issuer writes one slot for the whole group. Each outcome's `accounts` are the balances right
 * after that journal, as if the journals had been posted one by one in the order given.
 */
export const postJournals = async (db: SqlClient, inputs: JournalInput[]): Promise<JournalOutcome[]> => {
  if (inputs.length === 0) return [];
  const [{ asset, environment }] = inputs;
  for (const input of inputs) {
    checkPostings(input.postings);
    if (input.asset !== asset || input.environment !== environment)
      throw new LedgerInvariantError(`One group of journals must share its asset and environment; got ${input.asset} and ${asset}.`);
  }
  return inSqlTransaction(db, (tx) => writeJournals(tx, inputs));
};

const lockOrCreate = async (tx: SqlClient, { asset, environment }: Pick<JournalInput, "asset" | "environment">, inputs: JournalInput[]) => {
  const accounts = distinctAccounts(inputs.flatMap((i) => i.postings.map((p) => p.account))).map(withSlot);
  const scope = { asset, environment };
  let { rows: locked, now } = await lockAccounts(tx, { ...scope, accounts });
  if (locked.length === 0) {
    // First use of an account (or of an issuer slot): create the missing rows, then lock. No row lock
    // is held during the insert, so concurrent first uses cannot deadlock.
    await ensureAccounts(tx, { ...scope, accounts });
    ({ rows: locked, now } = await lockAccounts(tx, { ...scope, accounts }));
  }
  if (locked.length !== accounts.length || !now) throw new LedgerInvariantError(`Locked ${locked.length} of ${accounts.length} ledger accounts.`);
  return { locked, now };
};

const writeJournals = async (tx: SqlClient, inputs: JournalInput[]): Promise<JournalOutcome[]> => {
  // `now`: the transaction's time, the createdAt the write gives the journals (known before it, for companions)
  const { locked, now } = await lockOrCreate(tx, inputs[0], inputs);
  // the balances as the journals accepted so far leave them
  const running = new Map(locked.map((a) => [accountKey(a), a]));
  const outcomes: JournalOutcome[] = [];
  const accepted: { input: JournalInput; nets: Map<string, AccountNet>; posted: PostedJournal }[] = [];
  for (const input of inputs) {
    const nets = netByAccount(input.postings);
    const rows = [...nets.keys()].map((k) => running.get(k)!);
    const refused = fundsError(rows, nets, input.unitLabel) ?? rangeError(rows, nets);
    if (refused) {
      outcomes.push(refused);
      continue;
    }
    const after = rows.map((a) => ({ ...a, balance: a.balance + nets.get(accountKey(a))!.net }));
    for (const a of after) running.set(accountKey(a), a);
    const posted: PostedJournal = { journalId: newId(), createdAt: now, accounts: after, postings: input.postings };
    accepted.push({ input, nets, posted });
    outcomes.push(posted);
  }
  if (accepted.length === 0) return outcomes;

  const idOf = new Map(locked.map((a) => [accountKey(a), a.id]));
  const changed = locked.filter((a) => running.get(accountKey(a))!.balance !== a.balance);
  const deltas = changed.map((a) => String(running.get(accountKey(a))!.balance - a.balance));
  // Sorted ids keep the postings of a journal in the order given, for listings ordered by id.
  const written: (WrittenJournal & { companion?: JournalCompanion })[] = accepted.map(({ input, posted }) => {
    const ids = input.postings.map(() => newId()).sort();
    return {
      asset: input.asset,
      environment: input.environment,
      tenantId: input.tenantId,
      id: posted.journalId,
      type: input.type,
      reference: input.reference ?? null,
      createdAt: now,
      postings: input.postings.map((p, i) => ({ ...p, id: ids[i] })),
      companion: input.companion,
    };
  });
  const postings = written.flatMap((j) => j.postings.map((p) => ({ id: p.id, journalId: j.id, accountId: idOf.get(accountKey(p.account))!, p })));
  const journals = accepted.map(({ input, posted }) => ({ ...input, id: posted.journalId }));
  // the asset's journal count (GET /v1/vc/journals totalCount), per tenant, on one slot row at random
  const perTenant = new Map<string, number>();
  for (const j of journals) perTenant.set(j.tenantId, (perTenant.get(j.tenantId) ?? 0) + 1);
  const countSlot = Math.floor(Math.random() * ISSUER_SLOTS);
  // what the journals' owners keep beside them: one more WITH query per companion function, in this statement
  const byCompanion = new Map<JournalCompanion, WrittenJournal[]>();
  for (const { companion, ...j } of written) if (companion) byCompanion.set(companion, [...(byCompanion.get(companion) ?? []), j]);
  const companions = [...byCompanion].map(([write, js], i) => Prisma.sql`, ${Prisma.raw(`c${i}`)} AS (${write(js)})`);
  const [row] = await tx.$queryRaw<{ createdAt: Date; updated: bigint; inserted: bigint; counted: bigint }[]>`
    WITH upd AS (
      UPDATE "LedgerAccount" a SET "balance" = a."balance" + d.delta::bigint, "updatedAt" = now() AT TIME ZONE 'UTC'
      FROM unnest(${changed.map((a) => a.id)}::text[], ${deltas}::text[]) AS d(id, delta)
      WHERE a."id" = d.id
      RETURNING a."id"
    ), j AS (
      INSERT INTO "LedgerJournal" ("id", "asset", "environment", "tenantId", "type", "reference", "metadata", "createdAt")
      SELECT t.id, ${inputs[0].asset}, ${inputs[0].environment}::"Environment", t.tenant, t.type, t.reference, t.metadata::jsonb, now() AT TIME ZONE 'UTC'
      FROM unnest(${journals.map((j) => j.id)}::text[], ${journals.map((j) => j.tenantId)}::text[], ${journals.map((j) => j.type)}::text[],
                  ${journals.map((j) => j.reference ?? null)}::text[], ${journals.map((j) => (j.metadata ? JSON.stringify(j.metadata) : null))}::text[])
           AS t(id, tenant, type, reference, metadata)
      RETURNING "createdAt"
    ), p AS (
      INSERT INTO "LedgerPosting" ("id", "journalId", "accountId", "delta", "description", "createdAt")
      SELECT id, journal, account, delta::bigint, description, now() AT TIME ZONE 'UTC'
      FROM unnest(${postings.map((p) => p.id)}::text[], ${postings.map((p) => p.journalId)}::text[], ${postings.map((p) => p.accountId)}::text[],
                  ${postings.map((p) => String(p.p.delta))}::text[], ${postings.map((p) => p.p.description)}::text[])
        AS t(id, journal, account, delta, description)
      RETURNING 1
    ), n AS (
      INSERT INTO "LedgerJournalCount" ("asset", "environment", "tenantId", "slot", "count")
      SELECT ${inputs[0].asset}, ${inputs[0].environment}::"Environment", t.tenant, ${countSlot}, t.n::bigint
      FROM unnest(${[...perTenant.keys()]}::text[], ${[...perTenant.values()]}::int[]) AS t(tenant, n)
      ON CONFLICT ("asset", "environment", "tenantId", "slot") DO UPDATE SET "count" = "LedgerJournalCount"."count" + EXCLUDED."count"
      RETURNING 1
    )${companions.length > 0 ? Prisma.join(companions, "") : Prisma.empty}
    SELECT (SELECT min("createdAt") FROM j) AS "createdAt", (SELECT count(*) FROM upd) AS updated, (SELECT count(*) FROM j) AS inserted, (SELECT count(*) FROM n) AS counted`;
  if (Number(row.updated) !== changed.length) throw new LedgerInvariantError(`Updated ${row.updated} of ${changed.length} ledger accounts.`);
  if (Number(row.inserted) !== journals.length) throw new LedgerInvariantError(`Inserted ${row.inserted} of ${journals.length} journals.`);
  if (row.createdAt.getTime() !== now.getTime())
    throw new LedgerInvariantError(`Journals written at ${row.createdAt.toISOString()}, not at the transaction's ${now.toISOString()}.`);
  return outcomes;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { CHECK_POSTINGS_ERRORS } from "./check-postings.ts";
export const POST_JOURNAL_ERRORS = [...CHECK_POSTINGS_ERRORS] as const satisfies readonly ErrorCode[];
