import type { Environment } from "../core/environment.ts";
import { listProducts } from "../products/list-products.ts";
import type { Product } from "../products/schemas.ts";
import { gameContextOf } from "./product-game-context.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";

/** The most products a game shows on the catalogue page (the API's page size limit); newest first. */
export const CATALOGUE_PAGE_SIZE = 100;

export type PortalCurrency = { id: string; code: string; name: string };
/** A product as GET /v1/product shows it, plus its key pool's counts (KEY_DELIVERY): never a key's value. */
export type PortalProduct = Product & { keyPool: { available: number; delivered: number } | null };

/** The games of `environment` with their currencies (for prices and grants) and their products, through GET /v1/products' service. */
export const loadPortalProducts = async (ctx: PortalContext, { businessId, environment }: { businessId: string; environment: Environment }) => {
  const member = await requirePortalAccess(ctx, { businessId, permission: "catalogue:read" });
  const games = await ctx.db.game.findMany({ where: { businessId, environment }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  const out = await Promise.all(
    games.map(async (game) => {
      const [currencies, list] = await Promise.all([
        ctx.db.virtualCurrency.findMany({ where: { gameId: game.id, environment }, select: { id: true, code: true, name: true }, orderBy: { code: "asc" } }),
        listProducts(gameContextOf(ctx, game, member), { page: 1, limit: CATALOGUE_PAGE_SIZE }),
      ]);
      const keyed = list.products.filter((p) => p.fulfillmentType === "KEY_DELIVERY").map((p) => p._id);
      const delivered = keyed.length
        ? await ctx.db.productKey.groupBy({ by: ["productId"], where: { productId: { in: keyed }, purchaseId: { not: null } }, _count: { _all: true } })
        : [];
      const deliveredOf = new Map(delivered.map((d) => [d.productId, d._count._all]));
      const products: PortalProduct[] = list.products.map((p) => ({
        ...p,
        keyPool: p.keysAvailable === null ? null : { available: p.keysAvailable, delivered: deliveredOf.get(p._id) ?? 0 },
      }));
      return { id: game.id, name: game.name, currencies: currencies as PortalCurrency[], products, totalCount: list.pagination.totalCount };
    }),
  );
  return { member, games: out };
};
