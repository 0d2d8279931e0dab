import type { TargetContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import { inTransaction } from "../db/transaction.ts";
import { loadProduct } from "../products/load-product.ts";
import type { UpdateProductBody } from "../products/schemas.ts";
import { serializeProduct } from "../products/serialize-product.ts";
import { updateProduct } from "../products/update-product.ts";
import { findBusinessItem, gameContextOf } from "./item-scope.ts";
import { withItemErrors } from "./product-errors.ts";
import type { Item, UpdateItemBody } from "./schemas.ts";
import { serializeItem } from "./serialize-item.ts";

const invalid = (field: string, message: string) => new AppError("VALIDATION_ERROR", `Invalid body: ${field} ${message}.`, { details: [{ field, message }] });

/**
 * Changes the fields sent and leaves the others, through the product service and its rules (the result
 * must keep a price and a fulfilment config that fits). hasUsdPrice false removes the USD price; a grant
 * field sent alone keeps the other from the item. An archived item cannot change (409).
 */
export const updateItem = async (ctx: TargetContext, { itemId, body }: { itemId: string; body: UpdateItemBody }): Promise<Item> =>
  inTransaction(ctx.db, async (tx) => {
    const inTx = { ...ctx, db: tx };
    const { game } = await findBusinessItem(inTx, itemId);
    const current = await loadProduct({ ...ctx, db: tx }, { gameId: game.id, environment: ctx.scope.environment, productId: itemId, lock: true });
    if (current.status === "archived")
      throw new AppError("PRODUCT_STATE_CONFLICT", `Item ${itemId} is archived (deleted) and cannot be changed; create a new item instead.`);

    let price: number | null | undefined = body.price;
    if (body.hasUsdPrice === false) price = null;
    if (body.hasUsdPrice === true && body.price === undefined && current.priceCents === null)
      throw invalid("price", "is required when hasUsdPrice is true (US cents)");

    let virtualCurrencyGrant: UpdateProductBody["virtualCurrencyGrant"];
    if (body.grantVirtualCurrencyId !== undefined || body.grantAmount !== undefined) {
      const currencyId = body.grantVirtualCurrencyId ?? current.grantCurrencyId;
      const amountUnits = body.grantAmount ?? current.grantAmountUnits;
      if (currencyId === null) throw invalid("grantVirtualCurrencyId", "is required with grantAmount: the item has no grant currency yet");
      if (amountUnits === null) throw invalid("grantAmount", "is required with grantVirtualCurrencyId: the item has no grant amount yet");
      virtualCurrencyGrant = { currencyId, amountUnits };
    }

    await withItemErrors(() =>
      updateProduct(gameContextOf(inTx, game), {
        productId: itemId,
        body: {
          name: body.name,
          type: body.type,
          fulfillmentType: body.fulfillmentType,
          description: body.description,
          price,
          virtualCurrencyPrices: body.virtualCurrencyPrices?.map(([currencyId, amount]) => ({ currencyId, amount })),
          perUserLimit: body.perUserLimit,
          metadata: body.metadata,
          forSale: body.forSale,
          virtualCurrencyGrant,
        },
      }),
    );
    return serializeItem(serializeProduct(await loadProduct({ ...ctx, db: tx }, { gameId: game.id, environment: ctx.scope.environment, productId: itemId })));
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { ITEM_SCOPE_ERRORS } from "./item-scope.ts";
import { LOAD_PRODUCT_ERRORS } from "../products/load-product.ts";
import { UPDATE_PRODUCT_ERRORS } from "../products/update-product.ts";
export const UPDATE_ITEM_ERRORS = [
  "PRODUCT_STATE_CONFLICT",
  "VALIDATION_ERROR",
  ...ITEM_SCOPE_ERRORS,
  ...LOAD_PRODUCT_ERRORS,
  ...UPDATE_PRODUCT_ERRORS,
] as const satisfies readonly ErrorCode[];
