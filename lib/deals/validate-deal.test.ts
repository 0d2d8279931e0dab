import { describe, expect, it } from "vitest";
import { validateDeal } from "./validate-deal";
import { createDeal } from "./create-deal";
import { getDb } from "@/lib/db/client";
import { makeProduct, makeShop } from "@/tests/support/products";
import type { GameContext } from "@/lib/core/context";
import { gameContextFor } from "@/tests/support/contexts";

const ctxOf = (gameId: string): GameContext => gameContextFor({ id: gameId, businessId: "b" });

const rejection = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e as { code: string; status: number; message: string };
  }
  throw new Error("expected INVALID_DEAL");
};

describe("validateDeal", () => {
  it("returns the active deal for the payment currency; codes match case-insensitively", async () => {
    const shop = await makeShop();
    const product = await makeProduct(shop.headers, { price: 1000, virtualCurrencyPrices: [{ currencyId: shop.gems._id, amount: 100 }] });
    const usd = await createDeal(ctxOf(shop.game.id), { itemId: product._id, code: "SUMMER", overridePrice: 700, status: "active" });
    const vc = await createDeal(ctxOf(shop.game.id), { itemId: product._id, code: "GEMSALE", currencyId: shop.gems._id, overridePrice: 60, status: "active" });
    const a = await validateDeal({ db: getDb() }, { productId: product._id, code: " summer ", currencyId: null });
    expect(a).toMatchObject({ id: usd._id, overridePrice: 700n, currencyId: null });
    const b = await validateDeal({ db: getDb() }, { productId: product._id, code: "GemSale", currencyId: shop.gems._id });
    expect(b).toMatchObject({ id: vc._id, overridePrice: 60n, currencyId: shop.gems._id });
    const raw = await getDb().deal.create({
      data: { id: "d".repeat(24), gameId: shop.game.id, productId: product._id, code: "lower-case", overridePrice: 5n },
    });
    expect((await validateDeal({ db: getDb() }, { productId: product._id, code: "LOWER-CASE", currencyId: null })).id).toBe(raw.id);
  });

  it("400 INVALID_DEAL for an unknown code, another item's code, an inactive deal and a currency mismatch", async () => {
    const shop = await makeShop();
    const ctx = ctxOf(shop.game.id);
    const product = await makeProduct(shop.headers, {
      price: 1000,
      virtualCurrencyPrices: [
        { currencyId: shop.gems._id, amount: 100 },
        { currencyId: shop.gold._id, amount: 5 },
      ],
    });
    const other = await makeProduct(shop.headers, { price: 1000 });
    await createDeal(ctx, { itemId: product._id, code: "USD10", overridePrice: 900, status: "active" });
    await createDeal(ctx, { itemId: product._id, code: "GEMS", currencyId: shop.gems._id, overridePrice: 80, status: "active" });
    await createDeal(ctx, { itemId: product._id, code: "OLD", overridePrice: 1, status: "inactive" });
    const cases: [{ productId: string; code: string; currencyId: string | null }, RegExp][] = [
      [{ productId: product._id, code: "NOPE", currencyId: null }, /does not exist/],
      [{ productId: other._id, code: "USD10", currencyId: null }, /does not exist/],
      [{ productId: product._id, code: "", currencyId: null }, /does not exist/],
      [{ productId: product._id, code: "OLD", currencyId: null }, /is not active/],
      [{ productId: product._id, code: "USD10", currencyId: shop.gems._id }, /USD deal/],
      [{ productId: product._id, code: "GEMS", currencyId: null }, /cannot be used for a USD payment/],
      [{ productId: product._id, code: "GEMS", currencyId: shop.gold._id }, new RegExp(`not the payment currency ${shop.gold._id}`)],
    ];
    for (const [input, message] of cases) {
      const err = await rejection(validateDeal({ db: getDb() }, input));
      expect(err.code, JSON.stringify(input)).toBe("INVALID_DEAL");
      expect(err.status).toBe(400);
      expect(err.message).toMatch(message);
    }
  });
});
