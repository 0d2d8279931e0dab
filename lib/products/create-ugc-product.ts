import type { GameContext } from "../core/context.ts";
import { resolveUserRef } from "../linking/resolve-user-ref.ts";
import { createProduct } from "./create-product.ts";
import type { CreateUgcProductBody } from "./schemas.ts";

/** A player's product: a draft (invisible, not for sale) owned by that game-level userRef, until reviewed. */
export const createUgcProduct = async (ctx: GameContext, { userRef, body }: { userRef: string; body: CreateUgcProductBody }) => {
  const link = await resolveUserRef(ctx, { namespace: { type: "game", id: ctx.scope.gameId }, environment: ctx.scope.environment, userRef });
  return createProduct(ctx, { body, creator: { userRef: link.userRef, playerId: link.playerId } });
};
