import type { Purchase } from "../db/generated/client.ts";
import { inTransaction } from "../db/transaction.ts";
import { lockPurchase } from "./complete-purchase.ts";
import { emitPurchaseEvent } from "./purchase-events.ts";
import { PURCHASE_EVENTS } from "./purchase-states.ts";
import { transitionPurchase } from "./transition-purchase.ts";
import { queueStripeSessionExpiry } from "../stripe/queue-session-expiry.ts";
import type { DbContext } from "../core/context.ts";

/**
 * The consumer backed out of checkout: status 'canceled' and Purchases.Canceled. A completed or already
 * canceled purchase is returned unchanged; a failed one is 409. A card purchase paying through a Stripe
 * Checkout Session gets that session's expiry queued in the same transaction, so the abandoned card page
 * cannot be paid any more.
 */
export const cancelPurchase = (ctx: DbContext, { purchaseId }: { purchaseId: string }): Promise<Purchase> =>
  inTransaction(ctx.db, async (tx) => {
    const p = await lockPurchase({ ...ctx, db: tx }, { purchaseId });
    if (p.status === "completed" || p.status === "canceled") return p;
    const canceled = await transitionPurchase({ ...ctx, db: tx }, { id: p.id, action: "cancel" });
    await emitPurchaseEvent({ ...ctx, db: tx }, { event: PURCHASE_EVENTS.canceled, purchase: canceled, item: { id: p.productId, type: p.productType } });
    await queueStripeSessionExpiry({ ...ctx, db: tx }, { purchase: canceled });
    return canceled;
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { COMPLETE_PURCHASE_ERRORS } from "./complete-purchase.ts";
import { TRANSITION_PURCHASE_ERRORS } from "./transition-purchase.ts";
export const CANCEL_PURCHASE_ERRORS = [...COMPLETE_PURCHASE_ERRORS, ...TRANSITION_PURCHASE_ERRORS] as const satisfies readonly ErrorCode[];
