// Where platform items live: products with creatorType 'platform' in the games of the target business, in
// the key's environment. Another business's game or item is a 404, like an unknown one.
import type { GameContext, TargetContext } from "../core/context.ts";
import { notFound } from "../core/errors.ts";
import { productNotFound } from "../products/load-product.ts";

export const PLATFORM_CREATOR = "platform";

/** A game of the target business in the key's environment, else 404 GAME_NOT_FOUND. */
export const loadBusinessGame = async (ctx: TargetContext, gameId: string) => {
  const { businessId } = ctx.scope;
  const game = gameId.includes("\u0000")
    ? null
    : await ctx.db.game.findFirst({ where: { id: gameId, businessId, environment: ctx.scope.environment }, select: { id: true, businessId: true } });
  if (!game) throw notFound(`Game ${JSON.stringify(gameId)} of this business`, "GAME_NOT_FOUND");
  return game;
};

/** The platform item `itemId` of the target business (any of its games), else 404 PRODUCT_NOT_FOUND. */
export const findBusinessItem = async (ctx: TargetContext, itemId: string) => {
  const { businessId } = ctx.scope;
  const row = itemId.includes("\u0000")
    ? null
    : await ctx.db.product.findFirst({
        where: { id: itemId, environment: ctx.scope.environment, creatorType: PLATFORM_CREATOR },
        select: { id: true, gameId: true, status: true },
      });
  const game = row
    ? await ctx.db.game.findFirst({ where: { id: row.gameId, businessId, environment: ctx.scope.environment }, select: { id: true, businessId: true } })
    : null;
  if (!row || !game) throw productNotFound(itemId);
  return { item: row, game };
};

/**
 * The context the product services run in for one game of the business: they act for a game (its gameId
 * scopes every read and write), and here that game is the item's, already checked to belong to the target
 * business. The actor stays the platform key.
 */
export const gameContextOf = (ctx: TargetContext, game: { id: string; businessId: string }): GameContext => ({
  ...ctx,
  scope: { kind: "game", environment: ctx.scope.environment, businessId: game.businessId, gameId: game.id },
});

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { LOAD_PRODUCT_ERRORS } from "../products/load-product.ts";
export const ITEM_SCOPE_ERRORS = ["GAME_NOT_FOUND", ...LOAD_PRODUCT_ERRORS] as const satisfies readonly ErrorCode[];
