import type { Product } from "../products/schemas.ts";
import type { Item } from "./schemas.ts";

/** A product of the platform (its API shape, lib/products/serialize-product.ts) in the platform's item shape. */
export const serializeItem = (p: Product): Item => ({
  _id: p._id,
  gameId: p.gameId,
  environment: p.environment,
  name: p.name,
  type: p.type,
  description: p.description,
  hasUsdPrice: p.hasUsdPrice,
  price: p.price,
  virtualCurrencyPrices: p.virtualCurrencyPrices.map((v) => [v.currencyId, v.amount] as [string, number]),
  fulfillmentType: p.fulfillmentType,
  grantVirtualCurrencyId: p.virtualCurrencyGrant?.currencyId ?? null,
  grantAmount: p.virtualCurrencyGrant ? Number(p.virtualCurrencyGrant.amountUnits) : null,
  metadata: p.metadata,
  forSale: p.forSale,
  isVisible: false,
  perUserLimit: p.perUserLimit,
  status: p.status === "archived" ? "archived" : "active",
  createdAt: p.createdAt,
  updatedAt: p.updatedAt,
});
