import type { GameContext } from "../core/context.ts";
import { pageInfo } from "../core/pagination.ts";
import { findCurrency } from "../currencies/find-currency.ts";
import { resolveUserRef } from "../linking/resolve-user-ref.ts";
import { vcAsset } from "../ledger/accounts.ts";
import type { JournalEntry } from "./schemas.ts";
import { serializeJournal } from "./serialize-journal.ts";

type JournalQuery = { currencyId: string; userRef?: string; page: number; limit: number };

type PageRow = {
  id: string;
  type: string;
  createdAt: Date;
  postingId: string;
  delta: bigint;
  description: string;
  kind: string;
  address: string;
  ownerRef: string;
};

/**
 * A currency's journals, newest first (ties by id, newest first), optionally only those touching one
 * player. The page is one query (the journals with their postings and accounts). The total of a currency
 * comes from its journal count (LedgerJournalCount, kept by the ledger's write), not from counting every
 * journal; a player's total counts the journals of their one account.
 */
export const listJournals = async (ctx: GameContext, q: JournalQuery): Promise<{ items: JournalEntry[]; pagination: ReturnType<typeof pageInfo> }> => {
  const currency = await findCurrency(ctx, { currencyId: q.currencyId });
  const scope = { tenantId: ctx.principal.gameId, asset: vcAsset(currency.id), environment: ctx.environment };
  let accountId: string | null = null;
  if (q.userRef !== undefined) {
    await resolveUserRef(ctx, { namespace: { type: "game", id: ctx.principal.gameId }, environment: ctx.environment, userRef: q.userRef });
    const account = await ctx.db.ledgerAccount.findUnique({
      where: { asset_environment_kind_ownerRef_slot: { asset: scope.asset, environment: scope.environment, kind: "user", ownerRef: q.userRef, slot: 0 } },
      select: { id: true },
    });
    if (!account) return { items: [], pagination: pageInfo({ page: q.page, limit: q.limit, totalCount: 0 }) };
    accountId = account.id;
  }
  const total = accountId
    ? ctx.db.$queryRaw<{ n: bigint }[]>`SELECT count(DISTINCT "journalId") AS n FROM "LedgerPosting" WHERE "accountId" = ${accountId}`.then(([r]) =>
        Number(r.n),
      )
    : ctx.db.$queryRaw<{ n: bigint | null }[]>`
        SELECT sum("count")::bigint AS n FROM "LedgerJournalCount"
        WHERE "asset" = ${scope.asset} AND "environment" = ${scope.environment}::"Environment" AND "tenantId" = ${scope.tenantId}`.then(([r]) =>
        Number(r.n ?? 0n),
      );
  const page = ctx.db.$queryRaw<PageRow[]>`
    WITH page AS (
      SELECT j."id", j."type", j."createdAt" FROM "LedgerJournal" j
      WHERE j."tenantId" = ${scope.tenantId} AND j."asset" = ${scope.asset} AND j."environment" = ${scope.environment}::"Environment"
        AND (${accountId}::text IS NULL OR j."id" IN (SELECT p."journalId" FROM "LedgerPosting" p WHERE p."accountId" = ${accountId}::text))
      ORDER BY j."createdAt" DESC, j."id" DESC
      LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}
    )
    SELECT page."id", page."type", page."createdAt", p."id" AS "postingId", p."delta", p."description", a."kind", a."address", a."ownerRef"
    FROM page JOIN "LedgerPosting" p ON p."journalId" = page."id" JOIN "LedgerAccount" a ON a."id" = p."accountId"
    ORDER BY page."createdAt" DESC, page."id" DESC, p."id"`;
  const [rows, totalCount] = await Promise.all([page, total]);
  const journals = new Map<string, Parameters<typeof serializeJournal>[0]>();
  for (const r of rows) {
    let j = journals.get(r.id);
    if (!j) journals.set(r.id, (j = { id: r.id, type: r.type, createdAt: r.createdAt, postings: [] }));
    j.postings.push({ id: r.postingId, delta: r.delta, description: r.description, account: { kind: r.kind, address: r.address, ownerRef: r.ownerRef } });
  }
  return { items: [...journals.values()].map(serializeJournal), pagination: pageInfo({ page: q.page, limit: q.limit, totalCount }) };
};
