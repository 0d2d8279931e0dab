import type { Product as ProductModel } from "../db/generated/client.ts";
import type { ProductRow } from "./serialize-product.ts";
import type { DbContext } from "../core/context.ts";

/**
 * Adds to product rows their VC prices with currencies and, for KEY_DELIVERY, the count of unassigned keys:
 * at most three queries however many rows, so listings stay flat.
 */
export const hydrateProducts = async (ctx: DbContext, { rows }: { rows: ProductModel[] }): Promise<ProductRow[]> => {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const keyed = rows.filter((r) => r.fulfillmentType === "KEY_DELIVERY").map((r) => r.id);
  const [prices, keyCounts] = await Promise.all([
    ctx.db.productVcPrice.findMany({ where: { productId: { in: ids } } }),
    keyed.length
      ? ctx.db.productKey.groupBy({ by: ["productId"], where: { productId: { in: keyed }, purchaseId: null }, _count: { _all: true } })
      : Promise.resolve([]),
  ]);
  const currencyIds = [...new Set(prices.map((p) => p.currencyId))];
  const currencies = currencyIds.length
    ? await ctx.db.virtualCurrency.findMany({ where: { id: { in: currencyIds } }, select: { id: true, code: true, name: true } })
    : [];
  const currencyById = new Map(currencies.map((c) => [c.id, c]));
  const keysById = new Map(keyCounts.map((k) => [k.productId, k._count._all]));
  return rows.map((r) => ({
    ...r,
    vcPrices: prices
      .filter((p) => p.productId === r.id)
      .map((p) => ({ ...p, currency: currencyById.get(p.currencyId) ?? { id: p.currencyId, code: "", name: "" } })),
    keysAvailable: r.fulfillmentType === "KEY_DELIVERY" ? (keysById.get(r.id) ?? 0) : null,
  }));
};
