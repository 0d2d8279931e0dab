import type { GameContext } from "../core/context.ts";
import { notFound } from "../core/errors.ts";

/** The caller's currency. Another game's (or environment's) currency is a 404, like an unknown one. */
export const findCurrency = async (ctx: GameContext, { currencyId }: { currencyId: string }) => {
  const currency = await ctx.db.virtualCurrency.findFirst({ where: { id: currencyId, gameId: ctx.principal.gameId, environment: ctx.environment } });
  if (!currency) throw notFound(`Currency ${JSON.stringify(currencyId)}`, "CURRENCY_NOT_FOUND");
  return currency;
};
