import type { GameContext } from "../core/context.ts";
import { resolveUserRef } from "../linking/resolve-user-ref.ts";
import { loadProduct, productNotFound } from "./load-product.ts";

/**
 * A user-generated product under its creator's userRef. The userRef must be an active link of this
 * game (else 404 USER_REF_NOT_FOUND); another creator's product, or a game product, is 404 PRODUCT_NOT_FOUND.
 */
export const loadCreatorProduct = async (ctx: GameContext, { userRef, productId, lock = false }: { userRef: string; productId: string; lock?: boolean }) => {
  await resolveUserRef(ctx, { namespace: { type: "game", id: ctx.scope.gameId }, environment: ctx.scope.environment, userRef });
  const product = await loadProduct(ctx, { gameId: ctx.scope.gameId, environment: ctx.scope.environment, productId, lock });
  if (product.creatorType !== "ugc" || product.creatorUserRef !== userRef) throw productNotFound(productId);
  return product;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { RESOLVE_USER_REF_ERRORS } from "../linking/resolve-user-ref.ts";
import { LOAD_PRODUCT_ERRORS } from "./load-product.ts";
export const LOAD_CREATOR_PRODUCT_ERRORS = [...RESOLVE_USER_REF_ERRORS, ...LOAD_PRODUCT_ERRORS] as const satisfies readonly ErrorCode[];
