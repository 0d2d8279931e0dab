import type { Prisma } from "../db/generated/client.ts";
import type { GameContext } from "../core/context.ts";
import { pageInfo, pageWindow } from "../core/pagination.ts";
import { findCurrency } from "../currencies/find-currency.ts";
import { resolveUserRef } from "../linking/resolve-user-ref.ts";
import { vcAsset } from "../ledger/accounts.ts";
import type { JournalEntry } from "./schemas.ts";
import { serializeJournal } from "./serialize-journal.ts";

type JournalQuery = { currencyId: string; userRef?: string; page: number; limit: number };

/**
 * A currency's journals, newest first (ties by id, newest first), optionally only those touching one
 * player. The total of a currency comes from its journal count (LedgerJournalCount, kept by the ledger's
 * write), not from counting every journal; a player's total counts the journals of their one account.
 */
export const listJournals = async (ctx: GameContext, q: JournalQuery): Promise<{ items: JournalEntry[]; pagination: ReturnType<typeof pageInfo> }> => {
  const currency = await findCurrency(ctx, { currencyId: q.currencyId });
  const scope = { tenantId: ctx.principal.gameId, asset: vcAsset(currency.id), environment: ctx.environment };
  let where: Prisma.LedgerJournalWhereInput = scope;
  let total: Promise<number>;
  if (q.userRef !== undefined) {
    await resolveUserRef(ctx, { namespace: { type: "game", id: ctx.principal.gameId }, environment: ctx.environment, userRef: q.userRef });
    const account = await ctx.db.ledgerAccount.findUnique({
      where: { asset_environment_kind_ownerRef_slot: { asset: scope.asset, environment: scope.environment, kind: "user", ownerRef: q.userRef, slot: 0 } },
      select: { id: true },
    });
    if (!account) return { items: [], pagination: pageInfo({ page: q.page, limit: q.limit, totalCount: 0 }) };
    where = { ...scope, postings: { some: { accountId: account.id } } };
    total = ctx.db.ledgerJournal.count({ where });
  } else {
    total = ctx.db.$queryRaw<{ n: bigint | null }[]>`
      SELECT sum("count")::bigint AS n FROM "LedgerJournalCount"
      WHERE "asset" = ${scope.asset} AND "environment" = ${scope.environment}::"Environment" AND "tenantId" = ${scope.tenantId}`.then(([r]) =>
      Number(r.n ?? 0n),
    );
  }
  const [rows, totalCount] = await Promise.all([
    ctx.db.ledgerJournal.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      include: { postings: { include: { account: true } } },
      ...pageWindow(q),
    }),
    total,
  ]);
  return { items: rows.map(serializeJournal), pagination: pageInfo({ page: q.page, limit: q.limit, totalCount }) };
};
