// The test helpers: a consumer on the hosted checkout page, acted out through the page's own services.
import { parseEmail } from "../core/email.ts";
import { randomHex } from "../db/ids.ts";
import type { GameContext } from "../core/context.ts";
import { AppError, notFound } from "../core/errors.ts";
import { hasLinkConsent, linkNotApproved } from "../linking/link-consent.ts";
import { requireTestPlayer } from "../linking/test-player.ts";
import { loadProduct } from "../products/load-product.ts";
import { serializePurchase } from "../purchases/serialize-purchase.ts";
import { cancelCheckout } from "../checkout/cancel-checkout.ts";
import { GUEST_EMAIL_DOMAIN } from "../checkout/create-grant.ts";
import { declineCheckout } from "../checkout/decline-checkout.ts";
import { expireGrant } from "../checkout/expire-grants.ts";
import { loadCheckout } from "../checkout/load-checkout.ts";
import { payCheckout } from "./pay-checkout.ts";
import { SANDBOX_CARDS } from "../checkout/sandbox-card.ts";
import { serializeGrant, serializeSession } from "../checkout/serialize-checkout.ts";
import { parseCheckoutUrl, type CheckoutRef } from "../checkout/sign-url.ts";
import { signInRequired } from "../checkout/resolve-payer.ts";
import type { Checkout } from "../checkout/load-checkout.ts";
import { startCheckout } from "../checkout/start-checkout.ts";
import type { CheckoutMethod } from "../checkout/schemas.ts";

const testOnly = (ctx: GameContext) => {
  if (ctx.scope.environment !== "test") throw new AppError("NOT_FOUND", "Test helpers exist only for test-environment keys.");
};

/** The reference of a checkout URL of the key's game; a wrong signature, an unknown or another game's checkout is 404. */
const refOf = async (ctx: GameContext, url: string): Promise<CheckoutRef> => {
  const ref = parseCheckoutUrl(url);
  if (!ref) throw notFound("Checkout (the URL is not a checkout URL, or its signature is wrong)", "CHECKOUT_NOT_FOUND");
  await loadCheckout(ctx, { ref, gameId: ctx.scope.gameId });
  return ref;
};

const snapshot = async (ctx: GameContext, ref: CheckoutRef, purchaseId: string | null, message: string | null) => {
  const c = await loadCheckout(ctx, { ref });
  const p = purchaseId ? await ctx.db.purchase.findUnique({ where: { id: purchaseId } }) : null;
  const product = p ? await loadProduct(ctx, { gameId: p.gameId, environment: p.environment, productId: p.productId }) : null;
  return {
    grant: c.grant ? serializeGrant(c.grant) : null,
    checkoutSession: c.session ? serializeSession(c.session) : null,
    purchase: p && product ? serializePurchase(p, { id: product.id, name: product.name, type: product.type, priceCents: product.priceCents }) : null,
    message,
  };
};

/**
 * Wallet and vc are paid only by the player signed in on the page. The helper acts that sign-in out for
 * the grant's player (a redirect checkout: the player of `email`) only when that player approved this
 * game's link for this spending on the hosted link page; a link made from an email alone cannot spend, in
 * test mode too (403 LINK_NOT_APPROVED, or 403 SIGN_IN_REQUIRED when there is no such player). And the player
 * must be a test player of the game's business: never an account a person signed up for (403 NOT_A_TEST_PLAYER).
 */
const signedInPayer = async (ctx: GameContext, checkout: Checkout, method: CheckoutMethod, email: string | undefined): Promise<string | null> => {
  if (method === "card") return null;
  const address = parseEmail(email);
  const playerId = checkout.grant?.playerId ?? (address ? (await ctx.db.player.findUnique({ where: { email: address }, select: { id: true } }))?.id : null);
  if (!playerId) throw signInRequired(method);
  const link = await ctx.db.playerLink.findFirst({
    where: { namespaceType: "game", namespaceId: checkout.gameId, environment: checkout.environment, playerId, status: "active" },
  });
  const scope = method === "wallet" ? "wallet:spend" : "vc:spend";
  if (!link) throw signInRequired(method);
  if (!hasLinkConsent(link, scope)) throw linkNotApproved(link.userRef, scope);
  // the helper signs in only as a test player of this game's business, never as an account a person signed up for
  await requireTestPlayer(ctx, await ctx.db.player.findUniqueOrThrow({ where: { id: playerId } }), ctx.scope.businessId);
  return playerId;
};

/**
 * POST /v1/test-helpers/checkout/complete: pays the checkout as the hosted page would, with `method`
 * (default: the redirect's checkoutmethod, else card). A card is paid by a guest (the grant's account, or
 * `email`); wallet and vc by the grant's (or email's) player, signed in, only when they approved this
 * game's link (signedInPayer). succeeded and declined use the sandbox test cards; for wallet and vc,
 * succeeded debits the balance (too low: the answer carries the decline) and declined fails the payment;
 * canceled starts checkout and backs out.
 */
