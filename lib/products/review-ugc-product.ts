import { inTransaction } from "../db/transaction.ts";
import type { GameContext } from "../core/context.ts";
import { loadCreatorProduct } from "./load-creator-product.ts";
import { loadProduct } from "./load-product.ts";
import type { ReviewBody } from "./schemas.ts";
import { serializeProduct } from "./serialize-product.ts";
import { transitionUgcProduct } from "./transition-ugc-product.ts";
import { nextUgcStatus } from "./ugc-states.ts";
import { updateProduct } from "./update-product.ts";

/**
 * The game decides on a submitted product. Approve: 'active', visible and for sale unless the request says
 * otherwise, with its price overrides applied. Decline: 'declined' (the creator may change it and submit again).
 */
export const reviewUgcProduct = (ctx: GameContext, { userRef, productId, body }: { userRef: string; productId: string; body: ReviewBody }) =>
  inTransaction(ctx.db, async (tx) => {
    const product = await loadCreatorProduct({ ...ctx, db: tx }, { userRef, productId, lock: true });
    nextUgcStatus(product.status, body.decision);
    await transitionUgcProduct({ ...ctx, db: tx }, { productId, action: body.decision, data: { reviewedAt: new Date(), reviewNote: body.reason || null } });
    if (body.decision === "approve") {
      const { decision: _decision, reason: _reason, ...overrides } = body;
      await updateProduct({ ...ctx, db: tx }, { productId, body: { isVisible: true, forSale: true, ...overrides } });
    }
    return serializeProduct(await loadProduct({ ...ctx, db: tx }, { gameId: ctx.scope.gameId, environment: ctx.scope.environment, productId }));
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { LOAD_CREATOR_PRODUCT_ERRORS } from "./load-creator-product.ts";
import { LOAD_PRODUCT_ERRORS } from "./load-product.ts";
import { TRANSITION_UGC_PRODUCT_ERRORS } from "./transition-ugc-product.ts";
import { UGC_STATES_ERRORS } from "./ugc-states.ts";
import { UPDATE_PRODUCT_ERRORS } from "./update-product.ts";
export const REVIEW_UGC_PRODUCT_ERRORS = [
  ...LOAD_CREATOR_PRODUCT_ERRORS,
  ...LOAD_PRODUCT_ERRORS,
  ...TRANSITION_UGC_PRODUCT_ERRORS,
  ...UGC_STATES_ERRORS,
  ...UPDATE_PRODUCT_ERRORS,
] as const satisfies readonly ErrorCode[];
