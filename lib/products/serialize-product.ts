import type { Product as ProductModel, ProductVcPrice } from "../db/generated/client.ts";
import type { Product } from "./schemas.ts";

export type CurrencyRef = { id: string; code: string; name: string };

/** A product row with what its API shape needs: its VC prices (each with its currency) and, for KEY_DELIVERY, the unassigned keys. */
export type ProductRow = ProductModel & {
  vcPrices: (ProductVcPrice & { currency: CurrencyRef })[];
  keysAvailable: number | null;
};

/** The spec's Product shape. A product without a USD price has price 0 and hasUsdPrice false. */
export const serializeProduct = (p: ProductRow): Product => {
  const prices = [...p.vcPrices].sort((a, b) => a.currency.code.localeCompare(b.currency.code));
  return {
    _id: p.id,
    gameId: p.gameId,
    environment: p.environment,
    type: p.type,
    name: p.name,
    description: p.description,
    baseGameRequirementText: p.baseGameRequirementText,
    price: p.priceCents ?? 0,
    hasUsdPrice: p.priceCents !== null,
    virtualCurrencyPrices: prices.map((v) => ({
      currencyId: v.currencyId,
      amount: Number(v.amount),
      currency: { code: v.currency.code, name: v.currency.name },
    })),
    virtualCurrencyDetails: prices.map((v) => ({ _id: v.currency.id, code: v.currency.code, name: v.currency.name })),
    fulfillmentType: p.fulfillmentType,
    virtualCurrencyGrant:
      p.fulfillmentType === "GRANT_VIRTUAL_CURRENCY" && p.grantCurrencyId && p.grantAmountUnits !== null
        ? { currencyId: p.grantCurrencyId, amountUnits: p.grantAmountUnits.toString() }
        : null,
    keysAvailable: p.fulfillmentType === "KEY_DELIVERY" ? (p.keysAvailable ?? 0) : null,
    isVisible: p.isVisible,
    isPriceVisible: p.isPriceVisible,
    forSale: p.forSale,
    perUserLimit: p.perUserLimit ?? 0,
    status: p.status,
    creatorType: p.creatorType === "ugc" ? "ugc" : "game",
    creatorUserRef: p.creatorUserRef,
    reviewNote: p.reviewNote,
    submittedAt: p.submittedAt?.toISOString() ?? null,
    reviewedAt: p.reviewedAt?.toISOString() ?? null,
    imageUrl: p.imageUrl,
    metadata: (p.metadata && typeof p.metadata === "object" && !Array.isArray(p.metadata) ? p.metadata : {}) as Record<string, unknown>,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
};
