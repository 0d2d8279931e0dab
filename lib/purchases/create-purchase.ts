import type { Prisma, Purchase } from "../db/generated/client.ts";
import { newId } from "../db/ids.ts";
import { inTransaction, type DbClient } from "../db/transaction.ts";
import { AppError } from "../http/errors.ts";
import type { Environment } from "../http/keys.ts";
import { resolveUserRef } from "../linking/resolve-user-ref.ts";
import { loadProduct } from "../products/load-product.ts";
import type { ProductRow } from "../products/serialize-product.ts";
import { planPayouts } from "../wallet/plan-payouts.ts";
import { emitPurchaseEvent } from "./purchase-events.ts";
import { PURCHASE_EVENTS, providerFor } from "./purchase-states.ts";
import { pricePurchase, type PaymentMethod } from "./price-purchase.ts";

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
  /** a checkout past the redirect stage: an invalid deal charges the regular price instead of failing */
  dealFallback?: boolean;
  affiliateCode?: string | null;
  metadata?: Record<string, unknown> | null;
  grant?: { id: string; userRef: string; checkoutMetadata: unknown } | null;
  checkoutSessionId?: string | null;
  /** emit Purchases.Started (a checkout payment session was created) */
  announce?: boolean;
  /** internal: a subscription renewal skips the sale checks, deals and perUserLimit */
  renewal?: { subscriptionId: string; periodEnd: Date } | null;
};

/** 403 ITEM_NOT_VISIBLE, 410 ITEM_NOT_FOR_SALE (also a product that is not active, e.g. a draft). */
export const assertPurchasable = (product: ProductRow) => {
  if (product.status !== "active" || !product.forSale) throw new AppError("ITEM_NOT_FOR_SALE", `Item ${product.id} is not for sale.`, { status: 410 });
  if (!product.isVisible) throw new AppError("ITEM_NOT_VISIBLE", `Item ${product.id} is not visible.`, { status: 403 });
};

/** The number of completed, non-renewal purchases of a product by a player (what perUserLimit counts). */
export const countCompleted = (db: DbClient, { productId, playerId }: { productId: string; playerId: string }) =>
  db.purchase.count({ where: { productId, playerId, status: "completed", renewalPeriodEnd: null } });

export const limitReached = (limit: number) =>
  new AppError("PURCHASE_LIMIT_REACHED", `This player has already bought this item the maximum number of times (perUserLimit ${limit}).`, { status: 409 });

/**
 * A pending purchase with its price fixed now (product price or VC price, deal applied; a wallet payment
 * also fixes its payouts). Nothing is charged: completePurchase charges and fulfils. A player already
 * at perUserLimit is refused here too (409), so a checkout does not start for nothing.
 */
export const createPurchase = (db: DbClient, input: CreatePurchaseInput): Promise<Purchase> =>
  inTransaction(db, async (tx) => {
    const product = await loadProduct(tx, { gameId: input.gameId, environment: input.environment, productId: input.productId });
    if (!input.renewal) assertPurchasable(product);
    let playerId = input.playerId ?? null;
    let userRef = input.userRef ?? null;
    if (userRef) playerId = (await resolveUserRef(tx, { type: "game", id: input.gameId }, input.environment, userRef)).playerId;
    else if (playerId)
      userRef = (await tx.playerLink.findFirst({ where: { namespaceType: "game", namespaceId: input.gameId, environment: input.environment, playerId, status: "active" } }))?.userRef ?? null;
    if (input.method !== "card" && !playerId) throw new AppError("PLAYER_REQUIRED", `A ${input.method} payment needs the paying player's userRef.`, { status: 400 });
    if (playerId && !input.renewal && product.perUserLimit !== null && (await countCompleted(tx, { productId: product.id, playerId })) >= product.perUserLimit)
      throw limitReached(product.perUserLimit);

    const price = await pricePurchase(tx, { product, method: input.method, currencyId: input.currencyId, dealCode: input.renewal ? null : input.dealCode, dealFallback: input.dealFallback });
    const plan =
      input.method === "wallet"
        ? await planPayouts(tx, { gameId: input.gameId, environment: input.environment, amount: price.amount, creatorPlayerId: product.creatorType === "ugc" ? product.creatorPlayerId : null, buyerPlayerId: playerId, affiliateCode: input.affiliateCode })
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
        grantId: input.grant?.id ?? null,
        grantUserRef: input.grant?.userRef ?? null,
        checkoutMetadata: (input.grant?.checkoutMetadata ?? undefined) as Prisma.InputJsonValue | undefined,
        checkoutSessionId: input.checkoutSessionId ?? null,
        subscriptionId: input.renewal?.subscriptionId ?? null,
        renewalPeriodEnd: input.renewal?.periodEnd ?? null,
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
      },
    });
    if (input.announce) await emitPurchaseEvent(tx, PURCHASE_EVENTS.started, purchase, product);
    return purchase;
  });
