// What the page Stripe's cancel_url lands on shows (GET /checkout/cancel/{purchaseId}?sig=…). Read-only:
// a GET cancels nothing (Stripe, a prefetch or a link preview may open it); the payer's button does.
import type { Purchase } from "../db/generated/client.ts";
import { gameLinksOf, metadataLocale, type GameLinks } from "./describe-checkout.ts";
import type { CheckoutTheme } from "./schemas.ts";
import { checkoutPath } from "./sign-url.ts";
import { resolveTheme } from "./theme.ts";
import type { DbContext } from "../core/context.ts";

export type PaymentReturnView = {
  purchaseId: string;
  status: string;
  refunded: boolean;
  test: boolean;
  game: { name: string; links: GameLinks };
  /** the checkout's own language (a grant's checkoutMetadata.locale), else null */
  locale: string | null;
  theme: CheckoutTheme;
  itemName: string | null;
  /** the checkout page of the purchase (its grant's or its redirect's), when it has one */
  checkoutPath: string | null;
};

/** The checkout page a purchase was started from: its grant's signed URL or its redirect URL. */
export const purchaseCheckoutPath = async (
  ctx: DbContext,
  { purchase: p }: { purchase: Pick<Purchase, "grantId" | "checkoutSessionId"> },
): Promise<string | null> => {
  if (p.grantId) return checkoutPath({ kind: "grant", grantId: p.grantId });
  const session = p.checkoutSessionId ? await ctx.db.checkoutSession.findUnique({ where: { id: p.checkoutSessionId }, select: { token: true } }) : null;
  return session ? checkoutPath({ kind: "session", token: session.token }) : null;
};

/** The view of the cancel page of a (signature-verified) purchase id, or null when there is no such purchase. */
export const describePaymentReturn = async (ctx: DbContext, { purchaseId }: { purchaseId: string }): Promise<PaymentReturnView | null> => {
  const p = await ctx.db.purchase.findUnique({ where: { id: purchaseId } });
  if (!p) return null;
  const [game, product, back] = await Promise.all([
    ctx.db.game.findUniqueOrThrow({ where: { id: p.gameId }, select: { name: true, checkoutTheme: true, storeUrl: true, termsUrl: true, supportUrl: true } }),
    ctx.db.product.findUnique({ where: { id: p.productId }, select: { name: true } }),
    purchaseCheckoutPath(ctx, { purchase: p }),
  ]);
  return {
    purchaseId: p.id,
    status: p.status,
    refunded: p.refundedAt !== null,
    test: p.environment === "test",
    game: { name: game.name, links: gameLinksOf(game) },
    locale: metadataLocale(p.checkoutMetadata),
    theme: resolveTheme(game.checkoutTheme),
    itemName: product?.name ?? null,
    checkoutPath: back,
  };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { DESCRIBE_CHECKOUT_ERRORS } from "./describe-checkout.ts";
export const DESCRIBE_PAYMENT_RETURN_ERRORS = [...DESCRIBE_CHECKOUT_ERRORS] as const satisfies readonly ErrorCode[];
