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

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { ITEM_SCOPE_ERRORS } from "./item-scope.ts";
import { LOAD_PRODUCT_ERRORS } from "../products/load-product.ts";
export const GET_ITEM_ERRORS = [...ITEM_SCOPE_ERRORS, ...LOAD_PRODUCT_ERRORS] as const satisfies readonly ErrorCode[];
