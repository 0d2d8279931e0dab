import type { Purchase } from "../db/generated/client.ts";
import { inTransaction, type DbClient } from "../db/transaction.ts";
import { lockPurchase } from "./complete-purchase.ts";
import { emitPurchaseEvent } from "./purchase-events.ts";
import { PURCHASE_EVENTS } from "./purchase-states.ts";
import { transitionPurchase } from "./transition-purchase.ts";

/**
 * Records a failed payment (e.g. a declined card): status 'failed' and Purchases.Failed with the
 * message. A completed or already failed purchase is returned unchanged; a canceled one is 409.
 */
export const failPurchase = (db: DbClient, { purchaseId, message }: { purchaseId: string; message: string }): Promise<Purchase> =>
  inTransaction(db, async (tx) => {
    const p = await lockPurchase(tx, purchaseId);
    if (p.status === "completed" || p.status === "failed") return p;
    const failed = await transitionPurchase(tx, p.id, "fail", { failureMessage: message });
    await emitPurchaseEvent(tx, PURCHASE_EVENTS.failed, failed, { id: p.productId, type: p.productType });
    return failed;
  });
