import type { Environment } from "../core/environment.ts";
import type { Deal } from "../deals/schemas.ts";
import { serializeDeal } from "../deals/serialize-deal.ts";
import { hydrateProducts } from "../products/hydrate-products.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";

/** An item a deal can be on: its name and the prices a deal may override (USD cents; units per currency). */
export type DealItem = {
  id: string;
  name: string;
  status: string;
  priceCents: number | null;
  vcPrices: { currencyId: string; code: string; amount: number }[];
};
export type PortalDeal = Deal & { itemName: string };

/** The deals page: each game of `environment` with its items (newest first) and their deals (newest first). */
export const loadPortalDeals = async (ctx: PortalContext, { businessId, environment }: { businessId: string; environment: Environment }) => {
  const member = await requirePortalAccess(ctx, { businessId, permission: "catalogue:read" });
  const games = await ctx.db.game.findMany({
    where: { businessId, environment },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, name: true },
  });
  const out = await Promise.all(
    games.map(async (game) => {
      const [rows, deals, currencies] = await Promise.all([
        ctx.db.product.findMany({ where: { gameId: game.id, environment }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 500 }),
        ctx.db.deal.findMany({ where: { gameId: game.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] }),
        ctx.db.virtualCurrency.findMany({ where: { gameId: game.id, environment }, select: { id: true, code: true } }),
      ]);
      const items: DealItem[] = (await hydrateProducts(ctx, { rows })).map((p) => ({
        id: p.id,
        name: p.name,
        status: p.status,
        priceCents: p.priceCents,
        vcPrices: p.vcPrices.map((v) => ({ currencyId: v.currencyId, code: v.currency.code, amount: Number(v.amount) })),
      }));
      const nameOf = new Map(items.map((i) => [i.id, i.name]));
      return {
        ...game,
        items,
        currencies,
        deals: deals.map((d): PortalDeal => ({ ...serializeDeal(d), itemName: nameOf.get(d.productId) ?? d.productId })),
      };
    }),
  );
  return { member, games: out };
};
