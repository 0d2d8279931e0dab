import type { Environment } from "../core/environment.ts";
import { AppError } from "../core/errors.ts";
import type { CashoutRequest } from "../cashouts/schemas.ts";
import { serializeCashout } from "../cashouts/serialize-cashout.ts";
import { CASHOUT_STATUSES, type CashoutStatus } from "../cashouts/states.ts";
import { businessGamesOf } from "./ledger-games.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";

export type CashoutFilterStatus = CashoutStatus | "all";
export const statusOf = (v: unknown): CashoutFilterStatus =>
  v === "all" || (CASHOUT_STATUSES as readonly unknown[]).includes(v) ? (v as CashoutFilterStatus) : "pendingReview";

export type PortalCashout = CashoutRequest & {
  game: { id: string; name: string };
  currency: { code: string; name: string };
  email: string | null;
  decidedAt: string | null;
};

const LIMIT = 100;

/**
 * The cashout review queue: the requests of the business's games in `environment`, as GET /v1/vc/cashouts
 * serializes them, with the game, the currency, the player's email and when it was decided. Pending requests
 * (the default) oldest first, the order to review them in; decided ones newest first. At most 100, with the
 * total of the filter. `decidedId` (the request a decision just moved) comes back as `decided`, when it is
 * a decided request of these games.
 */
export const listPortalCashouts = async (
  ctx: PortalContext,
  input: { businessId: string; environment: Environment; status?: CashoutFilterStatus; gameId?: string; decidedId?: string },
) => {
  const member = await requirePortalAccess(ctx, { businessId: input.businessId, permission: "ledger:read" });
  const status = input.status ?? "pendingReview";
  const games = await businessGamesOf(ctx, input);
  if (input.gameId && !games.some((g) => g.id === input.gameId)) throw new AppError("GAME_NOT_FOUND", "This game was not found.");
  const where = {
    environment: input.environment,
    gameId: { in: input.gameId ? [input.gameId] : games.map((g) => g.id) },
    ...(status === "all" ? {} : { status }),
  };
  const order = status === "pendingReview" ? ("asc" as const) : ("desc" as const);
  const [listed, total, decidedRow] = await Promise.all([
    ctx.db.cashoutRequest.findMany({ where, orderBy: [{ createdAt: order }, { id: order }], take: LIMIT }),
    ctx.db.cashoutRequest.count({ where }),
    input.decidedId
      ? ctx.db.cashoutRequest.findFirst({
          where: { id: input.decidedId, environment: input.environment, gameId: { in: games.map((g) => g.id) }, status: { not: "pendingReview" } },
        })
      : null,
  ]);
  const rows = decidedRow ? [...listed, decidedRow] : listed;
  const currencies = await ctx.db.virtualCurrency.findMany({
    where: { id: { in: [...new Set(rows.map((r) => r.currencyId))] } },
    select: { id: true, code: true, name: true },
  });
  const links = await ctx.db.playerLink.findMany({
    where: { userRef: { in: [...new Set(rows.map((r) => r.userRef))] } },
    select: { userRef: true, player: { select: { email: true } } },
  });
  const shown: PortalCashout[] = rows.map((r) => {
    const c = currencies.find((x) => x.id === r.currencyId);
    return {
      ...serializeCashout(r),
      game: { id: r.gameId, name: games.find((g) => g.id === r.gameId)?.name ?? "" },
      currency: { code: c?.code ?? "", name: c?.name ?? "" },
      email: links.find((l) => l.userRef === r.userRef)?.player.email ?? null,
      decidedAt: r.decidedAt?.toISOString() ?? null,
    };
  });
  const items = shown.slice(0, listed.length);
  const decided = decidedRow ? shown[shown.length - 1]! : null;
  return { member, status, gameId: input.gameId ?? null, games: games.map((g) => ({ id: g.id, name: g.name })), items, total, decided };
};
