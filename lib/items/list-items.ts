import type { Prisma } from "../db/generated/client.ts";
import type { TargetContext } from "../core/context.ts";
import { pageWindow } from "../core/pagination.ts";
import { hydrateProducts } from "../products/hydrate-products.ts";
import { serializeProduct } from "../products/serialize-product.ts";
import { loadBusinessGame, PLATFORM_CREATOR } from "./item-scope.ts";
import type { ItemListQuery } from "./schemas.ts";
import { serializeItem } from "./serialize-item.ts";

/**
 * The platform items of the target business's games (or of one of them: gameId, 404 GAME_NOT_FOUND when
 * it is not the business's), active ones unless status says archived, newest first, with the spec's
 * {page, limit, total, totalPages}.
 */
export const listItems = async (ctx: TargetContext, { gameId, status, page, limit }: ItemListQuery) => {
  const { businessId } = ctx.scope;
  const gameIds = gameId
    ? [(await loadBusinessGame(ctx, gameId)).id]
    : (await ctx.db.game.findMany({ where: { businessId, environment: ctx.scope.environment }, select: { id: true } })).map((g) => g.id);
  const where: Prisma.ProductWhereInput = {
    gameId: { in: gameIds },
    environment: ctx.scope.environment,
    creatorType: PLATFORM_CREATOR,
    status: status === "archived" ? "archived" : { not: "archived" },
  };
  const [rows, total] = await Promise.all([
    ctx.db.product.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], ...pageWindow({ page, limit }) }),
    ctx.db.product.count({ where }),
  ]);
  const items = (await hydrateProducts(ctx, { rows })).map((r) => serializeItem(serializeProduct(r)));
  return { items, pagination: { page, limit, total, totalPages: Math.ceil(total / limit) } };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { ITEM_SCOPE_ERRORS } from "./item-scope.ts";
export const LIST_ITEMS_ERRORS = [...ITEM_SCOPE_ERRORS] as const satisfies readonly ErrorCode[];
