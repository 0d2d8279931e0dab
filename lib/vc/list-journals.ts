import type { Prisma } from "../db/generated/client.ts";
import type { GameContext } from "../core/context.ts";
import { pageInfo, pageWindow } from "../core/pagination.ts";
import { findCurrency } from "../currencies/find-currency.ts";
import { resolveUserRef } from "../linking/resolve-user-ref.ts";
import { vcAsset } from "../ledger/accounts.ts";
import type { JournalEntry } from "./schemas.ts";
import { serializeJournal } from "./serialize-journal.ts";

type JournalQuery = { currencyId: string; userRef?: string; page: number; limit: number };

/** A currency's journals, newest first (ties by id, newest first), optionally only those touching one player. */
export const listJournals = async (ctx: GameContext, q: JournalQuery): Promise<{ items: JournalEntry[]; pagination: ReturnType<typeof pageInfo> }> => {
  const currency = await findCurrency(ctx, { currencyId: q.currencyId });
  if (q.userRef !== undefined)
    await resolveUserRef(ctx, { namespace: { type: "game", id: ctx.principal.gameId }, environment: ctx.environment, userRef: q.userRef });
  const where: Prisma.LedgerJournalWhereInput = {
    tenantId: ctx.principal.gameId,
    asset: vcAsset(currency.id),
    environment: ctx.environment,
    ...(q.userRef !== undefined ? { postings: { some: { account: { kind: "user", ownerRef: q.userRef } } } } : {}),
  };
  const [rows, totalCount] = await Promise.all([
    ctx.db.ledgerJournal.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      include: { postings: { include: { account: true } } },
      ...pageWindow(q),
    }),
    ctx.db.ledgerJournal.count({ where }),
  ]);
  return { items: rows.map(serializeJournal), pagination: pageInfo({ page: q.page, limit: q.limit, totalCount }) };
};
