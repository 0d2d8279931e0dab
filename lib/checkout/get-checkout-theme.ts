import type { GameContext } from "../core/context.ts";
import { loadCheckoutItem } from "./load-item.ts";
import type { CheckoutTheme } from "./schemas.ts";
import { resolveTheme } from "./theme.ts";

/** GET /v1/checkout/theme: the game's theme for an item of that game (any sale state), store colours filling the gaps. */
export const getCheckoutTheme = async (ctx: GameContext, { gameId, itemId }: { gameId: string; itemId: string }): Promise<CheckoutTheme> => {
  await loadCheckoutItem(ctx, { keyGameId: ctx.scope.gameId, gameId, environment: ctx.scope.environment, itemId, rules: "any" });
  const game = await ctx.db.game.findUniqueOrThrow({ where: { id: gameId }, select: { checkoutTheme: true } });
  return resolveTheme(game.checkoutTheme);
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { LOAD_ITEM_ERRORS } from "./load-item.ts";
export const GET_CHECKOUT_THEME_ERRORS = [...LOAD_ITEM_ERRORS] as const satisfies readonly ErrorCode[];
