import type { Purchase } from "../db/generated/client.ts";
import { inTransaction } from "../db/transaction.ts";
import { completePurchase } from "../purchases/complete-purchase.ts";
import { canTransitionGrant } from "./grant-states.ts";
import { transitionGrant } from "./transition-grant.ts";
import type { DbContext } from "../core/context.ts";
import { enqueueJob } from "../jobs/enqueue.ts";
import { RECEIPT_EMAIL_TASK } from "./email-receipt.ts";

/**
 * The payment of a checkout purchase succeeded: the purchase is charged and fulfilled (Purchases.Completed),
 * its grant becomes completed for good and its redirect session completed, in one transaction. A second
 * call (a replayed processor event) returns the completed purchase and changes nothing. `late`: a card
 * payment captured after its purchase ended, whose checkout settlePaidCheckout has handed back to it.
 */
export const completeCheckout = (
  ctx: DbContext,
  { purchaseId, paymentProvider, externalId, late = false }: { purchaseId: string; paymentProvider: string; externalId?: string | null; late?: boolean },
): Promise<Purchase> =>
  inTransaction(ctx.db, async (tx) => {
    const before = await tx.purchase.findUnique({ where: { id: purchaseId }, select: { status: true } });
    const replayed = before?.status === "completed";
    const purchase = await completePurchase({ ...ctx, db: tx }, { purchaseId, paymentProvider, externalId, late });
    if (purchase.grantId) {
      await tx.$queryRaw`SELECT 1 FROM "CheckoutGrant" WHERE id = ${purchase.grantId} FOR UPDATE`;
      const g = await tx.checkoutGrant.findUnique({ where: { id: purchase.grantId } });
      if (g && canTransitionGrant(g.status, "complete"))
        await transitionGrant({ ...ctx, db: tx }, { id: g.id, action: "complete", data: { completedAt: new Date(), purchaseId: purchase.id } });
    }
    if (purchase.checkoutSessionId)
      await tx.checkoutSession.updateMany({
        where: { id: purchase.checkoutSessionId, status: "open" },
        data: { status: "completed", purchaseId: purchase.id },
      });
    // The receipt, once: the job key makes a replayed completion a no-op (emailReceipt skips an account without an address).
    if (!replayed && purchase.playerId)
      await enqueueJob(tx, RECEIPT_EMAIL_TASK, { purchaseId: purchase.id }, { jobKey: `${RECEIPT_EMAIL_TASK}:${purchase.id}`, maxAttempts: 10 });
    return purchase;
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { TRANSITION_GRANT_ERRORS } from "./transition-grant.ts";
import { COMPLETE_PURCHASE_ERRORS } from "../purchases/complete-purchase.ts";
export const COMPLETE_CHECKOUT_ERRORS = [...TRANSITION_GRANT_ERRORS, ...COMPLETE_PURCHASE_ERRORS] as const satisfies readonly ErrorCode[];
