import type { GameContext } from "../core/context.ts";
import { notFound } from "../core/errors.ts";
import { resolveUserRef } from "../linking/resolve-user-ref.ts";

/**
 * The player's subscription to an item: the Active one, else the latest Canceled one. An unknown
 * userRef (or another game's) is 404 USER_REF_NOT_FOUND; no subscription is 404 SUBSCRIPTION_NOT_FOUND.
 */
export const findUserSubscription = async (ctx: GameContext, { userRef, itemId }: { userRef: string; itemId: string }) => {
  const link = await resolveUserRef(ctx, { namespace: { type: "game", id: ctx.scope.gameId }, environment: ctx.scope.environment, userRef });
  const [s] = await ctx.db.subscription.findMany({
    where: { gameId: ctx.scope.gameId, environment: ctx.scope.environment, playerId: link.playerId, productId: itemId },
    orderBy: [{ status: "asc" }, { createdAt: "desc" }], // "Active" sorts before "Canceled"
    take: 1,
  });
  if (!s) throw notFound(`A subscription of ${JSON.stringify(userRef)} to item ${JSON.stringify(itemId)}`, "SUBSCRIPTION_NOT_FOUND");
  return s;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { RESOLVE_USER_REF_ERRORS } from "../linking/resolve-user-ref.ts";
export const FIND_USER_SUBSCRIPTION_ERRORS = ["SUBSCRIPTION_NOT_FOUND", ...RESOLVE_USER_REF_ERRORS] as const satisfies readonly ErrorCode[];
