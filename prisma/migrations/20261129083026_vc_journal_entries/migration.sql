-- The ledger stores journals and postings only; the VC API's listed entry of a VC journal (the JSON text
-- GET /v1/vc/journals sends, game-api.md's journal entry) moves from LedgerJournal.entry to a table lib/vc owns.
-- lib/vc writes it in the journal's own statement (a companion of postJournal: lib/vc/vc-scope.ts), made by
-- serializeJournal (lib/vc/serialize-journal.ts), the one place its shape is written; the SQL functions that made
-- it here go. The page still reads stored text by index with no join (docs/benchmarks.md).

-- CreateTable
CREATE TABLE "VcJournalEntry" (
    "journalId" TEXT NOT NULL,
    "gameId" TEXT NOT NULL,
    "currencyId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "entry" TEXT NOT NULL,

    CONSTRAINT "VcJournalEntry_pkey" PRIMARY KEY ("journalId")
);

-- CreateIndex
CREATE INDEX "VcJournalEntry_gameId_currencyId_createdAt_idx" ON "VcJournalEntry"("gameId", "currencyId", "createdAt");

-- AddForeignKey
ALTER TABLE "VcJournalEntry" ADD CONSTRAINT "VcJournalEntry_journalId_fkey" FOREIGN KEY ("journalId") REFERENCES "LedgerJournal"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Move the stored entries (every VC journal has one since 20261126140000_ledger_journal_entries). The text is
-- moved as it is: it is byte for byte what serializeJournal writes (lib/vc/check-vc-journal-entries.ts audits it).
-- The asset of a VC journal is "vc:<currencyId>" and its tenant is the game.
INSERT INTO "VcJournalEntry" ("journalId", "gameId", "currencyId", "environment", "createdAt", "entry")
SELECT j."id", j."tenantId", substr(j."asset", 4), j."environment", j."createdAt", j."entry"
FROM "LedgerJournal" j
WHERE j."asset" LIKE 'vc:%' AND j."entry" IS NOT NULL;

-- AlterTable (no row trigger fires: LedgerJournal stays append-only)
ALTER TABLE "LedgerJournal" DROP COLUMN "entry";

DROP FUNCTION coinop_vc_journal_entry(text, text, timestamp, text);
DROP FUNCTION coinop_vc_posting_json(text, text, text, bigint, text);

-- Append-only like the journal it lists (coinop_append_only: migration 20261122000001_ledger_guards).
CREATE TRIGGER "VcJournalEntry_append_only" BEFORE UPDATE OR DELETE ON "VcJournalEntry"
  FOR EACH ROW EXECUTE FUNCTION coinop_append_only();
