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
 * A currency's journals, newest first (ties by id, newest first), optionally only those touching one
 * player: one statement. Without a player it also checks the currency (a 404 when the caller's game and
 * environment do not have it) and reads the total from the journal count the ledger keeps
 * (LedgerJournalCount), not by counting journals; a player's total counts the journals of their account.
 * Each journal's entry is the JSON text lib/vc stored with it (VcJournalEntry, journalEntryText written in the
 * journal's own statement: vc-scope.ts; journals never change), so a page joins nothing: it is read by index and
 * sent as is (lib/core/json-text.ts). list-journals.test.ts checks every entry against serializeJournal's. Building the
 * entries from the postings on every read cost PostgreSQL about 0.4 ms a page of 50, reading them 0.07 ms
 * (docs/benchmarks.md). The statement is a named prepared one (lib/db/prepared.ts), planned once per
 * connection instead of on every call.
 */
export const listJournals = async (ctx: GameContext, q: JournalQuery): Promise<JsonText> => {
  const scope = { tenantId: ctx.scope.gameId, asset: vcAsset(q.currencyId), environment: ctx.scope.environment };
  let accountId: string | null = null;
  if (q.userRef !== undefined) {
    await findCurrency(ctx, { currencyId: q.currencyId });
    await resolveUserRef(ctx, { namespace: { type: "game", id: ctx.scope.gameId }, environment: ctx.scope.environment, userRef: q.userRef });
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
  const onlyPlayer = accountId
    ? Prisma.sql`AND e."journalId" IN (SELECT p."journalId" FROM "LedgerPosting" p WHERE p."accountId" = ${accountId})`
    : Prisma.empty;
  const [row] = await queryPrepared<{ found: boolean; total: bigint | string; items: string | null }>(
    ctx.db,
    Prisma.sql`
    WITH cur AS (
      SELECT c."id" FROM "VirtualCurrency" c
      WHERE c."id" = ${q.currencyId} AND c."gameId" = ${scope.tenantId} AND c."environment" = ${scope.environment}::"Environment"
    ), page AS (
      -- the constant outer LIMIT (a page's most) gives the generic plan (lib/db/prepared.ts) its size
      SELECT * FROM (
        SELECT e."journalId" AS "id", e."createdAt", e."entry" FROM "VcJournalEntry" e
        WHERE EXISTS (SELECT 1 FROM cur)
          AND e."gameId" = ${scope.tenantId} AND e."currencyId" = ${q.currencyId} AND e."environment" = ${scope.environment}::"Environment" ${onlyPlayer}
        ORDER BY e."createdAt" DESC, e."journalId" DESC
        LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}
      ) page LIMIT ${Prisma.raw(String(MAX_PAGE_LIMIT))}
    )
    SELECT EXISTS (SELECT 1 FROM cur) AS "found", ${total}::bigint AS "total",
           (SELECT string_agg("entry", ',' ORDER BY "createdAt" DESC, "id" DESC) FROM page) AS "items"`,
  );
  currencyOrNotFound(row.found || null, q.currencyId);
  return answer(row.items ?? "", pageInfo({ page: q.page, limit: q.limit, totalCount: Number(row.total) }));
};

/** The spec's list body around the items' JSON text (the entries, comma-separated; "" for none). */
const answer = (items: string, pagination: ReturnType<typeof pageInfo>): JsonText =>
  jsonText(`{"items":[${items}],"pagination":${JSON.stringify(pagination)}}`);

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_CURRENCY_ERRORS } from "../currencies/find-currency.ts";
import { RESOLVE_USER_REF_ERRORS } from "../linking/resolve-user-ref.ts";
export const LIST_JOURNALS_ERRORS = [...FIND_CURRENCY_ERRORS, ...RESOLVE_USER_REF_ERRORS] as const satisfies readonly ErrorCode[];
