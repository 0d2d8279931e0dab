import type { Purchase } from "../db/generated/client.ts";
import { inTransaction } from "../db/transaction.ts";
import { lockPurchase } from "./complete-purchase.ts";
import { emitPurchaseEvent } from "./purchase-events.ts";
import { PURCHASE_EVENTS } from "./purchase-states.ts";
import { transitionPurchase } from "./transition-purchase.ts";
import type { DbContext } from "../core/context.ts";

/**
 * Records a failed payment (e.g. a declined card): status 'failed' and Purchases.Failed with the
 * message. A completed or already failed purchase is returned unchanged; a canceled one is 409.
 */
export const failPurchase = (ctx: DbContext, { purchaseId, message }: { purchaseId: string; message: string }): Promise<Purchase> =>
  inTransaction(ctx.db, async (tx) => {
    const p = await lockPurchase({ ...ctx, db: tx }, { purchaseId });
    if (p.status === "completed" || p.status === "failed") return p;
    const failed = await transitionPurchase({ ...ctx, db: tx }, { id: p.id, action: "fail", data: { failureMessage: message } });
    await emitPurchaseEvent({ ...ctx, db: tx }, { event: PURCHASE_EVENTS.failed, purchase: failed, item: { id: p.productId, type: p.productType } });
    return failed;
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { COMPLETE_PURCHASE_ERRORS } from "./complete-purchase.ts";
import { TRANSITION_PURCHASE_ERRORS } from "./transition-purchase.ts";
export const FAIL_PURCHASE_ERRORS = [...COMPLETE_PURCHASE_ERRORS, ...TRANSITION_PURCHASE_ERRORS] as const satisfies readonly ErrorCode[];
