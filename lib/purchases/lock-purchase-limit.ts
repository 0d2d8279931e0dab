import { countCompleted } from "./create-purchase.ts";
import type { DbContext } from "../core/context.ts";

/**
 * Takes the perUserLimit lock of (product, player) until the transaction ends, then tells whether the
 * player may complete one more purchase of it. Concurrent completions of one product by one player queue
 * on this lock, so they cannot pass the limit together. The lock is re-entrant within a transaction.
 */
export const lockPurchaseLimit = async (
  ctx: DbContext,
  { productId, playerId, perUserLimit }: { productId: string; playerId: string; perUserLimit: number | null },
): Promise<boolean> => {
  await ctx.db.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`purchase-limit:${productId}:${playerId}`}, 0))`;
  return perUserLimit === null || (await countCompleted(ctx, { productId, playerId })) < perUserLimit;
};
