import { newId } from "../db/ids.ts";
import { inTransaction } from "../db/transaction.ts";
import type { GameContext } from "../core/context.ts";
import { loadProduct } from "./load-product.ts";
import { checkCurrencies, checkProductShape } from "./product-rules.ts";
import type { CreateProductBody, CreateUgcProductBody } from "./schemas.ts";
import { serializeProduct } from "./serialize-product.ts";

/** A UGC creator: the product starts as an invisible draft, not for sale, until the game approves it. */
export type Creator = { userRef: string; playerId: string };

/**
 * A new product of the caller's game: its row, its VC prices and (KEY_DELIVERY) its first keys, in one
 * transaction. Game products are 'active'; a creator's product is a 'draft'.
 */
export const createProduct = (ctx: GameContext, { body, creator }: { body: CreateProductBody | CreateUgcProductBody; creator?: Creator }) =>
  inTransaction(ctx.db, async (tx) => {
    const { gameId } = ctx.scope;
    const environment = ctx.scope.environment;
    const prices = body.virtualCurrencyPrices ?? [];
    const status = creator ? "draft" : "active";
    const isVisible = creator ? false : "isVisible" in body ? (body.isVisible ?? true) : true;
    const forSale = creator ? false : "forSale" in body ? (body.forSale ?? true) : true;
    checkProductShape({
      priceCents: body.price ?? null,
      vcPriceCount: prices.length,
      fulfillmentType: body.fulfillmentType,
      hasGrant: Boolean(body.virtualCurrencyGrant),
      sendsGrant: Boolean(body.virtualCurrencyGrant),
      addsKeys: Boolean(body.keys),
      status,
      isVisible,
      forSale,
    });
    await checkCurrencies({ ...ctx, db: tx }, { gameId, environment, prices, grantCurrencyId: body.virtualCurrencyGrant?.currencyId });
    const id = newId();
    await tx.product.create({
      data: {
        id,
        gameId,
        environment,
        type: body.type,
        name: body.name,
        description: body.description,
        baseGameRequirementText: body.baseGameRequirementText,
        priceCents: body.price ?? null,
        imageUrl: body.imageUrl,
        fulfillmentType: body.fulfillmentType,
        grantCurrencyId: body.virtualCurrencyGrant?.currencyId ?? null,
        grantAmountUnits: body.virtualCurrencyGrant?.amountUnits ?? null,
        isVisible,
        isPriceVisible: body.isPriceVisible,
        forSale,
        perUserLimit: body.perUserLimit ?? null,
        status,
        creatorType: creator ? "ugc" : "game",
        creatorUserRef: creator?.userRef ?? null,
        creatorPlayerId: creator?.playerId ?? null,
        metadata: body.metadata as object,
      },
    });
    if (prices.length)
      await tx.productVcPrice.createMany({ data: prices.map((p) => ({ id: newId(), productId: id, currencyId: p.currencyId, amount: BigInt(p.amount) })) });
    if (body.keys) await tx.productKey.createMany({ data: body.keys.map((value) => ({ id: newId(), productId: id, value })) });
    return serializeProduct(await loadProduct({ ...ctx, db: tx }, { gameId, environment, productId: id }));
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { LOAD_PRODUCT_ERRORS } from "./load-product.ts";
import { PRODUCT_RULES_ERRORS } from "./product-rules.ts";
export const CREATE_PRODUCT_ERRORS = [...LOAD_PRODUCT_ERRORS, ...PRODUCT_RULES_ERRORS] as const satisfies readonly ErrorCode[];
