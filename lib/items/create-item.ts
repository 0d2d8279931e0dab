import type { TargetContext } from "../core/context.ts";
import { inTransaction } from "../db/transaction.ts";
import { createProduct } from "../products/create-product.ts";
import { loadProduct } from "../products/load-product.ts";
import { serializeProduct } from "../products/serialize-product.ts";
import { gameContextOf, loadBusinessGame, PLATFORM_CREATOR } from "./item-scope.ts";
import { withItemErrors } from "./product-errors.ts";
import type { CreateItemBody, Item } from "./schemas.ts";
import { serializeItem } from "./serialize-item.ts";

/**
 * A platform item: a product of a game of the target business (404 GAME_NOT_FOUND otherwise), created by
 * the product service with its rules (a price, a fulfilment config that fits, currencies of that game),
 * never visible to players, marked as the platform's, in one transaction.
 */
export const createItem = async (ctx: TargetContext, body: CreateItemBody): Promise<Item> =>
  inTransaction(ctx.db, async (tx) => {
    const inTx = { ...ctx, db: tx };
    const game = await loadBusinessGame(inTx, body.gameId);
    const hasUsdPrice = body.hasUsdPrice ?? body.price !== undefined;
    const created = await withItemErrors(() =>
      createProduct(gameContextOf(inTx, game), {
        body: {
          name: body.name,
          type: body.type,
          fulfillmentType: body.fulfillmentType,
          description: body.description,
          baseGameRequirementText: "",
          price: hasUsdPrice ? body.price : undefined,
          virtualCurrencyPrices: body.virtualCurrencyPrices?.map(([currencyId, amount]) => ({ currencyId, amount })),
          perUserLimit: body.perUserLimit,
          metadata: body.metadata,
          imageUrl: "",
          isVisible: false,
          isPriceVisible: true,
          forSale: body.forSale,
          virtualCurrencyGrant:
            body.grantVirtualCurrencyId !== undefined && body.grantAmount !== undefined
              ? { currencyId: body.grantVirtualCurrencyId, amountUnits: body.grantAmount }
              : undefined,
        },
      }),
    );
    await tx.product.update({ where: { id: created._id }, data: { creatorType: PLATFORM_CREATOR, createdByPlatformId: ctx.scope.platformId } });
    return serializeItem(
      serializeProduct(await loadProduct({ ...ctx, db: tx }, { gameId: game.id, environment: ctx.scope.environment, productId: created._id })),
    );
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { ITEM_SCOPE_ERRORS } from "./item-scope.ts";
import { CREATE_PRODUCT_ERRORS } from "../products/create-product.ts";
import { LOAD_PRODUCT_ERRORS } from "../products/load-product.ts";
export const CREATE_ITEM_ERRORS = [...ITEM_SCOPE_ERRORS, ...CREATE_PRODUCT_ERRORS, ...LOAD_PRODUCT_ERRORS] as const satisfies readonly ErrorCode[];
