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

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { CANCEL_PURCHASE_ERRORS } from "../purchases/cancel-purchase.ts";
export const CANCEL_CHECKOUT_ERRORS = [...CANCEL_PURCHASE_ERRORS] as const satisfies readonly ErrorCode[];
