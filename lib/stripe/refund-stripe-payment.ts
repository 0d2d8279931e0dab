import type { Purchase } from "../db/generated/client.ts";
import { refundPaymentIntent } from "./refund-payment-intent.ts";
import type { DbContext } from "../core/context.ts";

/**
 * Refunds the card payment of a purchase that cannot keep it (it completed at Stripe after the purchase had
 * ended, or the player was at perUserLimit), in full and once: the idempotency key is the purchase's, and
 * the refund id is stored (refundId, refundedAt). A purchase already refunded is returned unchanged. A
 * Stripe failure throws, so the webhook answers 500 and Stripe sends the event again later.
 */
export const refundStripePayment = async (
  ctx: DbContext,
  { purchaseId, paymentIntentId }: { purchaseId: string; paymentIntentId: string },
): Promise<Purchase> => {
  const p = await ctx.db.purchase.findUniqueOrThrow({ where: { id: purchaseId } });
  if (p.refundedAt) return p;
  const refundId = await refundPaymentIntent({ paymentIntentId, idempotencyKey: `refund-${purchaseId}`, metadata: { purchaseId, gameId: p.gameId } });
  await ctx.db.purchase.updateMany({ where: { id: purchaseId, refundedAt: null }, data: { refundId, refundedAt: new Date() } });
  return ctx.db.purchase.findUniqueOrThrow({ where: { id: purchaseId } });
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { REFUND_PAYMENT_INTENT_ERRORS } from "./refund-payment-intent.ts";
export const REFUND_STRIPE_PAYMENT_ERRORS = [...REFUND_PAYMENT_INTENT_ERRORS] as const satisfies readonly ErrorCode[];
