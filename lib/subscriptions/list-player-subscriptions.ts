import type { GameContext } from "../core/context.ts";
import { serializeSubscription } from "./serialize-subscription.ts";

/** Every subscription of a player (its link already resolved) in this game, Active first, newest first. */
export const listPlayerSubscriptions = async (ctx: GameContext, { playerId }: { playerId: string }) => {
  const rows = await ctx.db.subscription.findMany({
    where: { gameId: ctx.scope.gameId, environment: ctx.scope.environment, playerId },
    orderBy: [{ status: "asc" }, { createdAt: "desc" }],
  });
  return rows.map(serializeSubscription);
};
