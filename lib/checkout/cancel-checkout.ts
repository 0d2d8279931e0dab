import type { Purchase } from "../db/generated/client.ts";
import { inTransaction, type DbClient } from "../db/transaction.ts";
import { cancelPurchase } from "../purchases/cancel-purchase.ts";
import { releaseGrant } from "./release-grant.ts";

/** The consumer backed out: Purchases.Canceled, and the grant is pending again (same URL works). A completed purchase is left as it is. */
export const cancelCheckout = (db: DbClient, { purchaseId }: { purchaseId: string }): Promise<Purchase> =>
  inTransaction(db, async (tx) => {
    const purchase = await cancelPurchase(tx, { purchaseId });
    if (purchase.status === "canceled") await releaseGrant(tx, purchase.grantId);
    return purchase;
  });
