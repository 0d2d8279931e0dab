import type { DbClient } from "../db/transaction.ts";
import { VC_ASSET_PREFIX } from "../ledger/accounts.ts";
import { auditHolds, checkLedgerInvariants, type LedgerAudit } from "../ledger/check-ledger-invariants.ts";
import type { LedgerScope } from "../ledger/types.ts";
import { journalEntryText, type JournalRow } from "./serialize-journal.ts";

type Row = {
  id: string;
  type: string;
  createdAt: Date;
  tenantId: string;
  entry: string | null;
  gameId: string | null;
  currencyId: string | null;
  environment: string | null;
  entryAt: Date | null;
  ids: string[];
  deltas: string[];
  descriptions: string[];
  kinds: string[];
  addresses: string[];
  owners: string[];
};

/** A journal as stored (its postings and their accounts read back) and the VC entry stored for it, if any. */
export type StoredVcJournal = {
  journal: JournalRow & { tenantId: string };
  entry: { text: string; gameId: string; currencyId: string; environment: string; createdAt: Date } | null;
};

/**
 * The journals of one asset and environment after `after` (by id), at most `limit`, as stored, each with its VC
 * entry if it has one: what checkVcJournalEntries compares, and what the bench's bulk seed makes entries from.
 */
export const readStoredJournals = async (
  db: DbClient,
  { asset, environment, after = "", limit = 5000 }: Omit<LedgerScope, "tenantId"> & { after?: string; limit?: number },
): Promise<StoredVcJournal[]> => {
  const rows = await db.$queryRaw<Row[]>`
    WITH b AS (
      SELECT j."id" FROM "LedgerJournal" j
      WHERE j."asset" = ${asset} AND j."environment" = ${environment}::"Environment" AND j."id" > ${after}
      ORDER BY j."id" LIMIT ${limit}
    )
    SELECT j."id", j."type", j."createdAt", j."tenantId", e."entry", e."gameId", e."currencyId", e."environment"::text AS "environment",
           e."createdAt" AS "entryAt",
           array_agg(p."id" ORDER BY p."id" COLLATE "C") AS ids, array_agg(p."delta"::text ORDER BY p."id" COLLATE "C") AS deltas,
           array_agg(p."description" ORDER BY p."id" COLLATE "C") AS descriptions, array_agg(a."kind" ORDER BY p."id" COLLATE "C") AS kinds,
           array_agg(a."address" ORDER BY p."id" COLLATE "C") AS addresses, array_agg(a."ownerRef" ORDER BY p."id" COLLATE "C") AS owners
    FROM b JOIN "LedgerJournal" j ON j."id" = b."id"
    JOIN "LedgerPosting" p ON p."journalId" = j."id" JOIN "LedgerAccount" a ON a."id" = p."accountId"
    LEFT JOIN "VcJournalEntry" e ON e."journalId" = j."id"
    GROUP BY j."id", e."journalId"
    ORDER BY j."id"`;
  return rows.map((r) => ({
    journal: {
      id: r.id,
      type: r.type,
      createdAt: r.createdAt,
      tenantId: r.tenantId,
      postings: r.ids.map((id, i) => ({
        id,
        delta: BigInt(r.deltas[i]),
        description: r.descriptions[i],
        account: { kind: r.kinds[i], address: r.addresses[i], ownerRef: r.owners[i] },
      })),
    },
    entry: r.entry === null ? null : { text: r.entry, gameId: r.gameId!, currencyId: r.currencyId!, environment: r.environment!, createdAt: r.entryAt! },
  }));
};

const BATCH = 5000;

/**
 * The journals of one asset and environment whose VC entry (VcJournalEntry) is not what lib/vc stores for them:
 * a VC journal's entry must be journalEntryText of the journal as stored (its postings and accounts read back),
 * under the journal's game, currency, environment and createdAt; a journal of another asset (USDC) has none; and
 * no entry of the currency lists a journal that is not one of its journals. Read in batches of 5,000 journals.
 */
export const checkVcJournalEntries = async (db: DbClient, { asset, environment }: Omit<LedgerScope, "tenantId">): Promise<string[]> => {
  const currencyId = asset.startsWith(VC_ASSET_PREFIX) ? asset.slice(VC_ASSET_PREFIX.length) : null;
  const misstated: string[] = [];
  for (let after = ""; ;) {
    const batch = await readStoredJournals(db, { asset, environment, after, limit: BATCH });
    for (const { journal, entry } of batch) {
      const right =
        currencyId === null
          ? entry === null
          : entry !== null &&
            entry.text === journalEntryText(journal) &&
            entry.gameId === journal.tenantId &&
            entry.currencyId === currencyId &&
            entry.environment === environment &&
            entry.createdAt.getTime() === journal.createdAt.getTime();
      if (!right) misstated.push(journal.id);
    }
    if (batch.length < BATCH) break;
    after = batch[batch.length - 1].journal.id;
  }
  if (currencyId !== null) {
    const strays = await db.$queryRaw<{ id: string }[]>`
      SELECT e."journalId" AS id FROM "VcJournalEntry" e JOIN "LedgerJournal" j ON j."id" = e."journalId"
      WHERE e."currencyId" = ${currencyId} AND e."environment" = ${environment}::"Environment"
        AND (j."asset" <> ${asset} OR j."environment" <> ${environment}::"Environment")`;
    misstated.push(...strays.map((s) => s.id));
  }
  return misstated;
};

export type VcLedgerAudit = LedgerAudit & {
  /** journals whose VC entry (VcJournalEntry, what GET /v1/vc/journals sends) is not the one lib/vc makes of
   *  them, or is missing; a journal of another asset (USDC) with one */
  misstatedJournals: string[];
};

/** The ledger's audit of an asset (checkLedgerInvariants) and the VC entries of its journals (checkVcJournalEntries). */
export const checkVcLedgerInvariants = async (db: DbClient, scope: Omit<LedgerScope, "tenantId">): Promise<VcLedgerAudit> => ({
  ...(await checkLedgerInvariants(db, scope)),
  misstatedJournals: await checkVcJournalEntries(db, scope),
});

/** Whether a VC ledger audit found nothing wrong. */
export const vcAuditHolds = (a: VcLedgerAudit): boolean => auditHolds(a) && a.misstatedJournals.length === 0;
