import Stripe from "stripe";
import type { Purchase } from "../db/generated/client.ts";
import { requireStripe } from "./client.ts";
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
  const stripe = requireStripe();
  let refundId: string;
  try {
    const refund = await stripe.refunds.create(
      { payment_intent: paymentIntentId, metadata: { purchaseId, gameId: p.gameId } },
      { idempotencyKey: `refund-${purchaseId}` },
    );
    refundId = refund.id;
  } catch (err) {
    // refunded already (e.g. an earlier attempt whose answer was lost, past Stripe's 24 h idempotency window)
    if (!(err instanceof Stripe.errors.StripeInvalidRequestError && err.code === "charge_already_refunded")) throw err;
    refundId = (await stripe.refunds.list({ payment_intent: paymentIntentId, limit: 1 })).data[0]?.id ?? "charge_already_refunded";
  }
  await ctx.db.purchase.updateMany({ where: { id: purchaseId, refundedAt: null }, data: { refundId, refundedAt: new Date() } });
  return ctx.db.purchase.findUniqueOrThrow({ where: { id: purchaseId } });
};
