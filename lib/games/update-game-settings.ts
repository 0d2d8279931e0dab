import type { GameContext } from "../core/context.ts";
import { notFound } from "../core/errors.ts";
import type { Game, GameSettingsBody } from "./schemas.ts";
import { serializeGame } from "./serialize-game.ts";

/**
 * PATCH /v1/game: the key's game's settings the hosted checkout shows (its store, terms and support links,
 * and a sales tax included in its prices). A field left out is unchanged, null clears it.
 */
export const updateGameSettings = async (ctx: GameContext, input: GameSettingsBody): Promise<Game> => {
  const game = await ctx.db.game.findFirst({ where: { id: ctx.scope.gameId, environment: ctx.scope.environment }, select: { id: true } });
  if (!game) throw notFound("Game");
  const updated = await ctx.db.game.update({
    where: { id: game.id },
    data: {
      storeUrl: input.storeUrl,
      termsUrl: input.termsUrl,
      supportUrl: input.supportUrl,
      taxLabel: input.taxLabel,
      refundClawback: input.refundClawback,
      taxRateBps: input.taxRatePercent === undefined ? undefined : input.taxRatePercent === null ? null : Math.round(input.taxRatePercent * 100),
    },
  });
  return serializeGame(updated);
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const UPDATE_GAME_SETTINGS_ERRORS = ["NOT_FOUND"] as const satisfies readonly ErrorCode[];
