import type { Purchase } from "../db/generated/client.ts";
import { conflict } from "../core/errors.ts";
import { requireStripe } from "./client.ts";
import { queueStripeSessionExpiry } from "./queue-session-expiry.ts";
import type { DbContext } from "../core/context.ts";

/**
 * A Stripe Checkout Session for a pending card purchase (price fixed in cents). The session id is stored
 * as the purchase's externalId, which the webhook uses to find the purchase. Returns the URL to send the
 * payer to. A purchase canceled while the session was being made (the payer switched method in another
 * tab) gets the new session's expiry queued at once, and the payer is told to start again (409).
 */
export const createStripeCheckoutSession = async (
  ctx: DbContext,
  { purchase, itemName, email, successUrl, cancelUrl }: { purchase: Purchase; itemName: string; email?: string | null; successUrl: string; cancelUrl: string },
): Promise<string> => {
  const stripe = requireStripe();
  const session = await stripe.checkout.sessions.create(
    {
      mode: "payment",
      line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: Number(purchase.amount), product_data: { name: itemName } } }],
      client_reference_id: purchase.id,
      metadata: { kind: "purchase", purchaseId: purchase.id, gameId: purchase.gameId },
      ...(email ? { customer_email: email } : {}),
      success_url: successUrl,
      cancel_url: cancelUrl,
    },
    { idempotencyKey: `purchase-${purchase.id}` },
  );
  const stored = await ctx.db.purchase.update({ where: { id: purchase.id }, data: { externalId: session.id, paymentProvider: "stripe" } });
  if (stored.status !== "pending") {
    await queueStripeSessionExpiry(ctx, { purchase: stored });
    throw conflict("PURCHASE_NOT_PENDING", "This checkout changed while the card payment was being prepared. Please try again.");
  }
  if (!session.url) throw new Error(`Stripe returned no URL for Checkout Session ${session.id}`);
  return session.url;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { CLIENT_ERRORS } from "./client.ts";
export const CREATE_CHECKOUT_SESSION_ERRORS = ["PURCHASE_NOT_PENDING", ...CLIENT_ERRORS] as const satisfies readonly ErrorCode[];
