import { inTransaction } from "../db/transaction.ts";
import type { GameContext } from "../http/context.ts";
import { loadCreatorProduct } from "./load-creator-product.ts";
import { loadProduct } from "./load-product.ts";
import { serializeProduct } from "./serialize-product.ts";
import { nextUgcStatus } from "./ugc-states.ts";

/** The creator sends a draft (or a declined product, after changes) for review: it becomes 'submitted'. */
export const submitUgcProduct = (ctx: GameContext, { userRef, productId }: { userRef: string; productId: string }) =>
  inTransaction(ctx.db, async (tx) => {
    const product = await loadCreatorProduct(tx, ctx, { userRef, productId, lock: true });
    const status = nextUgcStatus(product.status, "submit");
    await tx.product.update({ where: { id: productId }, data: { status, submittedAt: new Date(), reviewNote: null } });
    return serializeProduct(await loadProduct(tx, { gameId: ctx.principal.gameId, environment: ctx.environment, productId }));
  });
