import type { GameContext } from "../core/context.ts";
import { notFound } from "../core/errors.ts";

/** The caller's currency. Another game's (or environment's) currency is a 404, like an unknown one. */
export const findCurrency = async (ctx: GameContext, { currencyId }: { currencyId: string }) =>
  currencyOrNotFound(
    await ctx.db.virtualCurrency.findFirst({ where: { id: currencyId, gameId: ctx.scope.gameId, environment: ctx.scope.environment } }),
    currencyId,
  );

/** The 404 CURRENCY_NOT_FOUND for a currency the caller's game and environment do not have (null: not found). */
export const currencyOrNotFound = <C>(currency: C | null | undefined, currencyId: string): C => {
  if (!currency) throw notFound(`Currency ${JSON.stringify(currencyId)}`, "CURRENCY_NOT_FOUND");
  return currency;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const FIND_CURRENCY_ERRORS = ["CURRENCY_NOT_FOUND"] as const satisfies readonly ErrorCode[];
