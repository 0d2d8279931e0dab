import { AppError, badRequest } from "../core/errors.ts";
import { validateDeal } from "../deals/validate-deal.ts";
import type { ProductRow } from "../products/serialize-product.ts";
import { MICROS_PER_CENT } from "../core/usdc.ts";
import type { DbContext } from "../core/context.ts";

export type PaymentMethod = "card" | "wallet" | "vc";

export type PurchasePrice = {
  /** in the payment currency's smallest unit: cents (card), USDC micro-units (wallet), VC units (vc) */
  amount: bigint;
  /** USD | USDC | the VC code */
  currency: string;
  currencyId: string | null;
  /** the USD price paid, in cents (0 for a VC payment) */
  priceInCents: number;
  dealCode: string | null;
};

/**
 * The price of `product` in the payment method, with the deal applied: a card or wallet payment uses the
 * USD price (wallet: cents × 10 000 micro-USDC), a VC payment the price in `currencyId`. A deal must be in
 * the payment currency (USD for card and wallet). An invalid deal is 400 INVALID_DEAL, unless
 * `dealFallback`, which charges the regular price instead (the spec's rule once a checkout is under way).
 */
export const pricePurchase = async (
  ctx: DbContext,
  {
    product,
    method,
    currencyId,
    dealCode,
    dealFallback = false,
  }: { product: ProductRow; method: PaymentMethod; currencyId?: string | null; dealCode?: string | null; dealFallback?: boolean },
): Promise<PurchasePrice> => {
  const vcPrice = method === "vc" ? product.vcPrices.find((p) => p.currencyId === currencyId) : undefined;
  if (method === "vc" && !vcPrice)
    throw badRequest(
      "PRICE_NOT_AVAILABLE",
      product.vcPrices.length
        ? `Item ${product.id} has no price in currency ${JSON.stringify(currencyId ?? null)}; pay with one of its currencies: ${product.vcPrices.map((p) => `${p.currencyId} (${p.currency.code})`).join(", ")}.`
        : `Item ${product.id} has no virtual-currency price; pay by card or wallet, or add virtualCurrencyPrices to the product.`,
    );
  if (method !== "vc" && product.priceCents === null)
    throw badRequest("PRICE_NOT_AVAILABLE", `Item ${product.id} has no USD price, so it cannot be paid by ${method}; pay with a virtual currency.`);

  let override: bigint | null = null;
  let appliedCode: string | null = null;
  if (dealCode) {
    try {
      const deal = await validateDeal(ctx, { productId: product.id, code: dealCode, currencyId: method === "vc" ? (currencyId ?? null) : null });
      override = deal.overridePrice;
      appliedCode = deal.code;
    } catch (err) {
      if (!(dealFallback && err instanceof AppError && err.code === "INVALID_DEAL")) throw err;
    }
  }
  if (vcPrice)
    return { amount: override ?? vcPrice.amount, currency: vcPrice.currency.code, currencyId: vcPrice.currencyId, priceInCents: 0, dealCode: appliedCode };
  const cents = override ?? BigInt(product.priceCents!);
  return method === "wallet"
    ? { amount: cents * MICROS_PER_CENT, currency: "USDC", currencyId: null, priceInCents: Number(cents), dealCode: appliedCode }
    : { amount: cents, currency: "USD", currencyId: null, priceInCents: Number(cents), dealCode: appliedCode };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { VALIDATE_DEAL_ERRORS } from "../deals/validate-deal.ts";
export const PRICE_PURCHASE_ERRORS = ["PRICE_NOT_AVAILABLE", ...VALIDATE_DEAL_ERRORS] as const satisfies readonly ErrorCode[];
