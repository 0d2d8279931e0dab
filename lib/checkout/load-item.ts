import type { DbClient } from "../db/transaction.ts";
import { AppError, notFound } from "../http/errors.ts";
import type { Environment } from "../http/keys.ts";
import { loadProduct } from "../products/load-product.ts";
import type { ProductRow } from "../products/serialize-product.ts";

export type SaleRules = "redirect" | "grant" | "any";

/**
 * The item of a checkout call. `gameId` (from the query) must be the key's game and the item that game's:
 * another game's game or item is 404 like an unknown one, so a key learns nothing about other tenants.
 * Redirect: not visible 403 ITEM_NOT_VISIBLE, not for sale 410 ITEM_NOT_FOR_SALE. Grant: either is 410.
 */
export const loadCheckoutItem = async (
  db: DbClient,
  { keyGameId, gameId = keyGameId, environment, itemId, rules }: { keyGameId: string; gameId?: string; environment: Environment; itemId: string; rules: SaleRules },
): Promise<ProductRow> => {
  if (gameId !== keyGameId) throw notFound(`Game ${JSON.stringify(gameId)}`, "GAME_NOT_FOUND");
  const product = await loadProduct(db, { gameId, environment, productId: itemId });
  if (rules === "any") return product;
  const forSale = product.status === "active" && product.forSale;
  if (rules === "grant" && (!forSale || !product.isVisible))
    throw new AppError(forSale ? "ITEM_NOT_VISIBLE" : "ITEM_NOT_FOR_SALE", `Item ${product.id} is ${forSale ? "not visible" : "not for sale"}; a checkout grant needs a visible item that is for sale.`, { status: 410 });
  if (!product.isVisible) throw new AppError("ITEM_NOT_VISIBLE", `Item ${product.id} is not visible; make it visible before selling it.`, { status: 403 });
  if (!forSale) throw new AppError("ITEM_NOT_FOR_SALE", `Item ${product.id} is not for sale.`, { status: 410 });
  return product;
};
