import { describe, expect, it } from "vitest";
import { serializeProduct, type ProductRow } from "./serialize-product";

const at = new Date("2026-11-22T10:00:00.000Z");
const row = (over: Partial<ProductRow> = {}): ProductRow => ({
  id: "p1",
  gameId: "g1",
  environment: "test",
  type: "purchase",
  name: "Sword",
  description: "",
  baseGameRequirementText: "",
  priceCents: null,
  imageUrl: "",
  fulfillmentType: "NONE",
  grantCurrencyId: null,
  grantAmountUnits: null,
  isVisible: true,
  isPriceVisible: true,
  forSale: true,
  perUserLimit: null,
  status: "active",
  creatorType: "game",
  creatorUserRef: null,
  creatorPlayerId: "player-1",
  createdByPlatformId: null,
  reviewNote: null,
  submittedAt: null,
  reviewedAt: null,
  metadata: {},
  createdAt: at,
  updatedAt: at,
  vcPrices: [],
  keysAvailable: null,
  ...over,
});

describe("serializeProduct", () => {
  it("no USD price: price 0 and hasUsdPrice false; VC prices sorted by currency code, as integers, with their details", () => {
    const out = serializeProduct(
      row({
        vcPrices: [
          { id: "v2", productId: "p1", currencyId: "c2", amount: 7n, currency: { id: "c2", code: "ZED", name: "Zed" } },
          { id: "v1", productId: "p1", currencyId: "c1", amount: 120n, currency: { id: "c1", code: "GEMS", name: "Gems" } },
        ],
      }),
    );
    expect(out.price).toBe(0);
    expect(out.hasUsdPrice).toBe(false);
    expect(out.virtualCurrencyPrices).toEqual([
      { currencyId: "c1", amount: 120, currency: { code: "GEMS", name: "Gems" } },
      { currencyId: "c2", amount: 7, currency: { code: "ZED", name: "Zed" } },
    ]);
    expect(out.virtualCurrencyDetails).toEqual([
      { _id: "c1", code: "GEMS", name: "Gems" },
      { _id: "c2", code: "ZED", name: "Zed" },
    ]);
    expect(out).not.toHaveProperty("creatorPlayerId");
    expect(out.createdAt).toBe("2026-11-22T10:00:00.000Z");
  });

  it("a free product (price 0) still has a USD price; grant and key fields appear only for their fulfilment type", () => {
    expect(serializeProduct(row({ priceCents: 0 }))).toMatchObject({ price: 0, hasUsdPrice: true, virtualCurrencyGrant: null, keysAvailable: null });
    expect(serializeProduct(row({ fulfillmentType: "GRANT_VIRTUAL_CURRENCY", grantCurrencyId: "c1", grantAmountUnits: 500n })).virtualCurrencyGrant).toEqual({
      currencyId: "c1",
      amountUnits: "500",
    });
    expect(serializeProduct(row({ fulfillmentType: "KEY_DELIVERY", keysAvailable: 3 })).keysAvailable).toBe(3);
    expect(serializeProduct(row({ fulfillmentType: "NONE", grantCurrencyId: "c1", grantAmountUnits: 5n, keysAvailable: 2 }))).toMatchObject({
      virtualCurrencyGrant: null,
      keysAvailable: null,
    });
  });
});
