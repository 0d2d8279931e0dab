import type { Purchase } from "../db/generated/client.ts";
import { inTransaction, type DbClient } from "../db/transaction.ts";
import { notFound } from "../core/errors.ts";
import { loadProduct } from "../products/load-product.ts";
import { cancelPurchase } from "../purchases/cancel-purchase.ts";
import { lockPurchase } from "../purchases/complete-purchase.ts";
import { lockPurchaseLimit } from "../purchases/lock-purchase-limit.ts";
import { completeCheckout } from "../checkout/complete-checkout.ts";
import { declineCheckout } from "../checkout/decline-checkout.ts";
import { canTransitionGrant, isGrantExpired } from "../checkout/grant-states.ts";
import { transitionGrant } from "../checkout/transition-grant.ts";
import type { DbContext } from "../core/context.ts";

/** completed: the purchase is completed now; replayed: it already was; refund: the payment must go back. */
export type SettleOutcome = "completed" | "replayed" | "refund";
export type SettledPayment = { purchase: Purchase; outcome: SettleOutcome };

export const LIMIT_REFUND_MESSAGE = "You already bought this item as many times as it can be bought, so this card payment was refunded.";
export const ALREADY_PAID_MESSAGE = "This checkout had already been paid another way, so this card payment was refunded.";

/** True when the purchase's checkout was completed by another purchase (a second payment of one checkout). */
const paidByAnother = async (tx: DbClient, p: Purchase): Promise<boolean> => {
  const holder = p.grantId
    ? await tx.checkoutGrant.findUnique({ where: { id: p.grantId }, select: { status: true, purchaseId: true } })
    : p.checkoutSessionId
      ? await tx.checkoutSession.findUnique({ where: { id: p.checkoutSessionId }, select: { status: true, purchaseId: true } })
      : null;
  return holder?.status === "completed" && holder.purchaseId !== p.id;
};

/** Cancels the purchase that holds the checkout now, if it is still pending. False when it completed. */
const displace = async (tx: DbClient, holderId: string | null, purchaseId: string): Promise<boolean> => {
  if (!holderId || holderId === purchaseId) return true;
  const holder = await lockPurchase({ db: tx }, { purchaseId: holderId });
  if (holder.status === "completed") return false;
  if (holder.status === "pending") await cancelPurchase({ db: tx }, { purchaseId: holderId });
  return true;
};

/**
 * Hands a purchase's checkout back to it, when the checkout can still take a payment: a grant that is
 * claimed, or pending and unexpired; a redirect checkout that is open. A pending purchase holding it
 * meanwhile (the payer switched method) is canceled, so its own Stripe session is expired. False when the
 * checkout completed with another payment or expired.
 */
const reclaimCheckout = async (tx: DbClient, p: Purchase, now: Date): Promise<boolean> => {
  if (p.grantId) {
    const g = await tx.checkoutGrant.findUnique({ where: { id: p.grantId } });
    if (!g || !canTransitionGrant(g.status, "claim") || isGrantExpired(g, now)) return false;
    if (!(await displace(tx, g.purchaseId, p.id))) return false;
    await transitionGrant({ db: tx }, { id: g.id, action: "claim", data: { claimedAt: g.claimedAt ?? now, purchaseId: p.id } });
    return true;
  }
  if (p.checkoutSessionId) {
    const s = await tx.checkoutSession.findUnique({ where: { id: p.checkoutSessionId } });
    if (!s || s.status !== "open" || s.expiresAt <= now) return false;
    if (!(await displace(tx, s.purchaseId, p.id))) return false;
    await tx.checkoutSession.update({ where: { id: s.id }, data: { purchaseId: p.id } });
    return true;
  }
  return false;
};

