import type { Purchase } from "../db/generated/client.ts";
import { inTransaction, type DbClient } from "../db/transaction.ts";
import { failPurchase } from "../purchases/fail-purchase.ts";
import { releaseGrant } from "./release-grant.ts";

/** The payment failed (a declined card, a balance too low): Purchases.Failed, and the grant is pending again so the same URL can retry. */
export const declineCheckout = (db: DbClient, { purchaseId, message }: { purchaseId: string; message: string }): Promise<Purchase> =>
  inTransaction(db, async (tx) => {
    const purchase = await failPurchase(tx, { purchaseId, message });
    if (purchase.status === "failed") await releaseGrant(tx, purchase.grantId);
    return purchase;
  });
