// What the hosted checkout page shows: the item, its prices (deal applied), the methods it can be paid
// with, the game's theme and the state of the checkout. Read-only apart from expiring a stale grant.
import { vcAsset } from "../ledger/accounts.ts";
import { loadProduct } from "../products/load-product.ts";
import { loadCheckout, type Checkout } from "./load-checkout.ts";
import type { CheckoutMethod, CheckoutTheme } from "./schemas.ts";
import type { CheckoutRef } from "./sign-url.ts";
import { resolveTheme } from "./theme.ts";
import type { DbContext } from "../core/context.ts";
import { metadataLocale } from "../i18n/locales.ts";
import { resolveBackLink, type BackLink } from "./resolve-back-link.ts";
import type { WalletBalance } from "./wallet-balance.ts";

export type VcOption = { currencyId: string; code: string; name: string; amount: number; balance: number | null };

/** The game's own links of the checkout (PATCH /v1/game/settings): each null when the game has not set it. */
export type GameLinks = { store: string | null; terms: string | null; support: string | null };
/** A sales tax included in the game's USD prices (PATCH /v1/game/settings), in basis points (2000 = 20%). */
export type IncludedTax = { label: string; rateBps: number };

export type CheckoutView = {
  checkout: Checkout;
  game: { name: string; imageUrl: string | null; hideShareButtons: boolean; links: GameLinks; tax: IncludedTax | null };
  /** the way back to the game (lib/checkout/resolve-back-link.ts) */
  back: BackLink;
  /** the signed-in payer's wallet (loadCheckoutView fills it), else null */
  wallet: WalletBalance | null;
  /** the checkout's own language, when the game set one (a grant's checkoutMetadata.locale); else null */
  locale: string | null;
  theme: CheckoutTheme;
  item: { id: string; name: string; description: string; imageUrl: string | null; type: string };
  /** USD cents: the regular price and, with a deal, the price paid */
  usd: { regular: number; final: number; dealCode: string | null } | null;
  vc: VcOption[];
  methods: CheckoutMethod[];
  email: string | null;
  customMessage: string | null;
  /**
   * The last payment attempt, when it failed away from this page (a live card on Stripe's page): its
   * message. A failure the page itself reported (a decline, a balance too low) is not shown again on reload.
   */
  lastFailure: string | null;
};

/** The links and the included tax of a game row, as the hosted pages show them. */
export const gameLinksOf = (g: { storeUrl: string | null; termsUrl: string | null; supportUrl: string | null }): GameLinks => ({
  store: g.storeUrl || null,
  terms: g.termsUrl || null,
  support: g.supportUrl || null,
});
export const includedTaxOf = (g: { taxLabel: string | null; taxRateBps: number | null }): IncludedTax | null =>
  g.taxLabel && g.taxRateBps ? { label: g.taxLabel, rateBps: g.taxRateBps } : null;

/** A grant's checkoutMetadata.locale when it is a short language tag (lib/i18n/locales.ts). */
export { metadataLocale };

/** The checkout page's view, or null when the reference is unknown. `payerRef` is whose VC balance to show. */
export const describeCheckout = async (
  ctx: DbContext,
  { ref, payerUserRef }: { ref: CheckoutRef; payerUserRef?: string | null },
): Promise<CheckoutView | null> => {
  const checkout = await loadCheckout(ctx, { ref }).catch(() => null);
  if (!checkout) return null;
  const [product, game] = await Promise.all([
    loadProduct(ctx, { gameId: checkout.gameId, environment: checkout.environment, productId: checkout.productId }),
    ctx.db.game.findUniqueOrThrow({
      where: { id: checkout.gameId },
      select: {
        name: true,
        imageUrl: true,
        hideSuccessPageShareButtons: true,
        checkoutTheme: true,
        storeUrl: true,
        termsUrl: true,
        supportUrl: true,
        taxLabel: true,
        taxRateBps: true,
      },
    }),
  ]);
  const deal = checkout.dealCode ? await ctx.db.deal.findUnique({ where: { productId_code: { productId: product.id, code: checkout.dealCode } } }) : null;
  const usdDeal = deal && deal.status === "active" && deal.currencyId === null ? deal : null;
  const usd =
    product.priceCents === null
      ? null
      : { regular: product.priceCents, final: usdDeal ? Number(usdDeal.overridePrice) : product.priceCents, dealCode: usdDeal?.code ?? null };
  const balances = payerUserRef
    ? await ctx.db.ledgerAccount.findMany({
        where: { kind: "user", ownerRef: payerUserRef, environment: checkout.environment },
        select: { asset: true, balance: true },
      })
    : [];
  const vc = [...product.vcPrices]
    .sort((a, b) => a.currency.code.localeCompare(b.currency.code))
    .map((p) => ({
      currencyId: p.currencyId,
      code: p.currency.code,
      name: p.currency.name,
      amount: Number(p.amount),
      balance: payerUserRef ? Number(balances.find((b) => b.asset === vcAsset(p.currencyId))?.balance ?? 0n) : null,
    }));
  const methods: CheckoutMethod[] = [...(usd ? (["card", "wallet"] as const) : []), ...(vc.length ? (["vc"] as const) : [])];
  const last = checkout.purchaseId
    ? await ctx.db.purchase.findUnique({ where: { id: checkout.purchaseId }, select: { status: true, failureMessage: true, paymentProvider: true } })
    : null;
  return {
    checkout,
    game: {
      name: game.name,
      imageUrl: game.imageUrl || null,
      hideShareButtons: game.hideSuccessPageShareButtons,
      links: gameLinksOf(game),
      tax: includedTaxOf(game),
    },
    back: resolveBackLink({ redirectUrl: checkout.redirectUrl, checkoutMetadata: checkout.grant?.checkoutMetadata, storeUrl: game.storeUrl }),
    wallet: null,
    locale: metadataLocale(checkout.grant?.checkoutMetadata),
    theme: resolveTheme(game.checkoutTheme),
    item: { id: product.id, name: product.name, description: product.description, imageUrl: product.imageUrl || null, type: product.type },
    usd,
    vc,
    methods,
    email: checkout.grant?.email ?? null,
    customMessage: checkout.grant?.customMessage ?? null,
    lastFailure: last?.status === "failed" && last.paymentProvider === "stripe" ? last.failureMessage : null,
  };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { LOAD_CHECKOUT_ERRORS } from "./load-checkout.ts";
import { LOAD_PRODUCT_ERRORS } from "../products/load-product.ts";
export const DESCRIBE_CHECKOUT_ERRORS = [...LOAD_CHECKOUT_ERRORS, ...LOAD_PRODUCT_ERRORS] as const satisfies readonly ErrorCode[];
