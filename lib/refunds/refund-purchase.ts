import type { Environment } from "../core/environment.ts";
import { AppError, conflict, notFound, unprocessable } from "../core/errors.ts";
import type { DbContext } from "../core/context.ts";
import type { Refund } from "../db/generated/client.ts";
import { newId } from "../db/ids.ts";
import { inTransaction } from "../db/transaction.ts";
import { lockPurchase } from "../purchases/lock-purchase.ts";
import { REFUNDABLE_STATES } from "../purchases/purchase-states.ts";
import { answer, finishPurchaseRefund } from "./finish-purchase-refund.ts";
import { paysBackAtStripe, returnPayment } from "./return-payment.ts";
import { settleStripeRefund } from "./settle-stripe-refund.ts";
import type { PurchaseRefundResult, RefundBody } from "./schemas.ts";
import type { z } from "zod";

export type RefundPurchaseInput = RefundBody & {
  gameId: string;
  environment: Environment;
  purchaseId: string;
  /** api | portal | dispute */
  source?: string;
  /** the request's Idempotency-Key: a repeat answers the refund it made, or resumes it while it is pending at Stripe */
  requestKey?: string;
};

export type RefundPurchaseResult = z.infer<typeof PurchaseRefundResult> & { replayed: boolean };

/** A repeat of a request must be the same request (the kernel's rule for an Idempotency-Key, kept by the service). */
const checkSameRequest = (row: Refund, input: RefundPurchaseInput) => {
  if (row.reason !== input.reason || row.note !== (input.note ?? null) || (input.amount !== undefined && BigInt(input.amount) !== row.amount))
    throw new AppError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used with a different request. Use a new key for a new request.");
};

/** The 502 of a live card refund Stripe did not make, saying whether the amount is held (pending) or free again. */
const providerError = (row: { id: string; amount: bigint }, status: "failed" | "pending", message = "") =>
  new AppError(
    "PAYMENT_PROVIDER_ERROR",
    status === "failed"
      ? `Stripe refused the refund (${message}); nothing was refunded and the amount can be refunded again.`
      : `Stripe did not answer (${message}); refund ${row.id} of ${row.amount} is pending: retry this request with the same Idempotency-Key, or the service settles it with Stripe within minutes (it is never made twice).`,
  );

/**
 * Refunds a completed purchase in full or in part, once per call. The purchase row is locked first (SELECT ... FOR
 * UPDATE), so racing refunds of one purchase run one after the other and each sees what the others gave back or
 * reserved: a refund above what is left of the payment is 422 REFUND_EXCEEDS_PAYMENT, nothing changed.
 * - VC units, wallet USDC and the sandbox: the money goes back (returnPayment) and the refund is finished
 *   (finishPurchaseRefund: clawback, partially_refunded or refunded, receipt, Purchases.Refunded) in that one
 *   transaction.
 * - a live card payment: that transaction only reserves the refund (a pending Refund row, counted by every later
 *   refund of the purchase) and commits; Stripe is called with no lock held (settleStripeRefund), and a second
 *   transaction finishes the refund, or releases it when Stripe refuses (502 PAYMENT_PROVIDER_ERROR, nothing
 *   refunded). Without an answer from Stripe it stays pending (502 saying so) until a retry of the request or the
 *   recovery job settles it. docs/decisions/refund-outside-lock.md
 * A repeat with the request's Idempotency-Key answers the refund it made (replayed), or resumes it while pending.
 * Another game's or environment's purchase is 404; one that is not completed (or partially refunded), refunded
 * already, free, or under dispute is 409 PURCHASE_NOT_REFUNDABLE.
 */
