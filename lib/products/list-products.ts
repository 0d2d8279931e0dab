import type { Prisma } from "../db/generated/client.ts";
import type { GameContext } from "../core/context.ts";
import { pageInfo, pageWindow } from "../core/pagination.ts";
import { hydrateProducts } from "./hydrate-products.ts";
import type { ProductListQuery } from "./schemas.ts";
import { serializeProduct } from "./serialize-product.ts";

/**
 * The caller's products, newest first, filtered by status, type, creator and keyword (case-insensitive,
 * in name or description). Every filter narrows the (gameId, environment, ...) index prefix.
 */
/** The keyword as a LIKE pattern fragment: % and _ match themselves (Prisma passes them through as wildcards). */
const literal = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

export const listProducts = async (ctx: GameContext, query: ProductListQuery) => {
  const { page, limit } = query;
  const q = query.q ? literal(query.q) : undefined;
  const where: Prisma.ProductWhereInput = {
    gameId: ctx.scope.gameId,
    environment: ctx.scope.environment,
    ...(query.status ? { status: query.status } : {}),
    ...(query.type ? { type: query.type } : {}),
    ...(query.creatorType ? { creatorType: query.creatorType } : {}),
    ...(query.creatorUserRef ? { creatorUserRef: query.creatorUserRef } : {}),
    ...(q ? { OR: [{ name: { contains: q, mode: "insensitive" as const } }, { description: { contains: q, mode: "insensitive" as const } }] } : {}),
  };
  const [rows, totalCount] = await Promise.all([
    ctx.db.product.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], ...pageWindow({ page, limit }) }),
    ctx.db.product.count({ where }),
  ]);
  const products = (await hydrateProducts(ctx, { rows })).map(serializeProduct);
  return { products, pagination: pageInfo({ page, limit, totalCount }) };
};
