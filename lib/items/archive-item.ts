import type { TargetContext } from "../core/context.ts";
import { inTransaction } from "../db/transaction.ts";
import { loadProduct } from "../products/load-product.ts";
import { serializeProduct } from "../products/serialize-product.ts";
import { findBusinessItem } from "./item-scope.ts";
import type { Item } from "./schemas.ts";
import { serializeItem } from "./serialize-item.ts";

/**
 * DELETE archives: the item stays (past purchases keep naming it) but is no longer for sale nor listed
 * (GET /v1/platform/items?status=archived shows it). Archiving an archived item changes nothing.
 */
export const archiveItem = async (ctx: TargetContext, { itemId }: { itemId: string }): Promise<Item> =>
  inTransaction(ctx.db, async (tx) => {
    const { game } = await findBusinessItem({ ...ctx, db: tx }, itemId);
    const current = await loadProduct({ ...ctx, db: tx }, { gameId: game.id, environment: ctx.scope.environment, productId: itemId, lock: true });
    if (current.status !== "archived") await tx.product.update({ where: { id: itemId }, data: { status: "archived", forSale: false, isVisible: false } });
    return serializeItem(serializeProduct(await loadProduct({ ...ctx, db: tx }, { gameId: game.id, environment: ctx.scope.environment, productId: itemId })));
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { ITEM_SCOPE_ERRORS } from "./item-scope.ts";
import { LOAD_PRODUCT_ERRORS } from "../products/load-product.ts";
export const ARCHIVE_ITEM_ERRORS = [...ITEM_SCOPE_ERRORS, ...LOAD_PRODUCT_ERRORS] as const satisfies readonly ErrorCode[];
