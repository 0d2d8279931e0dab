import type { Prisma, Purchase } from "../db/generated/client.ts";
import { newId } from "../db/ids.ts";
import { inTransaction } from "../db/transaction.ts";
import { AppError } from "../core/errors.ts";
import type { Environment } from "../core/environment.ts";
import { resolveUserRef } from "../linking/resolve-user-ref.ts";
import { loadProduct } from "../products/load-product.ts";
import type { ProductRow } from "../products/serialize-product.ts";
import { planPayouts } from "../wallet/plan-payouts.ts";
import { emitPurchaseEvent } from "./purchase-events.ts";
import { PURCHASE_EVENTS, providerFor } from "./purchase-states.ts";
import { pricePurchase, type PaymentMethod } from "./price-purchase.ts";
import type { DbContext } from "../core/context.ts";

export type CreatePurchaseInput = {
  gameId: string;
  environment: Environment;
  productId: string;
  /** the payer: a player id, or the game userRef (which must be actively linked) */
  playerId?: string | null;
  userRef?: string | null;
  method: PaymentMethod;
  /** vc: the payment currency */
  currencyId?: string | null;
  dealCode?: string | null;
  affiliateCode?: string | null;
  metadata?: Record<string, unknown> | null;
  /** test mode: the test clock the caller named (useTestClock); a subscription the purchase starts lives on it */
  testClockId?: string | null;
};

/**
 * How the purchase came to be, which decides its checks (one of the three operations: createPurchase,
 * createCheckoutPurchase, createRenewalPurchase).
 * - direct: an API purchase; an invalid deal fails.
 * - checkout: a checkout past the redirect stage; an invalid deal charges the regular price instead of
 *   failing, and Purchases.Started is emitted (a payment session was created).
 * - renewal: internal; skips the sale checks, deals and perUserLimit.
 */
export type PurchaseOrigin =
  | { kind: "direct" }
  | { kind: "checkout"; grant: { id: string; userRef: string; checkoutMetadata: unknown } | null; checkoutSessionId: string | null }
  | { kind: "renewal"; subscriptionId: string; periodEnd: Date };

/** 403 ITEM_NOT_VISIBLE, 410 ITEM_NOT_FOR_SALE (also a product that is not active, e.g. a draft). */
export const assertPurchasable = (product: ProductRow) => {
  if (product.status !== "active" || !product.forSale) throw new AppError("ITEM_NOT_FOR_SALE", `Item ${product.id} is not for sale.`);
  if (!product.isVisible) throw new AppError("ITEM_NOT_VISIBLE", `Item ${product.id} is not visible.`);
};

/** The number of completed, non-renewal purchases of a product by a player (what perUserLimit counts). */
export const countCompleted = (ctx: DbContext, { productId, playerId }: { productId: string; playerId: string }) =>
  ctx.db.purchase.count({ where: { productId, playerId, status: "completed", renewalPeriodEnd: null } });

export const limitReached = (limit: number) =>
  new AppError("PURCHASE_LIMIT_REACHED", `This player has already bought this item the maximum number of times (perUserLimit ${limit}).`);

/**
 * A pending purchase with its price fixed now (product price or VC price, deal applied; a wallet payment
 * also fixes its payouts). Nothing is charged: completePurchase charges and fulfils. A player already
 * at perUserLimit is refused here too (409), so a checkout does not start for nothing.
 */
export const createPurchase = (ctx: DbContext, input: CreatePurchaseInput): Promise<Purchase> => openPurchase(ctx, { ...input, origin: { kind: "direct" } });

