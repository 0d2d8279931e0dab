// Server-only: what the page after paying (/checkout/success/{purchaseId}) shows: what was bought and for
// how much, what happens next (how the item arrives, the account's email), the way back to the game and
// the short reference. The caller has verified the purchase id's signature.
import type { DbContext } from "../core/context.ts";
import type { Environment } from "../core/environment.ts";
import { gameLinksOf, includedTaxOf, metadataLocale, type GameLinks, type IncludedTax } from "./describe-checkout.ts";
import { purchaseCheckoutPath } from "./describe-payment-return.ts";
import { purchaseReference } from "./purchase-reference.ts";
import type { CheckoutTheme } from "./schemas.ts";
import { resolveTheme } from "./theme.ts";
import { resolveBackLink, type BackLink } from "./resolve-back-link.ts";

/** How the item reaches the payer, as the success page says it. */
export type Delivery =
  | { kind: "currency"; amount: number; code: string; name: string }
  | { kind: "key"; email: string | null }
  | { kind: "subscription" }
  | { kind: "game" }
  /** fulfilment failed (e.g. no key left): the game follows up */
  | { kind: "followUp" };

/** The amount paid: USD cents (card, wallet) or virtual-currency units (`currency` is then its code). */
export type PaidAmount = { kind: "usd"; cents: number } | { kind: "vc"; units: number; code: string };

export type SuccessView = {
  purchaseId: string;
  /** the short reference ("CO-7K3F-9Q2D", purchase-reference.ts) */
  reference: string;
  status: string;
  refunded: boolean;
  /** a refunded or partially refunded purchase (lib/refunds): what was given back, in the unit of `paid` */
  refundedAmount: PaidAmount | null;
  failureMessage: string | null;
  environment: Environment;
  paid: PaidAmount;
  game: { name: string; theme: CheckoutTheme; links: GameLinks; tax: IncludedTax | null; hideShareButtons: boolean };
  item: { name: string };
  delivery: Delivery;
  /** the email of the account the purchase is on (null for an account without a real address) */
  email: string | null;
  /** "Return to game": the redirect's redirectUrl, else the game's store URL */
  /** the way back to the game (lib/checkout/resolve-back-link.ts) */
  back: BackLink;
  /** the address of the way back, or null when it is "Close" */
  returnUrl: string | null;
  /** the checkout page the purchase came from (a failed or canceled payment tries again there) */
  checkoutPath: string | null;
  /** the checkout's own language (a grant's checkoutMetadata.locale), else null */
  locale: string | null;
};

export const loadSuccessView = async ({ db }: DbContext, { purchaseId }: { purchaseId: string }): Promise<SuccessView | null> => {
  const purchase = await db.purchase.findUnique({ where: { id: purchaseId } });
  if (!purchase) return null;
  const [game, product, session, player, back] = await Promise.all([
    db.game.findUniqueOrThrow({
      where: { id: purchase.gameId },
      select: {
        name: true,
        checkoutTheme: true,
        hideSuccessPageShareButtons: true,
        storeUrl: true,
        termsUrl: true,
        supportUrl: true,
        taxLabel: true,
        taxRateBps: true,
      },
    }),
    db.product.findUnique({
      where: { id: purchase.productId },
      select: { name: true, type: true, fulfillmentType: true, grantCurrencyId: true, grantAmountUnits: true },
    }),
    purchase.checkoutSessionId ? db.checkoutSession.findUnique({ where: { id: purchase.checkoutSessionId }, select: { redirectUrl: true } }) : null,
    purchase.playerId ? db.player.findUnique({ where: { id: purchase.playerId }, select: { email: true } }) : null,
    purchaseCheckoutPath({ db }, { purchase }),
  ]);
  const grantCurrency =
    product?.fulfillmentType === "GRANT_VIRTUAL_CURRENCY" && product.grantCurrencyId
      ? await db.virtualCurrency.findUnique({ where: { id: product.grantCurrencyId }, select: { code: true, name: true } })
      : null;
  const email = player && !player.email.endsWith(".invalid") ? player.email : null;
  const keyMailed = purchase.keyEmailStatus === "queued" || purchase.keyEmailStatus === "sent";
  const delivery: Delivery =
    purchase.fulfillmentStatus === "failed"
      ? { kind: "followUp" }
      : grantCurrency && product?.grantAmountUnits
        ? { kind: "currency", amount: Number(product.grantAmountUnits), code: grantCurrency.code, name: grantCurrency.name }
        : product?.fulfillmentType === "KEY_DELIVERY"
          ? { kind: "key", email: keyMailed ? email : null }
          : product?.type === "subscription"
            ? { kind: "subscription" }
            : { kind: "game" };
  const links = gameLinksOf(game);
  const way = resolveBackLink({ redirectUrl: session?.redirectUrl, checkoutMetadata: purchase.checkoutMetadata, storeUrl: game.storeUrl });
  return {
    purchaseId: purchase.id,
    reference: purchaseReference(purchase.id) ?? purchase.id,
    status: purchase.status,
    refunded: purchase.refundedAt !== null,
    refundedAmount:
      purchase.refundedAmount === 0n
        ? null
        : purchase.paymentMethod === "vc"
          ? { kind: "vc", units: Number(purchase.refundedAmount), code: purchase.currency }
          : { kind: "usd", cents: Number(purchase.paymentMethod === "wallet" ? purchase.refundedAmount / 10_000n : purchase.refundedAmount) },
    failureMessage: purchase.failureMessage,
    environment: purchase.environment,
    paid:
      purchase.paymentMethod === "vc" ? { kind: "vc", units: Number(purchase.amount), code: purchase.currency } : { kind: "usd", cents: purchase.priceInCents },
    game: {
      name: game.name,
      theme: resolveTheme(game.checkoutTheme),
      links,
      tax: purchase.paymentMethod === "vc" ? null : includedTaxOf(game),
      hideShareButtons: game.hideSuccessPageShareButtons,
    },
    item: { name: product?.name ?? "" },
    delivery,
    email,
    back: way,
    returnUrl: way.kind === "close" ? null : way.href,
    checkoutPath: back,
    locale: metadataLocale(purchase.checkoutMetadata),
  };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { DESCRIBE_CHECKOUT_ERRORS } from "./describe-checkout.ts";
export const LOAD_SUCCESS_VIEW_ERRORS = [...DESCRIBE_CHECKOUT_ERRORS] as const satisfies readonly ErrorCode[];
