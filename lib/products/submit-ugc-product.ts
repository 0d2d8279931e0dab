import { inTransaction } from "../db/transaction.ts";
import type { GameContext } from "../core/context.ts";
import { loadCreatorProduct } from "./load-creator-product.ts";
import { loadProduct } from "./load-product.ts";
import { serializeProduct } from "./serialize-product.ts";
import { transitionUgcProduct } from "./transition-ugc-product.ts";
import { nextUgcStatus } from "./ugc-states.ts";

/** The creator sends a draft (or a declined product, after changes) for review: it becomes 'submitted'. */
export const submitUgcProduct = (ctx: GameContext, { userRef, productId }: { userRef: string; productId: string }) =>
  inTransaction(ctx.db, async (tx) => {
    const product = await loadCreatorProduct({ ...ctx, db: tx }, { userRef, productId, lock: true });
    nextUgcStatus(product.status, "submit");
    await transitionUgcProduct({ ...ctx, db: tx }, { productId, action: "submit", data: { submittedAt: new Date(), reviewNote: null } });
    return serializeProduct(await loadProduct({ ...ctx, db: tx }, { gameId: ctx.scope.gameId, environment: ctx.scope.environment, productId }));
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { LOAD_CREATOR_PRODUCT_ERRORS } from "./load-creator-product.ts";
import { LOAD_PRODUCT_ERRORS } from "./load-product.ts";
import { TRANSITION_UGC_PRODUCT_ERRORS } from "./transition-ugc-product.ts";
import { UGC_STATES_ERRORS } from "./ugc-states.ts";
export const SUBMIT_UGC_PRODUCT_ERRORS = [
  ...LOAD_CREATOR_PRODUCT_ERRORS,
  ...LOAD_PRODUCT_ERRORS,
  ...TRANSITION_UGC_PRODUCT_ERRORS,
  ...UGC_STATES_ERRORS,
] as const satisfies readonly ErrorCode[];
