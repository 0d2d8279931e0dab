import type { DbClient } from "../db/transaction.ts";
import { countCompleted } from "./create-purchase.ts";

/**
 * Takes the perUserLimit lock of (product, player) until the transaction ends, then tells whether the
 * player may complete one more purchase of it. Concurrent completions of one product by one player queue
 * on this lock, so they cannot pass the limit together. The lock is re-entrant within a transaction.
 */
export const lockPurchaseLimit = async (
  tx: DbClient,
  { productId, playerId, perUserLimit }: { productId: string; playerId: string; perUserLimit: number | null },
): Promise<boolean> => {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`purchase-limit:${productId}:${playerId}`}, 0))`;
  return perUserLimit === null || (await countCompleted(tx, { productId, playerId })) < perUserLimit;
};
