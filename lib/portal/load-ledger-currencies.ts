import type { Environment } from "../core/environment.ts";
import { serializeCurrency } from "../currencies/serialize-currency.ts";
import type { Currency } from "../currencies/schemas.ts";
import { vcAsset, vcPool } from "../ledger/accounts.ts";
import { getAccountBalance } from "../ledger/get-account-balance.ts";
import { businessGamesOf } from "./ledger-games.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";

export type LedgerCurrency = Currency & {
  /** the treasury pool's balance: minus the units in circulation (the pool is the currency's issuer) */
  pool: { address: string; balanceUnits: string; inCirculationUnits: string };
  pendingCashouts: number;
};

/**
 * The ledger page: each game of `environment` with its currencies (as GET /v1/vc/currencies shows them,
 * oldest first), each with its pool balance (read with the ledger's own getAccountBalance) and its number
 * of cashout requests waiting for review.
 */
export const loadLedgerCurrencies = async (ctx: PortalContext, { businessId, environment }: { businessId: string; environment: Environment }) => {
  const member = await requirePortalAccess(ctx, { businessId, permission: "ledger:read" });
  const games = await businessGamesOf(ctx, { businessId, environment });
  const currencies = await ctx.db.virtualCurrency.findMany({
    where: { gameId: { in: games.map((g) => g.id) }, environment },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const pending = await ctx.db.cashoutRequest.groupBy({
    by: ["currencyId"],
    where: { currencyId: { in: currencies.map((c) => c.id) }, status: "pendingReview" },
    _count: { _all: true },
  });
  const shown = await Promise.all(
    currencies.map(async (c): Promise<LedgerCurrency & { gameId: string }> => {
      const pool = vcPool(c.id, environment);
      const { balance } = await getAccountBalance(ctx.db, { asset: vcAsset(c.id), environment, kind: pool.kind, ownerRef: pool.ownerRef });
      return {
        ...serializeCurrency(c),
        gameId: c.gameId,
        pool: { address: pool.address, balanceUnits: balance.toString(), inCirculationUnits: (-balance).toString() },
        pendingCashouts: pending.find((p) => p.currencyId === c.id)?._count._all ?? 0,
      };
    }),
  );
  return {
    member,
    games: games.map((g) => ({ id: g.id, name: g.name, currencies: shown.filter((c) => c.gameId === g.id).map(({ gameId: _, ...c }) => c) })),
  };
};
