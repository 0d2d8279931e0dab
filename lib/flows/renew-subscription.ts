import type { Purchase, Subscription } from "../db/generated/client.ts";
import { inTransaction, type DbClient } from "../db/transaction.ts";
import { AppError } from "../core/errors.ts";
import { requireLinkConsent } from "../linking/link-consent.ts";
import { resolveUserRef } from "../linking/resolve-user-ref.ts";
import { completePurchase } from "../purchases/complete-purchase.ts";
import { createRenewalPurchase } from "../purchases/create-renewal-purchase.ts";
import { failPurchase } from "../purchases/fail-purchase.ts";
import type { PaymentMethod } from "../purchases/price-purchase.ts";
import { cancelSubscription } from "../subscriptions/cancel-subscription.ts";
import { MAX_FAILED_CHARGES, RETRY_DELAY_MS } from "../subscriptions/subscription-states.ts";
import type { DbContext } from "../core/context.ts";

export type RenewOutcome = "renewed" | "failed" | "canceled" | "skipped";

const isDue = (s: Subscription, now: Date) => s.status === "Active" && s.currentPeriodEnd <= now && (!s.nextChargeAt || s.nextChargeAt <= now);

/** The processor of a renewal charge: VC and wallet through the ledger; a card in test through the sandbox. */
const providerOf = (s: Subscription): string => {
  if (s.paymentMethod === "vc") return "virtual_currency";
  if (s.paymentMethod === "wallet") return "wallet";
  if (s.environment === "test") return "sandbox";
  throw new AppError(
    "CARD_RENEWAL_UNAVAILABLE",
    "Live card renewals need Stripe off-session charging, which is not configured; the player must buy the subscription again.",
  );
};

/**
 * A wallet or VC renewal debits the player's balance, so it needs the player's consent: the game's link
 * approved for that spending (link-consent.ts), or the player's own subscribing, signed in, on a hosted
 * checkout page (the subscription's first purchase came through a grant or checkout session), where they
 * agreed to the monthly charge. Otherwise 403 LINK_NOT_APPROVED, recorded as a failed charge.
 */
const requireRenewalConsent = async (db: DbClient, s: Subscription) => {
  if (s.paymentMethod !== "wallet" && s.paymentMethod !== "vc") return;
  const first = await db.purchase.findFirst({ where: { subscriptionId: s.id, renewalPeriodEnd: null }, select: { grantId: true, checkoutSessionId: true } });
  if (first?.grantId || first?.checkoutSessionId) return;
  const link = await resolveUserRef({ db }, { namespace: { type: "game", id: s.gameId }, environment: s.environment, userRef: s.userRef });
  requireLinkConsent(link, s.paymentMethod === "wallet" ? "wallet:spend" : "vc:spend");
};

/**
 * Charges one due subscription for its next period, idempotently: the subscription row is locked and
 * the due check repeated, so concurrent or repeated runs charge a period once. A renewal Purchase is
 * created and completed with the subscription's payment method (which advances currentPeriodEnd by a
 * month); a wallet or VC charge needs the player's consent (requireRenewalConsent). A failed charge is
 * recorded on a failed renewal Purchase (Purchases.Failed) and on the subscription (lastChargeStatus/
 * lastChargeError), retried after 24 hours, and after the third failure the subscription is canceled
 * (Subscription.Canceled, reason payment_failed).
 */
export const renewSubscription = (ctx: DbContext, { subscriptionId, now = new Date() }: { subscriptionId: string; now?: Date }): Promise<RenewOutcome> =>
  inTransaction(ctx.db, async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM "Subscription" WHERE id = ${subscriptionId} FOR UPDATE`;
    const s = await tx.subscription.findUnique({ where: { id: subscriptionId } });
    if (!s || !isDue(s, now)) return "skipped";
    try {
      // a savepoint: a refused charge rolls back only its own writes
      await tx.$transaction(async (sp) => {
        await requireRenewalConsent(sp, s);
        const purchase = await createRenewalPurchase(
          { ...ctx, db: sp },
          {
            gameId: s.gameId,
            environment: s.environment,
            productId: s.productId,
            userRef: s.userRef,
            method: s.paymentMethod as PaymentMethod,
            currencyId: s.currencyId,
            renewal: { subscriptionId: s.id, periodEnd: s.currentPeriodEnd },
          },
        );
        await completePurchase({ ...ctx, db: sp }, { purchaseId: purchase.id, paymentProvider: providerOf(s) });
      });
      return "renewed";
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return recordFailure(tx, s, err.message, now);
    }
  });

const recordFailure = async (tx: DbClient, s: Subscription, message: string, now: Date): Promise<RenewOutcome> => {
  // The savepoint rolled the purchase back; record the attempt as a failed renewal purchase when one can exist.
  const attempt = (payer: { userRef: string | null }) =>
    tx.$transaction((sp) =>
      createRenewalPurchase(
        { db: sp },
        {
          gameId: s.gameId,
          environment: s.environment,
          productId: s.productId,
          playerId: s.playerId,
          ...payer,
          method: s.paymentMethod as PaymentMethod,
          currencyId: s.currencyId,
          renewal: { subscriptionId: s.id, periodEnd: s.currentPeriodEnd },
        },
      ),
    );
  // with the userRef when still linked, else by player; no purchase when the item has no price left
  const failed: Purchase | null = await attempt({ userRef: s.userRef })
    .catch(() => attempt({ userRef: null }))
    .catch(() => null);
  if (failed) await failPurchase({ db: tx }, { purchaseId: failed.id, message });
  const failedCharges = s.failedCharges + 1;
  await tx.subscription.update({
    where: { id: s.id },
    data: { lastChargeStatus: "failed", lastChargeError: message, failedCharges, nextChargeAt: new Date(now.getTime() + RETRY_DELAY_MS) },
  });
  if (failedCharges < MAX_FAILED_CHARGES) return "failed";
  await cancelSubscription({ db: tx }, { subscriptionId: s.id, reason: "payment_failed" });
  return "canceled";
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { LINK_CONSENT_ERRORS } from "../linking/link-consent.ts";
import { RESOLVE_USER_REF_ERRORS } from "../linking/resolve-user-ref.ts";
import { COMPLETE_PURCHASE_ERRORS } from "../purchases/complete-purchase.ts";
import { CREATE_RENEWAL_PURCHASE_ERRORS } from "../purchases/create-renewal-purchase.ts";
import { FAIL_PURCHASE_ERRORS } from "../purchases/fail-purchase.ts";
import { CANCEL_SUBSCRIPTION_ERRORS } from "../subscriptions/cancel-subscription.ts";
export const RENEW_SUBSCRIPTION_ERRORS = [
  "CARD_RENEWAL_UNAVAILABLE",
  ...LINK_CONSENT_ERRORS,
  ...RESOLVE_USER_REF_ERRORS,
  ...COMPLETE_PURCHASE_ERRORS,
  ...CREATE_RENEWAL_PURCHASE_ERRORS,
  ...FAIL_PURCHASE_ERRORS,
  ...CANCEL_SUBSCRIPTION_ERRORS,
] as const satisfies readonly ErrorCode[];
