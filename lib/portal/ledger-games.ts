// What every money page of the portal needs first: the business's games of one environment, a currency of
// the business (another business's is 404 CURRENCY_NOT_FOUND, like the API's), and the game context under
// which the portal calls the same services as the /v1 routes (the member acting for the game).
import type { DbContext } from "../core/context.ts";
import type { Environment } from "../core/environment.ts";
import { notFound } from "../core/errors.ts";
import { isUsableId } from "../platform/business-admin.ts";
import { asGame } from "./helper-contexts.ts";

export type LedgerGame = { id: string; name: string; businessId: string; environment: Environment };

/** The business's games of `environment`, newest first. */
export const businessGamesOf = ({ db }: DbContext, { businessId, environment }: { businessId: string; environment: Environment }): Promise<LedgerGame[]> =>
  db.game.findMany({
    where: { businessId, environment },
    select: { id: true, name: true, businessId: true, environment: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });

/** The member acting for `game`, for the services the /v1 routes call with a server key (helper-contexts.ts). */
export const actAsGame = asGame;

/** A currency of one of the business's games, with its game; anything else is 404 CURRENCY_NOT_FOUND. */
export const findBusinessCurrency = async ({ db }: DbContext, { businessId, currencyId }: { businessId: string; currencyId: string }) => {
  const currency = isUsableId(currencyId)
    ? await db.virtualCurrency.findFirst({
        where: { id: currencyId, game: { businessId } },
        include: { game: { select: { id: true, name: true, businessId: true, environment: true } } },
      })
    : null;
  if (!currency) throw notFound(`Currency ${JSON.stringify(currencyId)}`, "CURRENCY_NOT_FOUND");
  return currency;
};
