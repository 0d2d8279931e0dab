-- Hand-written. Each VC journal keeps its entry as GET /v1/vc/journals answers it (game-api.md's journal
-- entry, compact JSON text), written once with the journal by the ledger's one write path
-- (lib/ledger/post-journal.ts). Journals are append-only, so the text never goes stale, and a page is 50 stored
-- texts read by index instead of 100 postings joined to their accounts and written out on every read
-- (0.40 -> 0.07 ms of PostgreSQL time for a page of 50: docs/benchmarks.md). NULL for other assets (USDC),
-- which no API lists this way.
ALTER TABLE "LedgerJournal" ADD COLUMN "entry" TEXT;

-- One posting of an entry: the account (the pool by its custody address, a player by userRef), the signed delta
-- and the description. STABLE and one expression, so PostgreSQL inlines it into the statements that call it.
CREATE FUNCTION coinop_vc_posting_json(kind text, address text, owner_ref text, delta bigint, description text) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT '{"account":' ||
         CASE WHEN kind = 'pool' THEN '{"type":"pool","address":' || to_json(address)::text
              ELSE '{"type":"user","userRef":' || to_json(owner_ref)::text END ||
         '},"deltaUnits":"' || delta::text || '","description":' || to_json(description)::text || '}'
$$;

-- The whole entry around its postings (comma-separated posting texts, in posting id order); createdAt as the
-- timestamp(3) column holds it (rounded to the millisecond here too: a function's argument keeps no precision),
-- in ISO 8601 UTC with milliseconds, as JavaScript's toISOString writes it.
CREATE FUNCTION coinop_vc_journal_entry(id text, type text, created_at timestamp, postings text) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT '{"_id":' || to_json(id)::text || ',"type":' || to_json(type)::text || ',"postings":[' || coalesce(postings, '') ||
         '],"createdAt":"' || to_char(created_at::timestamp(3), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"}'
$$;

-- The VC journals written before this migration. The append-only guard is lifted for this statement only; the
-- migration runs in one transaction, so nothing else can change a journal meanwhile.
ALTER TABLE "LedgerJournal" DISABLE TRIGGER "LedgerJournal_append_only";
UPDATE "LedgerJournal" j
SET "entry" = coinop_vc_journal_entry(j."id", j."type", j."createdAt", (
  SELECT string_agg(coinop_vc_posting_json(a."kind", a."address", a."ownerRef", p."delta", p."description"), ',' ORDER BY p."id" COLLATE "C")
  FROM "LedgerPosting" p JOIN "LedgerAccount" a ON a."id" = p."accountId"
  WHERE p."journalId" = j."id"))
WHERE j."asset" LIKE 'vc:%';
ALTER TABLE "LedgerJournal" ENABLE TRIGGER "LedgerJournal_append_only";
