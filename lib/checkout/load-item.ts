import { AppError } from "../core/errors.ts";
import type { Environment } from "../core/environment.ts";
import { loadProduct } from "../products/load-product.ts";
import type { ProductRow } from "../products/serialize-product.ts";
import type { DbContext } from "../core/context.ts";

export type SaleRules = "redirect" | "grant" | "any";

/**
 * The item of a checkout call. `gameId` (from the query) must be the key's game and the item that game's.
 * The spec's Errors table: an item of another game than the key's is 403 (ITEM_OF_ANOTHER_GAME; so is a
 * `gameId` that is not the key's game), an unknown item 404. Redirect: not visible 403 ITEM_NOT_VISIBLE,
 * not for sale 410 ITEM_NOT_FOR_SALE. Grant: either is 410 (not visible: ITEM_NOT_VISIBLE_GONE).
 */
export const loadCheckoutItem = async (
  ctx: DbContext,
  {
    keyGameId,
    gameId = keyGameId,
    environment,
    itemId,
    rules,
  }: { keyGameId: string; gameId?: string; environment: Environment; itemId: string; rules: SaleRules },
): Promise<ProductRow> => {
  if (gameId !== keyGameId)
    throw new AppError("GAME_MISMATCH", `gameId ${JSON.stringify(gameId)} is not the game of this API key; send the key's own game id (${keyGameId}).`);
  const product = await loadProduct(ctx, { gameId, environment, productId: itemId }).catch(async (err: unknown) => {
    const elsewhere =
      err instanceof AppError && err.status === 404 && (await ctx.db.product.findFirst({ where: { id: itemId, NOT: { gameId } }, select: { id: true } }));
    if (elsewhere)
      throw new AppError("ITEM_OF_ANOTHER_GAME", `Item ${JSON.stringify(itemId)} belongs to another game than this key's game; use an item of game ${gameId}.`);
    throw err;
  });
  if (rules === "any") return product;
  const forSale = product.status === "active" && product.forSale;
  if (rules === "grant" && (!forSale || !product.isVisible))
    throw new AppError(
      forSale ? "ITEM_NOT_VISIBLE_GONE" : "ITEM_NOT_FOR_SALE",
      `Item ${product.id} is ${forSale ? "not visible" : "not for sale"}; a checkout grant needs a visible item that is for sale.`,
    );
  if (!product.isVisible) throw new AppError("ITEM_NOT_VISIBLE", `Item ${product.id} is not visible; make it visible before selling it.`);
  if (!forSale) throw new AppError("ITEM_NOT_FOR_SALE", `Item ${product.id} is not for sale.`);
  return product;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { LOAD_PRODUCT_ERRORS } from "../products/load-product.ts";
export const LOAD_ITEM_ERRORS = [
  "GAME_MISMATCH",
  "ITEM_NOT_FOR_SALE",
  "ITEM_NOT_VISIBLE",
  "ITEM_NOT_VISIBLE_GONE",
  "ITEM_OF_ANOTHER_GAME",
  ...LOAD_PRODUCT_ERRORS,
] as const satisfies readonly ErrorCode[];
