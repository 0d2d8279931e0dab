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

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { RESOLVE_USER_REF_ERRORS } from "../linking/resolve-user-ref.ts";
export const LIST_CREATOR_PRODUCTS_ERRORS = [...RESOLVE_USER_REF_ERRORS] as const satisfies readonly ErrorCode[];
