import type { Environment } from "../core/environment.ts";
import { listProducts } from "../products/list-products.ts";
import { CATALOGUE_PAGE_SIZE, type PortalCurrency } from "./load-portal-products.ts";
import { gameContextOf } from "./product-game-context.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";

/**
 * The review queue: per game of `environment`, the player-made products waiting for a decision (status
 * submitted, newest first, through GET /v1/products' service), with the game's currencies for the price
 * overrides, and the latest decisions.
 */
export const loadPortalReviews = async (ctx: PortalContext, { businessId, environment }: { businessId: string; environment: Environment }) => {
  const member = await requirePortalAccess(ctx, { businessId, permission: "catalogue:read" });
  const games = await ctx.db.game.findMany({ where: { businessId, environment }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  const out = await Promise.all(
    games.map(async (game) => {
      const gctx = gameContextOf(ctx, game, member);
      const [currencies, pending, approved, declined] = await Promise.all([
        ctx.db.virtualCurrency.findMany({ where: { gameId: game.id, environment }, select: { id: true, code: true, name: true }, orderBy: { code: "asc" } }),
        listProducts(gctx, { page: 1, limit: CATALOGUE_PAGE_SIZE, creatorType: "ugc", status: "submitted" }),
        listProducts(gctx, { page: 1, limit: 5, creatorType: "ugc", status: "active" }),
        listProducts(gctx, { page: 1, limit: 5, creatorType: "ugc", status: "declined" }),
      ]);
      const decided = [...approved.products, ...declined.products]
        .filter((p) => p.reviewedAt)
        .sort((a, b) => b.reviewedAt!.localeCompare(a.reviewedAt!))
        .slice(0, 5);
      return {
        id: game.id,
        name: game.name,
        currencies: currencies as PortalCurrency[],
        pending: pending.products,
        pendingCount: pending.pagination.totalCount,
        decided,
      };
    }),
  );
  return { member, games: out };
};
