import type { Purchase } from "../db/generated/client.ts";
import { inTransaction } from "../db/transaction.ts";
import { AppError } from "../core/errors.ts";
import { loadProduct } from "../products/load-product.ts";
import { createStripeCheckoutSession } from "../stripe/create-checkout-session.ts";
import { requireStripe } from "../stripe/client.ts";
import { completeCheckout } from "../checkout/complete-checkout.ts";
import { declineCheckout } from "../checkout/decline-checkout.ts";
import { assertPayable, loadCheckout } from "../checkout/load-checkout.ts";
import { DECLINED_MESSAGE, sandboxCardOutcome, type CardInput } from "../checkout/sandbox-card.ts";
import { cancelUrlPath, successUrlPath } from "../checkout/sign-url.ts";
import { appBaseUrl } from "../config/settings.ts";
import { parseEmail } from "../core/email.ts";
import { startCheckout, type StartCheckoutInput } from "../checkout/start-checkout.ts";
import type { DbContext } from "../core/context.ts";

export type PayCheckoutInput = StartCheckoutInput & {
  /** card: the card typed on the page (test environment) */
  card?: CardInput;
};

export type PayCheckoutResult =
  | { outcome: "succeeded"; purchase: Purchase }
  /** `reason`: the card was declined, the balance is too low, or the player reached the item's perUserLimit */
  | { outcome: "declined"; purchase: Purchase; message: string; reason: "card_declined" | "insufficient_funds" | "limit_reached" }
  | { outcome: "redirect"; purchase: Purchase; url: string };

const PROVIDER = { wallet: "wallet", vc: "virtual_currency" } as const;
/** Refusals of completePurchase that happen before any write (ledger balance check, perUserLimit). */
const DECLINABLE = new Set(["INSUFFICIENT_FUNDS", "PURCHASE_LIMIT_REACHED"]);

/**
 * Pays a checkout, as the hosted page and the test helper both do. Who may pay with what is startCheckout's
 * rule (resolvePayer): wallet and vc only for the signed-in player, never for a guest whatever email the
 * form carries. Test-environment cards go to the sandbox
 * (4242… succeeds, 4000…0002 is declined, anything else is 400 before anything starts); live cards open a
 * Stripe Checkout Session (503 PAYMENTS_NOT_CONFIGURED without Stripe); wallet and virtual currency debit
 * the payer now. A decline or a balance too low fails the purchase (Purchases.Failed) and puts the grant
 * back to pending, so the same URL can try again.
 */
export const payCheckout = async (ctx: DbContext, input: PayCheckoutInput): Promise<PayCheckoutResult> => {
  const checkout = await loadCheckout(ctx, { ref: input.ref, gameId: input.gameId });
  assertPayable(checkout);
  let cardOutcome: "succeeded" | "declined" | null = null;
  if (input.method === "card" && checkout.environment === "test") {
    if (!input.card) throw new AppError("CARD_INVALID", "Enter a card number.", { details: [{ field: "number", message: "is required" }] });
    cardOutcome = sandboxCardOutcome(input.card);
  }
  if (input.method === "card" && checkout.environment === "live") {
    requireStripe();
    const purchase = await startCheckout(ctx, input);
    const product = await loadProduct(ctx, { gameId: purchase.gameId, environment: purchase.environment, productId: purchase.productId });
    const base = appBaseUrl();
    // the form's email is only a guest's receipt address; a signed-in payer's account has its own
    const receipt = input.signedInPlayerId ? null : parseEmail(input.email);
    const url = await createStripeCheckoutSession(ctx, {
      purchase,
      itemName: product.name,
      email: receipt,
      successUrl: base + successUrlPath(purchase.id),
      cancelUrl: base + cancelUrlPath(purchase.id),
    });
    return { outcome: "redirect", purchase, url };
  }
  // Synchronous payments start and finish in one transaction under the checkout's lock: a second payer of
  // the same URL waits, then finds it completed (409) instead of racing the first.
  return inTransaction(ctx.db, async (tx) => {
    const purchase = await startCheckout({ ...ctx, db: tx }, input);
    if (cardOutcome === "declined")
      return {
        outcome: "declined",
        purchase: await declineCheckout({ ...ctx, db: tx }, { purchaseId: purchase.id, message: DECLINED_MESSAGE }),
        message: DECLINED_MESSAGE,
        reason: "card_declined",
      };
    try {
      const provider = input.method === "card" ? "sandbox" : PROVIDER[input.method];
      return { outcome: "succeeded", purchase: await completeCheckout({ ...ctx, db: tx }, { purchaseId: purchase.id, paymentProvider: provider }) };
    } catch (err) {
      // Only refusals raised before anything is written are turned into a decline; anything else rolls back.
      if (!(err instanceof AppError) || !DECLINABLE.has(err.code)) throw err;
      const message =
        err.code === "INSUFFICIENT_FUNDS"
          ? input.method === "vc"
            ? "Your virtual-currency balance is too low for this item. Top it up or pay another way."
            : "Your wallet balance is too low for this item. Pay another way."
          : err.message;
      const reason = err.code === "INSUFFICIENT_FUNDS" ? "insufficient_funds" : "limit_reached";
      return { outcome: "declined", purchase: await declineCheckout({ ...ctx, db: tx }, { purchaseId: purchase.id, message }), message, reason };
    }
  });
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { COMPLETE_CHECKOUT_ERRORS } from "../checkout/complete-checkout.ts";
import { DECLINE_CHECKOUT_ERRORS } from "../checkout/decline-checkout.ts";
import { LOAD_CHECKOUT_ERRORS } from "../checkout/load-checkout.ts";
import { SANDBOX_CARD_ERRORS } from "../checkout/sandbox-card.ts";
import { START_CHECKOUT_ERRORS } from "../checkout/start-checkout.ts";
import { LOAD_PRODUCT_ERRORS } from "../products/load-product.ts";
import { CLIENT_ERRORS } from "../stripe/client.ts";
import { CREATE_CHECKOUT_SESSION_ERRORS } from "../stripe/create-checkout-session.ts";
export const PAY_CHECKOUT_ERRORS = [
  "CARD_INVALID",
  "INSUFFICIENT_FUNDS",
  "PURCHASE_LIMIT_REACHED",
  ...COMPLETE_CHECKOUT_ERRORS,
  ...DECLINE_CHECKOUT_ERRORS,
  ...LOAD_CHECKOUT_ERRORS,
  ...SANDBOX_CARD_ERRORS,
  ...START_CHECKOUT_ERRORS,
  ...LOAD_PRODUCT_ERRORS,
  ...CLIENT_ERRORS,
  ...CREATE_CHECKOUT_SESSION_ERRORS,
] as const satisfies readonly ErrorCode[];
