-- Journal counts per asset, environment and tenant, over 16 slot rows (GET /v1/vc/journals totalCount
-- without a scan of every journal). Written by the ledger's one write path, in the journal's own statement.
CREATE TABLE "LedgerJournalCount" (
    "asset" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "tenantId" TEXT NOT NULL,
    "slot" INTEGER NOT NULL,
    "count" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "LedgerJournalCount_pkey" PRIMARY KEY ("asset","environment","tenantId","slot")
);

-- the journals written before this migration
INSERT INTO "LedgerJournalCount" ("asset", "environment", "tenantId", "slot", "count")
SELECT "asset", "environment", "tenantId", 0, count(*) FROM "LedgerJournal" GROUP BY "asset", "environment", "tenantId";
