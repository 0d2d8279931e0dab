import type { TargetContext } from "../core/context.ts";
import { loadProduct } from "../products/load-product.ts";
import { serializeProduct } from "../products/serialize-product.ts";
import { findBusinessItem } from "./item-scope.ts";
import type { Item } from "./schemas.ts";
import { serializeItem } from "./serialize-item.ts";

/** One platform item of the target business (archived ones too); another business's is 404 PRODUCT_NOT_FOUND. */
export const getItem = async (ctx: TargetContext, { itemId }: { itemId: string }): Promise<Item> => {
  const { game } = await findBusinessItem(ctx, itemId);
  return serializeItem(serializeProduct(await loadProduct(ctx, { gameId: game.id, environment: ctx.scope.environment, productId: itemId })));
};
