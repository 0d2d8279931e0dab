import { notFound } from "../core/errors.ts";
import type { Environment } from "../core/environment.ts";
import { hydrateProducts } from "./hydrate-products.ts";
import type { ProductRow } from "./serialize-product.ts";
import type { DbContext } from "../core/context.ts";

export const productNotFound = (productId: string) => notFound(`Product ${JSON.stringify(productId)}`, "PRODUCT_NOT_FOUND");

/**
 * The product of this game and environment, with its VC prices (and currencies) and available keys.
 * An unknown product and another game's product are the same 404 PRODUCT_NOT_FOUND.
 * `lock: true` takes a row lock (inside a transaction) so concurrent writers of the product queue up.
 */
export const loadProduct = async (
  ctx: DbContext,
  { gameId, environment, productId, lock = false }: { gameId: string; environment: Environment; productId: string; lock?: boolean },
): Promise<ProductRow> => {
  if (lock) await ctx.db.$queryRaw`SELECT 1 FROM "Product" WHERE id = ${productId} AND "gameId" = ${gameId} FOR UPDATE`;
  const row = await ctx.db.product.findFirst({ where: { id: productId, gameId, environment } });
  if (!row) throw productNotFound(productId);
  const [hydrated] = await hydrateProducts(ctx, { rows: [row] });
  return hydrated;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const LOAD_PRODUCT_ERRORS = ["PRODUCT_NOT_FOUND"] as const satisfies readonly ErrorCode[];
