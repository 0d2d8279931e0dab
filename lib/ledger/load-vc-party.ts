import type { Prisma } from "../db/generated/client.ts";
import type { GameContext } from "../http/context.ts";
import { findCurrency } from "../currencies/find-currency.ts";
import { resolveUserRef } from "../linking/resolve-user-ref.ts";
import { vcPool, vcScope, vcUser } from "./accounts.ts";

/**
 * What a VC operation on one player needs: the game's currency (404 for another game's), the player's
 * active link (404 USER_REF_NOT_FOUND otherwise), their account, the pool and the ledger scope.
 */
export const loadVcParty = async (tx: Prisma.TransactionClient, ctx: GameContext, { currencyId, userRef }: { currencyId: string; userRef: string }) => {
  const currency = await findCurrency(tx, ctx, currencyId);
  await resolveUserRef(tx, { type: "game", id: ctx.principal.gameId }, ctx.environment, userRef);
  return {
    currency,
    player: vcUser(userRef, ctx.environment),
    pool: vcPool(currency.id, ctx.environment),
    scope: vcScope({ gameId: ctx.principal.gameId, environment: ctx.environment, currencyId: currency.id }),
  };
};