export const actOutCheckout = async (
  ctx: GameContext,
  body: { url: string; outcome: "succeeded" | "declined" | "canceled"; method?: CheckoutMethod; email?: string },
) => {
  testOnly(ctx);
  const ref = await refOf(ctx, body.url);
  const checkout = await loadCheckout(ctx, { ref });
  const method = body.method ?? ((checkout.checkoutMethod as CheckoutMethod | null) || "card");
  let currencyId: string | null = null;
  if (method === "vc") {
    const product = await loadProduct(ctx, { gameId: checkout.gameId, environment: checkout.environment, productId: checkout.productId });
    // the currency of the redirect's VC deal when there is one, else the item's first currency by code
    const deal = checkout.dealCode
      ? await ctx.db.deal.findFirst({ where: { productId: product.id, code: checkout.dealCode, currencyId: { not: null } } })
      : null;
    const priced = deal && product.vcPrices.some((p) => p.currencyId === deal.currencyId);
    currencyId = priced ? deal.currencyId : ([...product.vcPrices].sort((a, b) => a.currency.code.localeCompare(b.currency.code))[0]?.currencyId ?? null);
  }
  const signedInPlayerId = await signedInPayer(ctx, checkout, method, body.email);
  const email = body.email ?? checkout.grant?.email ?? (checkout.session ? `guest-${randomHex(8)}@${GUEST_EMAIL_DOMAIN}` : null);
  const start = { ref, gameId: ctx.scope.gameId, method, currencyId, signedInPlayerId, email: signedInPlayerId ? null : email };
  if (body.outcome === "canceled" || (body.outcome === "declined" && method !== "card")) {
    const started = await startCheckout(ctx, start);
    const p =
      body.outcome === "canceled"
        ? await cancelCheckout(ctx, { purchaseId: started.id })
        : await declineCheckout(ctx, { purchaseId: started.id, message: "The payment was declined." });
    return snapshot(ctx, ref, p.id, p.failureMessage);
  }
  const card = { number: body.outcome === "succeeded" ? SANDBOX_CARDS.succeeds : SANDBOX_CARDS.declined };
  const result = await payCheckout(ctx, { ...start, card });
  return snapshot(ctx, ref, result.purchase.id, result.outcome === "declined" ? result.message : null);
};

/** POST /v1/test-helpers/checkout-grants/expire: 2 hours pass for a pending grant (409 GRANT_NOT_PENDING otherwise). */
export const actOutGrantExpiry = async (ctx: GameContext, { url }: { url: string }) => {
  testOnly(ctx);
  const ref = await refOf(ctx, url);
  if (ref.kind !== "grant")
    throw new AppError("VALIDATION_ERROR", "url must be a checkoutUrl of a grant (…/checkout/g/{id}?sig=…).", {
      details: [{ field: "url", message: "is not a grant URL" }],
    });
  await ctx.db.checkoutGrant.updateMany({ where: { id: ref.grantId, status: "pending" }, data: { expiresAt: new Date() } });
  return serializeGrant(await expireGrant(ctx, { grantId: ref.grantId }));
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { CANCEL_CHECKOUT_ERRORS } from "../checkout/cancel-checkout.ts";
import { DECLINE_CHECKOUT_ERRORS } from "../checkout/decline-checkout.ts";
import { EXPIRE_GRANTS_ERRORS } from "../checkout/expire-grants.ts";
import { LOAD_CHECKOUT_ERRORS } from "../checkout/load-checkout.ts";
import { RESOLVE_PAYER_ERRORS } from "../checkout/resolve-payer.ts";
import { START_CHECKOUT_ERRORS } from "../checkout/start-checkout.ts";
import { PAY_CHECKOUT_ERRORS } from "./pay-checkout.ts";
import { LINK_CONSENT_ERRORS } from "../linking/link-consent.ts";
import { TEST_PLAYER_ERRORS } from "../linking/test-player.ts";
import { LOAD_PRODUCT_ERRORS } from "../products/load-product.ts";
export const ACT_OUT_CHECKOUT_ERRORS = [
  "CHECKOUT_NOT_FOUND",
  "NOT_FOUND",
  "VALIDATION_ERROR",
  ...CANCEL_CHECKOUT_ERRORS,
  ...DECLINE_CHECKOUT_ERRORS,
  ...EXPIRE_GRANTS_ERRORS,
  ...LOAD_CHECKOUT_ERRORS,
  ...RESOLVE_PAYER_ERRORS,
  ...START_CHECKOUT_ERRORS,
  ...PAY_CHECKOUT_ERRORS,
  ...LINK_CONSENT_ERRORS,
  ...TEST_PLAYER_ERRORS,
  ...LOAD_PRODUCT_ERRORS,
] as const satisfies readonly ErrorCode[];