/** The one insert behind the three operations; `origin` says which checks apply. */
export const openPurchase = (ctx: DbContext, { origin, ...input }: CreatePurchaseInput & { origin: PurchaseOrigin }): Promise<Purchase> =>
  inTransaction(ctx.db, async (tx) => {
    const renewal = origin.kind === "renewal" ? origin : null;
    const checkout = origin.kind === "checkout" ? origin : null;
    const product = await loadProduct({ ...ctx, db: tx }, { gameId: input.gameId, environment: input.environment, productId: input.productId });
    if (!renewal) assertPurchasable(product);
    let playerId = input.playerId ?? null;
    let userRef = input.userRef ?? null;
    if (userRef)
      playerId = (await resolveUserRef({ ...ctx, db: tx }, { namespace: { type: "game", id: input.gameId }, environment: input.environment, userRef }))
        .playerId;
    else if (playerId)
      userRef =
        (
          await tx.playerLink.findFirst({
            where: { namespaceType: "game", namespaceId: input.gameId, environment: input.environment, playerId, status: "active" },
          })
        )?.userRef ?? null;
    if (input.method !== "card" && !playerId) throw new AppError("PLAYER_REQUIRED", `A ${input.method} payment needs the paying player's userRef.`);
    if (
      playerId &&
      !renewal &&
      product.perUserLimit !== null &&
      (await countCompleted({ ...ctx, db: tx }, { productId: product.id, playerId })) >= product.perUserLimit
    )
      throw limitReached(product.perUserLimit);

    const price = await pricePurchase(
      { ...ctx, db: tx },
      {
        product,
        method: input.method,
        currencyId: input.currencyId,
        dealCode: renewal ? null : input.dealCode,
        dealFallback: checkout !== null,
      },
    );
    const plan =
      input.method === "wallet"
        ? await planPayouts(
            { ...ctx, db: tx },
            {
              gameId: input.gameId,
              environment: input.environment,
              amount: price.amount,
              creatorPlayerId: product.creatorType === "ugc" ? product.creatorPlayerId : null,
              buyerPlayerId: playerId,
              affiliateCode: input.affiliateCode,
            },
          )
        : null;
    const purchase = await tx.purchase.create({
      data: {
        id: newId(),
        gameId: input.gameId,
        environment: input.environment,
        productId: product.id,
        productType: product.type,
        playerId,
        userRef,
        grantId: checkout?.grant?.id ?? null,
        grantUserRef: checkout?.grant?.userRef ?? null,
        checkoutMetadata: (checkout?.grant?.checkoutMetadata ?? undefined) as Prisma.InputJsonValue | undefined,
        checkoutSessionId: checkout?.checkoutSessionId ?? null,
        subscriptionId: renewal?.subscriptionId ?? null,
        renewalPeriodEnd: renewal?.periodEnd ?? null,
        paymentMethod: input.method,
        paymentProvider: providerFor(input.method, input.environment),
        currency: price.currency,
        currencyId: price.currencyId,
        amount: price.amount,
        priceInCents: price.priceInCents,
        dealCode: price.dealCode,
        affiliateCode: input.affiliateCode ?? null,
        metadata: (input.metadata ?? {}) as Prisma.InputJsonValue,
        feeRate: plan?.feeRate,
        feeName: plan?.feeName,
        payouts: plan?.payouts,
        testClockId: input.testClockId ?? null,
      },
    });
    if (checkout) await emitPurchaseEvent({ ...ctx, db: tx }, { event: PURCHASE_EVENTS.started, purchase, item: product });
    return purchase;
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { RESOLVE_USER_REF_ERRORS } from "../linking/resolve-user-ref.ts";
import { LOAD_PRODUCT_ERRORS } from "../products/load-product.ts";
import { PRICE_PURCHASE_ERRORS } from "./price-purchase.ts";
import { PLAN_PAYOUTS_ERRORS } from "../wallet/plan-payouts.ts";
export const CREATE_PURCHASE_ERRORS = [
  "ITEM_NOT_FOR_SALE",
  "ITEM_NOT_VISIBLE",
  "PLAYER_REQUIRED",
  "PURCHASE_LIMIT_REACHED",
  ...RESOLVE_USER_REF_ERRORS,
  ...LOAD_PRODUCT_ERRORS,
  ...PRICE_PURCHASE_ERRORS,
  ...PLAN_PAYOUTS_ERRORS,
] as const satisfies readonly ErrorCode[];
