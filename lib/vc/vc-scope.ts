import type { Environment } from "../core/environment.ts";
import { Prisma } from "../db/generated/client.ts";
import { VC_ASSET_PREFIX, vcAsset } from "../ledger/accounts.ts";
import type { JournalCompanion, LedgerScope } from "../ledger/types.ts";
import { journalEntryText } from "./serialize-journal.ts";

/**
 * Stores each VC journal's entry as GET /v1/vc/journals lists it (VcJournalEntry: journalEntryText, the one place
 * its JSON is made), in the ledger's write statement of the journal: no statement of its own, all or nothing with
 * the journal. createdAt is the journal's, which the ledger knows before it writes.
 */
export const storeVcJournalEntries: JournalCompanion = (journals) => Prisma.sql`
  INSERT INTO "VcJournalEntry" ("journalId", "gameId", "currencyId", "environment", "createdAt", "entry")
  SELECT t.id, t.game, t.currency, t.environment::"Environment", t.at::timestamp(3), t.entry
  FROM unnest(${journals.map((j) => j.id)}::text[], ${journals.map((j) => j.tenantId)}::text[], ${journals.map((j) => j.asset.slice(VC_ASSET_PREFIX.length))}::text[],
              ${journals.map((j) => j.environment)}::text[], ${journals.map((j) => j.createdAt.toISOString())}::text[], ${journals.map(journalEntryText)}::text[])
    AS t(id, game, currency, environment, at, entry)
  RETURNING 1`;

/**
 * Where a game's VC journals live, with their listed entry: spread it into every VC journal (postJournal,
 * transfer), so none is written without its entry (checkVcJournalEntries audits that).
 */
export const vcScope = ({
  gameId,
  environment,
  currencyId,
}: {
  gameId: string;
  environment: Environment;
  currencyId: string;
}): LedgerScope & { companion: JournalCompanion } => ({
  asset: vcAsset(currencyId),
  environment,
  tenantId: gameId,
  companion: storeVcJournalEntries,
});
