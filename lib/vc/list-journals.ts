import type { GameContext } from "../core/context.ts";
import { jsonText, type JsonText } from "../core/json-text.ts";
import { pageInfo } from "../core/pagination.ts";
import { MAX_PAGE_LIMIT } from "../core/schemas.ts";
import { currencyOrNotFound, findCurrency } from "../currencies/find-currency.ts";
import { Prisma } from "../db/generated/client.ts";
import { queryPrepared } from "../db/prepared.ts";
import { resolveUserRef } from "../linking/resolve-user-ref.ts";
import { vcAsset } from "../ledger/accounts.ts";

type JournalQuery = { currencyId: string; userRef?: string; page: number; limit: number };

/**
 * The page's journals as the spec's journal entries, written by PostgreSQL as compact JSON text: the same
 * entry serializeJournal makes (postings in id order, the pool by address, a player by userRef, deltas signed,
 * createdAt in ISO 8601 UTC); list-journals.test.ts checks the two agree. A page of 50 journals is 100 rows:
 * read as rows, retyped by Prisma, mapped and stringified, it cost most of the request's CPU.
 * The postings are joined to the page once and grouped, not looked up journal by journal: on small tables
 * PostgreSQL answered a per-journal lookup with a scan and a hash of the accounts for each journal (2.7x the
 * CPU of the join; on 1,000,000 journals the join costs 11% more: docs/benchmarks.md).
 */
const ENTRIES = Prisma.sql`
  SELECT page."id", page."createdAt",
         '{"_id":' || to_json(page."id")::text || ',"type":' || to_json(page."type")::text || ',"postings":[' ||
         coalesce(string_agg(
           '{"account":' ||
           CASE WHEN a."kind" = 'pool' THEN '{"type":"pool","address":' || to_json(a."address")::text
                ELSE '{"type":"user","userRef":' || to_json(a."ownerRef")::text END ||
           '},"deltaUnits":"' || p."delta"::text || '","description":' || to_json(p."description")::text || '}',
           ',' ORDER BY p."id" COLLATE "C"), '') ||
         '],"createdAt":"' || to_char(page."createdAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"}' AS "entry"
  FROM page
  LEFT JOIN ("LedgerPosting" p JOIN "LedgerAccount" a ON a."id" = p."accountId") ON p."journalId" = page."id"
  GROUP BY page."id", page."type", page."createdAt"`;

/**
 * A currency's journals, newest first (ties by id, newest first), optionally only those touching one
 * player: one statement. Without a player it also checks the currency (a 404 when the caller's game and
 * environment do not have it) and reads the total from the journal count the ledger keeps
 * (LedgerJournalCount), not by counting journals; a player's total counts the journals of their account.
 * The answer is sent as the JSON text the statement wrote (lib/core/json-text.ts); the statement is a named
 * prepared one (lib/db/prepared.ts), planned once per connection instead of on every call.
 */
export const listJournals = async (ctx: GameContext, q: JournalQuery): Promise<JsonText> => {
  const scope = { tenantId: ctx.principal.gameId, asset: vcAsset(q.currencyId), environment: ctx.environment };
  let accountId: string | null = null;
  if (q.userRef !== undefined) {
    await findCurrency(ctx, { currencyId: q.currencyId });
    await resolveUserRef(ctx, { namespace: { type: "game", id: ctx.principal.gameId }, environment: ctx.environment, userRef: q.userRef });
    const account = await ctx.db.ledgerAccount.findUnique({
      where: { asset_environment_kind_ownerRef_slot: { asset: scope.asset, environment: scope.environment, kind: "user", ownerRef: q.userRef, slot: 0 } },
      select: { id: true },
    });
    if (!account) return answer("", pageInfo({ page: q.page, limit: q.limit, totalCount: 0 }));
    accountId = account.id;
  }
  const total = accountId
    ? Prisma.sql`(SELECT count(DISTINCT "journalId") FROM "LedgerPosting" WHERE "accountId" = ${accountId})`
    : Prisma.sql`(SELECT coalesce(sum("count"), 0) FROM "LedgerJournalCount"
        WHERE "asset" = ${scope.asset} AND "environment" = ${scope.environment}::"Environment" AND "tenantId" = ${scope.tenantId})`;
  const onlyPlayer = accountId ? Prisma.sql`AND j."id" IN (SELECT p."journalId" FROM "LedgerPosting" p WHERE p."accountId" = ${accountId})` : Prisma.empty;
  const [row] = await queryPrepared<{ found: boolean; total: bigint | string; items: string | null }>(
    ctx.db,
    Prisma.sql`
    WITH cur AS (
      SELECT c."id" FROM "VirtualCurrency" c
      WHERE c."id" = ${q.currencyId} AND c."gameId" = ${scope.tenantId} AND c."environment" = ${scope.environment}::"Environment"
    ), page AS (
      -- the constant outer LIMIT (a page's most) gives the generic plan (lib/db/prepared.ts) its size
      SELECT * FROM (
        SELECT j."id", j."type", j."createdAt" FROM "LedgerJournal" j
        WHERE EXISTS (SELECT 1 FROM cur)
          AND j."tenantId" = ${scope.tenantId} AND j."asset" = ${scope.asset} AND j."environment" = ${scope.environment}::"Environment" ${onlyPlayer}
        ORDER BY j."createdAt" DESC, j."id" DESC
        LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}
      ) page LIMIT ${Prisma.raw(String(MAX_PAGE_LIMIT))}
    ), entries AS (${ENTRIES})
    SELECT EXISTS (SELECT 1 FROM cur) AS "found", ${total}::bigint AS "total",
           (SELECT string_agg("entry", ',' ORDER BY "createdAt" DESC, "id" DESC) FROM entries) AS "items"`,
  );
  currencyOrNotFound(row.found || null, q.currencyId);
  return answer(row.items ?? "", pageInfo({ page: q.page, limit: q.limit, totalCount: Number(row.total) }));
};

/** The spec's list body around the items' JSON text (the entries, comma-separated; "" for none). */
const answer = (items: string, pagination: ReturnType<typeof pageInfo>): JsonText =>
  jsonText(`{"items":[${items}],"pagination":${JSON.stringify(pagination)}}`);
