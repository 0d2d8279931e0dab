// The live preview of the theme editor: the real hosted checkout's view (CheckoutView, what
// components/checkout/checkout-page.tsx renders) for one of the game's items, painted with a DRAFT theme
// taken from the preview URL's query, before anything is saved. Read-only: no checkout, grant or purchase
// is created; the preview's forms are inert (app/…/theme/preview/actions.ts).
import type { CheckoutView } from "../checkout/describe-checkout.ts";
import { gameLinksOf, includedTaxOf } from "../checkout/describe-checkout.ts";
import { resolveBackLink } from "../checkout/resolve-back-link.ts";
import type { CheckoutMethod, ThemeField } from "../checkout/schemas.ts";
import { THEME_FIELDS } from "../checkout/schemas.ts";
import { resolveTheme } from "../checkout/theme.ts";
import { hydrateProducts } from "../products/hydrate-products.ts";
import { findBusinessGame } from "./load-portal-game.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";

/** The draft theme fields of a query (one string each; anything else is ignored). */
export const draftThemeOf = (query: Record<string, string | string[] | undefined>): Partial<Record<ThemeField, string>> =>
  Object.fromEntries(THEME_FIELDS.flatMap((f) => (typeof query[f] === "string" && query[f] !== "" ? [[f, query[f]]] : [])));

/** Shown when the game has no item a guest can pay for by card yet. */
const SAMPLE_ITEM = { id: "preview", name: "Sample item", description: "An item of your game, as the checkout shows it.", imageUrl: null, type: "purchase" };

/**
 * The checkout view of the game's newest active item a guest can pay for by card (a USD price, for sale): the
 * Pay button the primary colour paints shows. A game with none (no item, or only virtual-currency items such as
 * a GEM-only one) previews a sample item at USD 4.99. `draft` is its theme, resolved exactly as the hosted page resolves a saved theme (invalid values fall back to the store
 * theme's). Needs games:read; another business's game is 404.
 */
export const previewPortalTheme = async (
  ctx: PortalContext,
  input: { businessId: string; gameId: string; draft: Partial<Record<ThemeField, string>> },
): Promise<CheckoutView> => {
  await requirePortalAccess(ctx, { businessId: input.businessId, permission: "games:read" });
  const game = await findBusinessGame(ctx, input);
  const row = await ctx.db.product.findFirst({
    where: { gameId: game.id, environment: game.environment, status: "active", creatorType: "game", priceCents: { not: null }, forSale: true },
    orderBy: { createdAt: "desc" },
  });
  const [product] = row ? await hydrateProducts(ctx, { rows: [row] }) : [];
  const usd = product
    ? product.priceCents === null
      ? null
      : { regular: product.priceCents, final: product.priceCents, dealCode: null }
    : { regular: 499, final: 499, dealCode: null };
  const vc = (product?.vcPrices ?? [])
    .sort((a, b) => a.currency.code.localeCompare(b.currency.code))
    .map((p) => ({ currencyId: p.currencyId, code: p.currency.code, name: p.currency.name, amount: Number(p.amount), balance: null }));
  const methods: CheckoutMethod[] = [...(usd ? (["card", "wallet"] as const) : []), ...(vc.length ? (["vc"] as const) : [])];
  return {
    checkout: {
      ref: { kind: "grant", grantId: "preview" },
      grant: null,
      session: null,
      gameId: game.id,
      environment: game.environment,
      productId: product?.id ?? SAMPLE_ITEM.id,
      state: "open",
      dealCode: null,
      checkoutMethod: null,
      redirectUrl: null,
      purchaseId: null,
    },
    game: {
      name: game.name,
      imageUrl: game.imageUrl || null,
      hideShareButtons: game.hideSuccessPageShareButtons,
      links: gameLinksOf(game),
      tax: includedTaxOf(game),
    },
    back: resolveBackLink({ redirectUrl: null, checkoutMetadata: null, storeUrl: game.storeUrl }),
    wallet: null,
    locale: null,
    theme: resolveTheme(input.draft),
    item: product
      ? { id: product.id, name: product.name, description: product.description, imageUrl: product.imageUrl || null, type: product.type }
      : SAMPLE_ITEM,
    usd,
    vc,
    methods,
    email: null,
    customMessage: null,
    lastFailure: null,
  };
};
