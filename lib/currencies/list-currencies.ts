import type { GameContext } from "../core/context.ts";
import { pageInfo, pageWindow } from "../core/pagination.ts";
import { serializeCurrency } from "./serialize-currency.ts";

/** The caller's currencies, oldest first. */
export const listCurrencies = async (ctx: GameContext, { page, limit }: { page: number; limit: number }) => {
  const where = { gameId: ctx.scope.gameId, environment: ctx.scope.environment };
  const [rows, totalCount] = await Promise.all([
    ctx.db.virtualCurrency.findMany({ where, orderBy: [{ createdAt: "asc" }, { id: "asc" }], ...pageWindow({ page, limit }) }),
    ctx.db.virtualCurrency.count({ where }),
  ]);
  return { items: rows.map(serializeCurrency), pagination: pageInfo({ page, limit, totalCount }) };
};
