// Where platform items live: products with creatorType 'platform' in the games of the target business, in
// the key's environment. Another business's game or item is a 404, like an unknown one.
import type { GameContext, PlatformContext } from "../core/context.ts";
import { notFound } from "../core/errors.ts";
import { targetBusinessOf } from "../businesses/target-business.ts";
import { productNotFound } from "../products/load-product.ts";

export const PLATFORM_CREATOR = "platform";

/** A game of the target business in the key's environment, else 404 GAME_NOT_FOUND. */
export const loadBusinessGame = async (ctx: PlatformContext, gameId: string) => {
  const { businessId } = targetBusinessOf(ctx);
  const game = gameId.includes("\u0000")
    ? null
    : await ctx.db.game.findFirst({ where: { id: gameId, businessId, environment: ctx.environment }, select: { id: true, businessId: true } });
  if (!game) throw notFound(`Game ${JSON.stringify(gameId)} of this business`, "GAME_NOT_FOUND");
  return game;
};

/** The platform item `itemId` of the target business (any of its games), else 404 PRODUCT_NOT_FOUND. */
export const findBusinessItem = async (ctx: PlatformContext, itemId: string) => {
  const { businessId } = targetBusinessOf(ctx);
  const row = itemId.includes("\u0000")
    ? null
    : await ctx.db.product.findFirst({
        where: { id: itemId, environment: ctx.environment, creatorType: PLATFORM_CREATOR },
        select: { id: true, gameId: true, status: true },
      });
  const game = row
    ? await ctx.db.game.findFirst({ where: { id: row.gameId, businessId, environment: ctx.environment }, select: { id: true, businessId: true } })
    : null;
  if (!row || !game) throw productNotFound(itemId);
  return { item: row, game };
};

/**
 * The context the product services run in for one game of the business: they act for a game (the
 * principal's gameId scopes every read and write), and here that game is the item's, already checked to
 * belong to the target business. The principal keeps the platform key's id.
 */
export const gameContextOf = (ctx: PlatformContext, game: { id: string; businessId: string }): GameContext => ({
  db: ctx.db,
  environment: ctx.environment,
  requestId: ctx.requestId,
  idempotencyKey: ctx.idempotencyKey,
  principal: { kind: "server", keyId: ctx.principal.keyId, gameId: game.id, businessId: game.businessId },
});

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { TARGET_BUSINESS_ERRORS } from "../businesses/target-business.ts";
import { LOAD_PRODUCT_ERRORS } from "../products/load-product.ts";
export const ITEM_SCOPE_ERRORS = ["GAME_NOT_FOUND", ...TARGET_BUSINESS_ERRORS, ...LOAD_PRODUCT_ERRORS] as const satisfies readonly ErrorCode[];
