import type { GameContext } from "../core/context.ts";
import { resolveUserRef } from "../linking/resolve-user-ref.ts";
import { createProduct } from "./create-product.ts";
import type { CreateUgcProductBody } from "./schemas.ts";

/** A player's product: a draft (invisible, not for sale) owned by that game-level userRef, until reviewed. */
export const createUgcProduct = async (ctx: GameContext, { userRef, body }: { userRef: string; body: CreateUgcProductBody }) => {
  const link = await resolveUserRef(ctx, { namespace: { type: "game", id: ctx.scope.gameId }, environment: ctx.scope.environment, userRef });
  return createProduct(ctx, { body, creator: { userRef: link.userRef, playerId: link.playerId } });
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { RESOLVE_USER_REF_ERRORS } from "../linking/resolve-user-ref.ts";
import { CREATE_PRODUCT_ERRORS } from "./create-product.ts";
export const CREATE_UGC_PRODUCT_ERRORS = [...RESOLVE_USER_REF_ERRORS, ...CREATE_PRODUCT_ERRORS] as const satisfies readonly ErrorCode[];