/**
 * A card processor says a checkout purchase was paid (Stripe's checkout.session.completed). It never
 * answers 409, so the processor's retries end:
 * - pending: completed (Purchases.Completed), unless its checkout was completed by another payment
 *   meanwhile: then it fails (Purchases.Failed) and the outcome is "refund";
 * - completed: a replay, nothing changes;
 * - canceled or failed (the payer switched method or backed out while the card page stayed open, or the
 *   checkout was reopened): completed late when its checkout can still take it (reclaimCheckout);
 * - otherwise, or when the player is at the item's perUserLimit (re-checked under its lock), the outcome
 *   is "refund": the caller refunds the payment. A pending purchase refused by the limit fails
 *   (Purchases.Failed, its grant pending again); an ended one stays as it is.
 * One transaction, locking the checkout before the purchase, the order startCheckout takes.
 */
export const settlePaidCheckout = (ctx: DbContext, input: { purchaseId: string; paymentProvider: string; externalId: string }): Promise<SettledPayment> =>
  inTransaction(ctx.db, async (tx) => {
    const seen = await tx.purchase.findUnique({ where: { id: input.purchaseId }, select: { grantId: true, checkoutSessionId: true } });
    if (!seen) throw notFound(`Purchase ${JSON.stringify(input.purchaseId)}`, "PURCHASE_NOT_FOUND");
    if (seen.grantId) await tx.$queryRaw`SELECT 1 FROM "CheckoutGrant" WHERE id = ${seen.grantId} FOR UPDATE`;
    if (seen.checkoutSessionId) await tx.$queryRaw`SELECT 1 FROM "CheckoutSession" WHERE id = ${seen.checkoutSessionId} FOR UPDATE`;
    const p = await lockPurchase({ ...ctx, db: tx }, { purchaseId: input.purchaseId });
    if (p.status === "completed") return { purchase: p, outcome: "replayed" };
    if (p.refundedAt) return { purchase: p, outcome: "refund" };

    const product = await loadProduct({ ...ctx, db: tx }, { gameId: p.gameId, environment: p.environment, productId: p.productId });
    const underLimit =
      !p.playerId ||
      (await lockPurchaseLimit(
        { ...ctx, db: tx },
        { productId: p.productId, playerId: p.playerId, perUserLimit: p.renewalPeriodEnd ? null : product.perUserLimit },
      ));
    const late = p.status !== "pending";
    const refusal = !underLimit ? LIMIT_REFUND_MESSAGE : !late && (await paidByAnother(tx, p)) ? ALREADY_PAID_MESSAGE : null;
    if (refusal) return { purchase: late ? p : await declineCheckout({ ...ctx, db: tx }, { purchaseId: p.id, message: refusal }), outcome: "refund" };
    if (late && !(await reclaimCheckout(tx, p, new Date()))) return { purchase: p, outcome: "refund" };
    return { purchase: await completeCheckout({ ...ctx, db: tx }, { ...input, late }), outcome: "completed" };
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { COMPLETE_CHECKOUT_ERRORS } from "../checkout/complete-checkout.ts";
import { DECLINE_CHECKOUT_ERRORS } from "../checkout/decline-checkout.ts";
import { TRANSITION_GRANT_ERRORS } from "../checkout/transition-grant.ts";
import { LOAD_PRODUCT_ERRORS } from "../products/load-product.ts";
import { CANCEL_PURCHASE_ERRORS } from "../purchases/cancel-purchase.ts";
import { COMPLETE_PURCHASE_ERRORS } from "../purchases/complete-purchase.ts";
export const SETTLE_PAID_CHECKOUT_ERRORS = [
  "PURCHASE_NOT_FOUND",
  ...COMPLETE_CHECKOUT_ERRORS,
  ...DECLINE_CHECKOUT_ERRORS,
  ...TRANSITION_GRANT_ERRORS,
  ...LOAD_PRODUCT_ERRORS,
  ...CANCEL_PURCHASE_ERRORS,
  ...COMPLETE_PURCHASE_ERRORS,
] as const satisfies readonly ErrorCode[];
