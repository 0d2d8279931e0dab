import type { Purchase } from "../db/generated/client.ts";
import { inTransaction, type DbClient } from "../db/transaction.ts";
import { conflict } from "../http/errors.ts";
import { lockPurchase } from "./complete-purchase.ts";
import { emitPurchaseEvent } from "./purchase-events.ts";
import { canTransition, PURCHASE_EVENTS } from "./purchase-states.ts";
import { queueStripeSessionExpiry } from "../stripe/queue-session-expiry.ts";

/**
 * The consumer backed out of checkout: status 'canceled' and Purchases.Canceled. A completed or already
 * canceled purchase is returned unchanged; a failed one is 409. A card purchase paying through a Stripe
 * Checkout Session gets that session's expiry queued in the same transaction, so the abandoned card page
 * cannot be paid any more.
 */
export const cancelPurchase = (db: DbClient, { purchaseId }: { purchaseId: string }): Promise<Purchase> =>
  inTransaction(db, async (tx) => {
    const p = await lockPurchase(tx, purchaseId);
    if (p.status === "completed" || p.status === "canceled") return p;
    if (!canTransition(p.status, "cancel")) throw conflict("PURCHASE_NOT_PENDING", `Purchase ${p.id} is ${p.status}; only a pending purchase can be canceled.`);
    const canceled = await tx.purchase.update({ where: { id: p.id }, data: { status: "canceled" } });
    await emitPurchaseEvent(tx, PURCHASE_EVENTS.canceled, canceled, { id: p.productId, type: p.productType });
    await queueStripeSessionExpiry(tx, canceled);
    return canceled;
  });
