// What the page Stripe's cancel_url lands on shows (GET /checkout/cancel/{purchaseId}?sig=…). Read-only:
// a GET cancels nothing (Stripe, a prefetch or a link preview may open it); the payer's button does.
import type { Purchase } from "../db/generated/client.ts";
import type { DbClient } from "../db/transaction.ts";
import type { CheckoutTheme } from "./schemas.ts";
import { checkoutPath } from "./sign-url.ts";
import { resolveTheme } from "./theme.ts";

export type PaymentReturnView = {
  purchaseId: string;
  status: string;
  refunded: boolean;
  test: boolean;
  game: { name: string };
  theme: CheckoutTheme;
  itemName: string | null;
  /** the checkout page of the purchase (its grant's or its redirect's), when it has one */
  checkoutPath: string | null;
};

/** The checkout page a purchase was started from: its grant's signed URL or its redirect URL. */
export const purchaseCheckoutPath = async (db: DbClient, p: Pick<Purchase, "grantId" | "checkoutSessionId">): Promise<string | null> => {
  if (p.grantId) return checkoutPath({ kind: "grant", grantId: p.grantId });
  const session = p.checkoutSessionId ? await db.checkoutSession.findUnique({ where: { id: p.checkoutSessionId }, select: { token: true } }) : null;
  return session ? checkoutPath({ kind: "session", token: session.token }) : null;
};

/** The view of the cancel page of a (signature-verified) purchase id, or null when there is no such purchase. */
export const describePaymentReturn = async (db: DbClient, purchaseId: string): Promise<PaymentReturnView | null> => {
  const p = await db.purchase.findUnique({ where: { id: purchaseId } });
  if (!p) return null;
  const [game, product, back] = await Promise.all([
    db.game.findUniqueOrThrow({ where: { id: p.gameId }, select: { name: true, checkoutTheme: true } }),
    db.product.findUnique({ where: { id: p.productId }, select: { name: true } }),
    purchaseCheckoutPath(db, p),
  ]);
  return {
    purchaseId: p.id,
    status: p.status,
    refunded: p.refundedAt !== null,
    test: p.environment === "test",
    game: { name: game.name },
    theme: resolveTheme(game.checkoutTheme),
    itemName: product?.name ?? null,
    checkoutPath: back,
  };
};
