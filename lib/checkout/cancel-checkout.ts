import type { Purchase } from "../db/generated/client.ts";
import { inTransaction } from "../db/transaction.ts";
import { cancelPurchase } from "../purchases/cancel-purchase.ts";
import { releaseGrant } from "./release-grant.ts";
import type { DbContext } from "../core/context.ts";

/** The consumer backed out: Purchases.Canceled, and the grant is pending again (same URL works). A completed purchase is left as it is. */
export const cancelCheckout = (ctx: DbContext, { purchaseId }: { purchaseId: string }): Promise<Purchase> =>
  inTransaction(ctx.db, async (tx) => {
    const purchase = await cancelPurchase({ ...ctx, db: tx }, { purchaseId });
    if (purchase.status === "canceled") await releaseGrant({ ...ctx, db: tx }, { grantId: purchase.grantId });
    return purchase;
  });
