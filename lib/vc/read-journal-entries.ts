// VC journals by id as GET /v1/vc/journals lists them, for a page that already chose its ids (the portal's ledger
// explorer, lib/portal/list-ledger-journals.ts): each journal's stored entry (VcJournalEntry, written once with the
// journal by lib/vc), parsed, not its postings and their accounts read through Prisma's nested include and serialized
// again (25 journals: docs/benchmarks.md, "The portal journals page"). The balance check sums the journal's own
// postings in the database, so it still checks the ledger, not the stored text. A journal without a stored entry is
// serialized from its postings (serializeJournal, the one place the shape is written).
import type { DbContext } from "../core/context.ts";
import { Prisma } from "../db/generated/client.ts";
import { queryPrepared } from "../db/prepared.ts";
import type { JournalEntry } from "./schemas.ts";
import { serializeJournal } from "./serialize-journal.ts";

export type JournalWithEntry = {
  id: string;
  /** the game */
  tenantId: string;
  asset: string;
  reference: string | null;
  entry: JournalEntry;
  /** the sum of the journal's postings' deltas: "0" for every journal the ledger wrote */
  sumUnits: string;
};

type Row = Omit<JournalWithEntry, "entry"> & { entry: string | null };

/** The journals of `ids` that exist, in no particular order. */
export const readJournalEntries = async ({ db }: DbContext, ids: string[]): Promise<JournalWithEntry[]> => {
  if (ids.length === 0) return [];
  const rows = await queryPrepared<Row>(
    db,
    Prisma.sql`
      SELECT j."id", j."tenantId", j."asset", j."reference", e."entry",
             (SELECT COALESCE(SUM(p."delta"), 0) FROM "LedgerPosting" p WHERE p."journalId" = j."id")::text AS "sumUnits"
      FROM "LedgerJournal" j LEFT JOIN "VcJournalEntry" e ON e."journalId" = j."id"
      WHERE j."id" = ANY(${ids}::text[])`,
  );
  const missing = rows.filter((r) => r.entry === null).map((r) => r.id);
  const serialized = new Map(
    missing.length === 0
      ? []
      : (await db.ledgerJournal.findMany({ where: { id: { in: missing } }, include: { postings: { include: { account: true } } } })).map((j) => [
          j.id,
          serializeJournal(j),
        ]),
  );
  return rows.map(({ entry, ...r }) => ({ ...r, entry: entry === null ? serialized.get(r.id)! : (JSON.parse(entry) as JournalEntry) }));
};
