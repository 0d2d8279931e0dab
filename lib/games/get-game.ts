import type { GameContext } from "../core/context.ts";
import { notFound } from "../core/errors.ts";
import { serializeGame } from "./serialize-game.ts";

/** The game of the calling server key. */
export const getGame = async (ctx: GameContext) => {
  const game = await ctx.db.game.findFirst({ where: { id: ctx.scope.gameId, environment: ctx.scope.environment } });
  if (!game) throw notFound("Game");
  return serializeGame(game);
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const GET_GAME_ERRORS = ["NOT_FOUND"] as const satisfies readonly ErrorCode[];
