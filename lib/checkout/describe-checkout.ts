// What the hosted checkout page shows: the item, its prices (deal applied), the methods it can be paid
// with, the game's theme and the state of the checkout. Read-only apart from expiring a stale grant.
import type { DbClient } from "../db/transaction.ts";
import { vcAsset } from "../ledger/accounts.ts";
import { loadProduct } from "../products/load-product.ts";
import { loadCheckout, type Checkout } from "./load-checkout.ts";
import type { CheckoutMethod, CheckoutTheme } from "./schemas.ts";
import type { CheckoutRef } from "./sign-url.ts";
import { resolveTheme } from "./theme.ts";

export type VcOption = { currencyId: string; code: string; name: string; amount: number; balance: number | null };

export type CheckoutView = {
  checkout: Checkout;
  game: { name: string; imageUrl: string | null; hideShareButtons: boolean };
  theme: CheckoutTheme;
  item: { id: string; name: string; description: string; imageUrl: string | null; type: string };
  /** USD cents: the regular price and, with a deal, the price paid */
  usd: { regular: number; final: number; dealCode: string | null } | null;
  vc: VcOption[];
  methods: CheckoutMethod[];
  email: string | null;
  customMessage: string | null;
  /** the last payment attempt of this checkout, when it failed: its message */
  lastFailure: string | null;
};

/** The checkout page's view, or null when the reference is unknown. `payerRef` is whose VC balance to show. */
export const describeCheckout = async (
  db: DbClient,
  ref: CheckoutRef,
  { payerUserRef }: { payerUserRef?: string | null } = {},
): Promise<CheckoutView | null> => {
  const checkout = await loadCheckout(db, ref).catch(() => null);
  if (!checkout) return null;
  const [product, game] = await Promise.all([
    loadProduct(db, { gameId: checkout.gameId, environment: checkout.environment, productId: checkout.productId }),
    db.game.findUniqueOrThrow({
      where: { id: checkout.gameId },
      select: { name: true, imageUrl: true, hideSuccessPageShareButtons: true, checkoutTheme: true },
    }),
  ]);
  const deal = checkout.dealCode ? await db.deal.findUnique({ where: { productId_code: { productId: product.id, code: checkout.dealCode } } }) : null;
  const usdDeal = deal && deal.status === "active" && deal.currencyId === null ? deal : null;
  const usd =
    product.priceCents === null
      ? null
      : { regular: product.priceCents, final: usdDeal ? Number(usdDeal.overridePrice) : product.priceCents, dealCode: usdDeal?.code ?? null };
  const balances = payerUserRef
    ? await db.ledgerAccount.findMany({
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
    ? await db.purchase.findUnique({ where: { id: checkout.purchaseId }, select: { status: true, failureMessage: true } })
    : null;
  return {
    checkout,
    game: { name: game.name, imageUrl: game.imageUrl || null, hideShareButtons: game.hideSuccessPageShareButtons },
    theme: resolveTheme(game.checkoutTheme),
    item: { id: product.id, name: product.name, description: product.description, imageUrl: product.imageUrl || null, type: product.type },
    usd,
    vc,
    methods,
    email: checkout.grant?.email ?? null,
    customMessage: checkout.grant?.customMessage ?? null,
    lastFailure: last?.status === "failed" ? last.failureMessage : null,
  };
};
