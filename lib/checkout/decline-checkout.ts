import type { Purchase } from "../db/generated/client.ts";
import { inTransaction } from "../db/transaction.ts";
import { failPurchase } from "../purchases/fail-purchase.ts";
import { releaseGrant } from "./release-grant.ts";
import type { DbContext } from "../core/context.ts";

/** The payment failed (a declined card, a balance too low): Purchases.Failed, and the grant is pending again so the same URL can retry. */
export const declineCheckout = (ctx: DbContext, { purchaseId, message }: { purchaseId: string; message: string }): Promise<Purchase> =>
  inTransaction(ctx.db, async (tx) => {
    const purchase = await failPurchase({ ...ctx, db: tx }, { purchaseId, message });
    if (purchase.status === "failed") await releaseGrant({ ...ctx, db: tx }, { grantId: purchase.grantId });
    return purchase;
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FAIL_PURCHASE_ERRORS } from "../purchases/fail-purchase.ts";
export const DECLINE_CHECKOUT_ERRORS = [...FAIL_PURCHASE_ERRORS] as const satisfies readonly ErrorCode[];