export const refundPurchase = async (ctx: DbContext, input: RefundPurchaseInput): Promise<RefundPurchaseResult> => {
  const step = await inTransaction(ctx.db, async (tx): Promise<{ done: z.infer<typeof PurchaseRefundResult>; replayed: boolean } | { atStripe: Refund }> => {
    const found = await tx.purchase.findFirst({ where: { id: input.purchaseId, gameId: input.gameId, environment: input.environment }, select: { id: true } });
    if (!found) throw notFound(`Purchase ${JSON.stringify(input.purchaseId)}`, "PURCHASE_NOT_FOUND");
    const p = await lockPurchase({ db: tx }, { purchaseId: found.id });
    if (input.requestKey) {
      const same = await tx.refund.findUnique({
        where: { objectType_objectId_requestKey: { objectType: "purchase", objectId: p.id, requestKey: input.requestKey } },
      });
      if (same) {
        checkSameRequest(same, input);
        return same.status === "pending" ? { atStripe: same } : { done: answer(same, p), replayed: true };
      }
    }
    const refuse = (why: string) => conflict("PURCHASE_NOT_REFUNDABLE", `Purchase ${p.id} ${why}; nothing was refunded.`);
    if (!(REFUNDABLE_STATES as readonly string[]).includes(p.status)) throw refuse(`is ${p.status}; only a completed purchase can be refunded`);
    if (p.disputeStatus === "open" && input.source !== "dispute") throw refuse("is disputed at the card network; the dispute decides");
    const held =
      (await tx.refund.aggregate({ where: { objectType: "purchase", objectId: p.id, status: "pending" }, _sum: { amount: true } }))._sum.amount ?? 0n;
    const left = p.amount - p.refundedAmount - held;
    if (left <= 0n)
      throw refuse(
        p.amount === 0n ? "was free" : held > 0n ? `has ${held} of its payment in refunds pending at the card processor` : "is refunded in full already",
      );
    const amount = input.amount === undefined ? left : BigInt(input.amount);
    if (amount > left)
      throw unprocessable(
        "REFUND_EXCEEDS_PAYMENT",
        `A refund of ${amount} is more than what is left of purchase ${p.id}: ${left} of ${p.amount} ${p.currency} (refunded so far: ${p.refundedAmount}${held > 0n ? `; pending: ${held}` : ""}). Nothing was refunded.`,
      );
    const game = await tx.game.findUniqueOrThrow({ where: { id: p.gameId }, select: { businessId: true } });
    const atStripe = paysBackAtStripe(p);
    const reserved = await tx.refund.create({
      data: {
        id: newId(),
        objectType: "purchase",
        objectId: p.id,
        gameId: p.gameId,
        businessId: game.businessId,
        environment: p.environment,
        amount,
        currency: p.currency,
        reason: input.reason,
        note: input.note ?? null,
        provider: atStripe ? "stripe" : (p.paymentProvider ?? "sandbox"),
        status: "pending",
        requestKey: input.requestKey ?? null,
        source: input.source ?? "api",
      },
    });
    if (atStripe) return { atStripe: reserved };
    const returned = await returnPayment({ db: tx }, { purchase: p, amount, from: p.refundedAmount });
    return { done: await finishPurchaseRefund({ db: tx }, { refundId: reserved.id, returned }), replayed: false };
  });
  if ("done" in step) return { ...step.done, replayed: step.replayed };
  // the lock is released: Stripe is asked with no row held, then the refund is finished or released
  const settled = await settleStripeRefund(ctx, { refundId: step.atStripe.id });
  if (settled.status !== "succeeded") throw providerError(step.atStripe, settled.status, settled.message);
  const row = await ctx.db.refund.findUniqueOrThrow({ where: { id: step.atStripe.id } });
  const p = await ctx.db.purchase.findUniqueOrThrow({ where: { id: row.objectId } });
  return { ...answer(row, p), replayed: false };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FINISH_PURCHASE_REFUND_ERRORS } from "./finish-purchase-refund.ts";
import { RETURN_PAYMENT_ERRORS } from "./return-payment.ts";
import { SETTLE_STRIPE_REFUND_ERRORS } from "./settle-stripe-refund.ts";
export const REFUND_PURCHASE_ERRORS = [
  "PURCHASE_NOT_FOUND",
  "PURCHASE_NOT_REFUNDABLE",
  "REFUND_EXCEEDS_PAYMENT",
  "IDEMPOTENCY_KEY_REUSED",
  "PAYMENT_PROVIDER_ERROR",
  ...FINISH_PURCHASE_REFUND_ERRORS,
  ...RETURN_PAYMENT_ERRORS,
  ...SETTLE_STRIPE_REFUND_ERRORS,
] as const satisfies readonly ErrorCode[];
