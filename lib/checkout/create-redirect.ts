import { newId, randomHex } from "../db/ids.ts";
import { validateDeal } from "../deals/validate-deal.ts";
import type { GameContext } from "../core/context.ts";
import type { ProductRow } from "../products/serialize-product.ts";
import { loadCheckoutItem } from "./load-item.ts";
import { sessionCheckoutUrl } from "./sign-url.ts";

/** How long a redirect URL stays usable (the spec is silent; a grant lives 2 h, a store visit less is unkind). */
export const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

export type RedirectInput = { gameId: string; itemId: string; checkoutmethod?: string; dealCode?: string; redirectUrl?: string };

/**
 * The deal of a redirect, valid for a currency the checkout can be paid in: USD for card or wallet, one of
 * the item's virtual currencies for vc, either when no method is chosen yet. Otherwise the first refusal
 * (400 INVALID_DEAL: unknown, inactive, or in a currency this checkout cannot pay in).
 */
const redirectDeal = async (db: GameContext["db"], product: ProductRow, code: string, method?: string) => {
  const vc = product.vcPrices.map((p) => p.currencyId);
  const currencies: (string | null)[] = method === "vc" ? vc : method ? [null] : [null, ...vc];
  let refusal: unknown = null;
  for (const currencyId of currencies.length ? currencies : [null]) {
    try {
      return await validateDeal({ db }, { productId: product.id, code, currencyId });
    } catch (err) {
      refusal ??= err;
    }
  }
  throw refusal;
};

/**
 * GET /v1/checkout/redirect: opens a hosted checkout session for an item that is visible and for sale.
 * A deal code is validated now (400 INVALID_DEAL); past this stage an invalid deal falls back to the
 * regular price. Answers with the redirect the caller should issue: {status 302, headers {Location}, body {url}}.
 */
export const createCheckoutRedirect = async (ctx: GameContext, input: RedirectInput) => {
  const product = await loadCheckoutItem(ctx, {
    keyGameId: ctx.scope.gameId,
    gameId: input.gameId,
    environment: ctx.scope.environment,
    itemId: input.itemId,
    rules: "redirect",
  });
  const dealCode = input.dealCode?.trim() ? (await redirectDeal(ctx.db, product, input.dealCode, input.checkoutmethod)).code : null;
  const token = `cks_${ctx.scope.environment === "test" ? "test_" : ""}${randomHex(24)}`;
  await ctx.db.checkoutSession.create({
    data: {
      id: newId(),
      token,
      gameId: product.gameId,
      environment: ctx.scope.environment,
      productId: product.id,
      dealCode,
      checkoutMethod: input.checkoutmethod ?? null,
      redirectUrl: input.redirectUrl ?? null,
      expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS),
    },
  });
  const url = sessionCheckoutUrl(token);
  return { status: 302 as const, headers: { Location: url }, body: { url } };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { LOAD_ITEM_ERRORS } from "./load-item.ts";
import { VALIDATE_DEAL_ERRORS } from "../deals/validate-deal.ts";
export const CREATE_REDIRECT_ERRORS = [...LOAD_ITEM_ERRORS, ...VALIDATE_DEAL_ERRORS] as const satisfies readonly ErrorCode[];
