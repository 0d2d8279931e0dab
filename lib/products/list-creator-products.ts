import type { GameContext } from "../core/context.ts";
import { resolveUserRef } from "../linking/resolve-user-ref.ts";
import { listProducts } from "./list-products.ts";

/** The products a player created under this game-level userRef (any status), newest first. */
export const listCreatorProducts = async (
  ctx: GameContext,
  { userRef, page, limit, status }: { userRef: string; page: number; limit: number; status?: string },
) => {
  await resolveUserRef(ctx, { namespace: { type: "game", id: ctx.scope.gameId }, environment: ctx.scope.environment, userRef });
  return listProducts(ctx, { page, limit, status: status as never, creatorType: "ugc", creatorUserRef: userRef, type: undefined, q: undefined });
};
