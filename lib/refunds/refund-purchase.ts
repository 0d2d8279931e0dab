import type { Environment } from "../core/environment.ts";
import { conflict, notFound, unprocessable } from "../core/errors.ts";
import type { DbContext } from "../core/context.ts";
import { newId } from "../db/ids.ts";
import { inTransaction } from "../db/transaction.ts";
import { emitEvent } from "../webhooks/emit-event.ts";
import { enqueueJob } from "../jobs/enqueue.ts";
import { REFUND_RECEIPT_EMAIL_TASK } from "../checkout/email-refund-receipt.ts";
import { lockPurchase } from "../purchases/lock-purchase.ts";
import { purchaseFields } from "../purchases/purchase-events.ts";
import { PURCHASE_EVENTS, REFUNDABLE_STATES } from "../purchases/purchase-states.ts";
import { transitionPurchase } from "../purchases/transition-purchase.ts";
import { clawBackPurchase, type Clawback } from "./claw-back-purchase.ts";
import { returnPayment } from "./return-payment.ts";
import { PurchaseRefundResult, serializeRefund, type RefundBody } from "./schemas.ts";
import type { z } from "zod";

export type RefundPurchaseInput = RefundBody & {
  gameId: string;
  environment: Environment;
  purchaseId: string;
  /** api | portal | dispute */
  source?: string;
  /** dispute: the clawback is done by the dispute, not the refund */
  skipClawback?: boolean;
};

/**
 * Refunds a completed purchase in full or in part, once per call, in one transaction: the purchase row is locked
 * first (SELECT ... FOR UPDATE), so racing refunds of one purchase run one after the other and each sees what the
 * others gave back: a refund above what is left of the payment is 422 REFUND_EXCEEDS_PAYMENT, nothing changed. The
 * money goes back by the way it came (returnPayment: VC units, wallet USDC, the sandbox or Stripe), what the purchase
 * delivered is taken back when the game's clawback setting is on (clawBackPurchase), the purchase becomes
 * partially_refunded or refunded, a Refund row is written and Purchases.Refunded goes to the game's outbox, all or
 * nothing. Another game's or environment's purchase is 404; one that is not completed (or partially refunded), refunded
 * already, free, or under dispute is 409 PURCHASE_NOT_REFUNDABLE.
 */
export const refundPurchase = (ctx: DbContext, input: RefundPurchaseInput): Promise<z.infer<typeof PurchaseRefundResult>> =>
  inTransaction(ctx.db, async (tx) => {
    const found = await tx.purchase.findFirst({ where: { id: input.purchaseId, gameId: input.gameId, environment: input.environment }, select: { id: true } });
    if (!found) throw notFound(`Purchase ${JSON.stringify(input.purchaseId)}`, "PURCHASE_NOT_FOUND");
    const p = await lockPurchase({ db: tx }, { purchaseId: found.id });
    const refuse = (why: string) => conflict("PURCHASE_NOT_REFUNDABLE", `Purchase ${p.id} ${why}; nothing was refunded.`);
    if (!(REFUNDABLE_STATES as readonly string[]).includes(p.status)) throw refuse(`is ${p.status}; only a completed purchase can be refunded`);
    if (p.disputeStatus === "open" && input.source !== "dispute") throw refuse("is disputed at the card network; the dispute decides");
    const left = p.amount - p.refundedAmount;
    if (left <= 0n) throw refuse(p.amount === 0n ? "was free" : "is refunded in full already");
    const amount = input.amount === undefined ? left : BigInt(input.amount);
    if (amount > left)
      throw unprocessable(
        "REFUND_EXCEEDS_PAYMENT",
        `A refund of ${amount} is more than what is left of purchase ${p.id}: ${left} of ${p.amount} ${p.currency} (refunded so far: ${p.refundedAmount}). Nothing was refunded.`,
      );
    const refundId = newId();
    const to = p.refundedAmount + amount;
    const game = await tx.game.findUniqueOrThrow({ where: { id: p.gameId }, select: { businessId: true, refundClawback: true } });
    const clawback: Clawback | null =
      game.refundClawback && !input.skipClawback ? await clawBackPurchase({ db: tx }, { purchase: p, from: p.refundedAmount, to, reference: refundId }) : null;
    const returned = await returnPayment({ db: tx }, { purchase: p, amount, from: p.refundedAmount });
    const updated = await transitionPurchase(
      { db: tx },
      {
        id: p.id,
        action: to === p.amount ? "refund" : "refundPartially",
        data: { refundedAmount: to, refundedAt: new Date(), refundId: returned.externalId ?? refundId },
      },
    );
    const refund = await tx.refund.create({
      data: {
        id: refundId,
        objectType: "purchase",
        objectId: p.id,
        gameId: p.gameId,
        businessId: game.businessId,
        environment: p.environment,
        amount,
        currency: p.currency,
        reason: input.reason,
        note: input.note ?? null,
        provider: returned.provider,
        externalId: returned.externalId,
        journalId: returned.journalId,
        clawback: clawback ?? undefined,
        source: input.source ?? "api",
      },
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
        refund: { refundId, amount: Number(amount), reason: input.reason, refundedAmount: Number(to), clawback },
      },
    });
    return {
      data: {
        refund: serializeRefund(refund),
        purchase: { _id: updated.id, status: updated.status, amount: Number(updated.amount), refundedAmount: Number(updated.refundedAmount) },
      },
    };
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { CLAW_BACK_PURCHASE_ERRORS } from "./claw-back-purchase.ts";
import { RETURN_PAYMENT_ERRORS } from "./return-payment.ts";
import { TRANSITION_PURCHASE_ERRORS } from "../purchases/transition-purchase.ts";
export const REFUND_PURCHASE_ERRORS = [
  "PURCHASE_NOT_FOUND",
  "PURCHASE_NOT_REFUNDABLE",
  "REFUND_EXCEEDS_PAYMENT",
  ...CLAW_BACK_PURCHASE_ERRORS,
  ...RETURN_PAYMENT_ERRORS,
  ...TRANSITION_PURCHASE_ERRORS,
] as const satisfies readonly ErrorCode[];
