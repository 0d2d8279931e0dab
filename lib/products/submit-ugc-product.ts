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
