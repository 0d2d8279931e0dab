import type { Refund } from "../db/generated/client.ts";
import type { TxContext } from "../db/transaction.ts";
import { enqueueJob } from "../jobs/enqueue.ts";
import { REFUND_RECEIPT_EMAIL_TASK } from "../checkout/email-refund-receipt.ts";
import { lockPurchase } from "../purchases/lock-purchase.ts";
import { purchaseFields } from "../purchases/purchase-events.ts";
import { PURCHASE_EVENTS } from "../purchases/purchase-states.ts";
import { transitionPurchase } from "../purchases/transition-purchase.ts";
import { emitEvent } from "../webhooks/emit-event.ts";
import { clawBackPurchase, type Clawback } from "./claw-back-purchase.ts";
import type { ReturnedPayment } from "./return-payment.ts";
import type { PurchaseRefundResult } from "./schemas.ts";
import { serializeRefund } from "./schemas.ts";
import type { z } from "zod";

/**
 * Settles a purchase's pending refund once its money went back (`returned`: the VC or wallet journal in the same
 * transaction, the sandbox, or Stripe's refund id), in the caller's transaction: the purchase row is locked, what
 * the purchase delivered is taken back when the game's clawback setting is on, the
 * purchase becomes partially_refunded or refunded, the Refund row succeeded, the payer's receipt is queued and
 * Purchases.Refunded goes to the game's outbox. A refund that is no longer pending (settled by a concurrent retry or
 * the recovery job) is answered as it is, nothing done twice.
 */
export const finishPurchaseRefund = async (
  ctx: TxContext,
  { refundId, returned }: { refundId: string; returned: ReturnedPayment },
): Promise<z.infer<typeof PurchaseRefundResult>> => {
  const tx = ctx.db;
  const pending = await tx.refund.findUniqueOrThrow({ where: { id: refundId }, select: { objectId: true } });
  const p = await lockPurchase({ db: tx }, { purchaseId: pending.objectId });
  const row = await tx.refund.findUniqueOrThrow({ where: { id: refundId } });
  if (row.status !== "pending") return answer(row, p);
  const to = p.refundedAmount + row.amount;
  const game = await tx.game.findUniqueOrThrow({ where: { id: p.gameId }, select: { refundClawback: true } });
  const clawback: Clawback | null = game.refundClawback
    ? await clawBackPurchase({ db: tx }, { purchase: p, from: p.refundedAmount, to, reference: refundId })
    : null;
  const updated = await transitionPurchase(
    { db: tx },
    {
      id: p.id,
      action: to === p.amount ? "refund" : "refundPartially",
      data: { refundedAmount: to, refundedAt: new Date(), refundId: returned.externalId ?? refundId },
    },
  );
  const refund = await tx.refund.update({
    where: { id: refundId },
    data: { status: "succeeded", provider: returned.provider, externalId: returned.externalId, journalId: returned.journalId, clawback: clawback ?? undefined },
  });
  // the payer's refund receipt (lib/checkout/email-refund-receipt.ts), sent after the commit by the worker
  if (p.grantId || p.checkoutSessionId)
    await enqueueJob(tx, REFUND_RECEIPT_EMAIL_TASK, { purchaseId: p.id, refundId }, { jobKey: `${REFUND_RECEIPT_EMAIL_TASK}:${refundId}`, maxAttempts: 10 });
  const product = await tx.product.findUniqueOrThrow({ where: { id: p.productId }, select: { id: true, type: true } });
  await emitEvent(tx, {
    owner: { type: "game", id: p.gameId },
    environment: p.environment,
    event: PURCHASE_EVENTS.refunded,
    objectType: "purchase",
    objectId: p.id,
    data: {
      ...purchaseFields(updated, product),
      refund: { refundId, amount: Number(row.amount), reason: row.reason, refundedAmount: Number(to), clawback },
    },
  });
  return answer(refund, updated);
};

/** The API's answer about a settled refund and its purchase. */
export const answer = (refund: Refund, p: { id: string; status: string; amount: bigint; refundedAmount: bigint }): z.infer<typeof PurchaseRefundResult> => ({
  data: {
    refund: serializeRefund(refund),
    purchase: { _id: p.id, status: p.status, amount: Number(p.amount), refundedAmount: Number(p.refundedAmount) },
  },
});

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { CLAW_BACK_PURCHASE_ERRORS } from "./claw-back-purchase.ts";
import { LOCK_PURCHASE_ERRORS } from "../purchases/lock-purchase.ts";
import { TRANSITION_PURCHASE_ERRORS } from "../purchases/transition-purchase.ts";
export const FINISH_PURCHASE_REFUND_ERRORS = [
  ...LOCK_PURCHASE_ERRORS,
  ...CLAW_BACK_PURCHASE_ERRORS,
  ...TRANSITION_PURCHASE_ERRORS,
] as const satisfies readonly ErrorCode[];
