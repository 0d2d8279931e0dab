import { describe, expect, it } from "vitest";
import { POST } from "./route";
import { call } from "@/tests/support/http";
import { makeGame } from "@/tests/support/fixtures";
import { campaignHeaders, idem, makeShop, productSnapshot } from "@/tests/support/products";
import { getDb } from "@/lib/db/client";

const fields = (d: { field: string }[]) => d.map((x) => x.field).sort();

describe("POST /v1/product", () => {
  it("201 creates an active game product with USD and VC prices and returns the spec shape", async () => {
    const { headers, game, gems, gold } = await makeShop();
    const res = await call(POST, {
      headers: idem(headers),
      body: {
        name: "  Dragon Sword ",
        type: "purchase",
        fulfillmentType: "WEBHOOK",
        description: "A sharp sword",
        baseGameRequirementText: "Needs the base game",
        price: 499,
        virtualCurrencyPrices: [
          { currencyId: gold._id, amount: 50 },
          { currencyId: gems._id, amount: 120 },
        ],
        perUserLimit: 2,
        metadata: { tier: { level: 3 }, sku: "sw-1" },
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      gameId: game.id,
      environment: "test",
      type: "purchase",
      name: "Dragon Sword",
      description: "A sharp sword",
      baseGameRequirementText: "Needs the base game",
      price: 499,
      hasUsdPrice: true,
      virtualCurrencyPrices: [
        { currencyId: gems._id, amount: 120, currency: { code: gems.code, name: "Gems" } },
        { currencyId: gold._id, amount: 50, currency: { code: gold.code, name: "Gold" } },
      ],
      virtualCurrencyDetails: [
        { _id: gems._id, code: gems.code, name: "Gems" },
        { _id: gold._id, code: gold.code, name: "Gold" },
      ],
      fulfillmentType: "WEBHOOK",
      virtualCurrencyGrant: null,
      keysAvailable: null,
      isVisible: true,
      isPriceVisible: true,
      forSale: true,
      perUserLimit: 2,
      status: "active",
      creatorType: "game",
      creatorUserRef: null,
      reviewNote: null,
      submittedAt: null,
      reviewedAt: null,
      imageUrl: "",
      metadata: { tier: { level: 3 }, sku: "sw-1" },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(JSON.stringify(res.body.metadata)).toBe('{"tier":{"level":3},"sku":"sw-1"}');
    const row = await getDb().product.findUniqueOrThrow({ where: { id: res.body._id }, include: { vcPrices: true } });
    expect(row.priceCents).toBe(499);
    expect(row.vcPrices.map((p) => p.amount).sort()).toEqual([120n, 50n]);
  });

  it("a VC-only product has price 0 and hasUsdPrice false; defaults for the optional fields", async () => {
    const { headers, gems } = await makeShop();
    const res = await call(POST, {
      headers: idem(headers),
      body: { name: "Potion", type: "consumable", virtualCurrencyPrices: [{ currencyId: gems._id, amount: 5 }] },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      price: 0,
      hasUsdPrice: false,
      fulfillmentType: "NONE",
      description: "",
      perUserLimit: 0,
      metadata: {},
      isVisible: true,
      forSale: true,
    });
    expect((await getDb().product.findUniqueOrThrow({ where: { id: res.body._id } })).priceCents).toBeNull();
  });

  it("GRANT_VIRTUAL_CURRENCY needs virtualCurrencyGrant and returns it; KEY_DELIVERY stores keys and shows keysAvailable", async () => {
    const { headers, gems } = await makeShop();
    const missing = await call(POST, {
      headers: idem(headers),
      body: { name: "Pack", type: "consumable", price: 100, fulfillmentType: "GRANT_VIRTUAL_CURRENCY" },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual([
      { field: "virtualCurrencyGrant", message: expect.stringContaining("required for fulfillmentType GRANT_VIRTUAL_CURRENCY") },
    ]);
    const grant = await call(POST, {
      headers: idem(headers),
      body: {
        name: "Pack",
        type: "consumable",
        price: 100,
        fulfillmentType: "GRANT_VIRTUAL_CURRENCY",
        virtualCurrencyGrant: { currencyId: gems._id, amountUnits: "500" },
      },
    });
    expect(grant.status).toBe(201);
    expect(grant.body.virtualCurrencyGrant).toEqual({ currencyId: gems._id, amountUnits: "500" });
    const keys = await call(POST, {
      headers: idem(headers),
      body: { name: "Key", type: "purchase", price: 999, fulfillmentType: "KEY_DELIVERY", keys: ["AAA-1", "BBB-2", "CCC-3"] },
    });
    expect(keys.status).toBe(201);
    expect(keys.body.keysAvailable).toBe(3);
    expect((await getDb().productKey.findMany({ where: { productId: keys.body._id }, orderBy: { value: "asc" } })).map((k) => k.value)).toEqual([
      "AAA-1",
      "BBB-2",
      "CCC-3",
    ]);
    const wrongKeys = await call(POST, { headers: idem(headers), body: { name: "X", type: "purchase", price: 1, keys: ["A"] } });
    expect(wrongKeys.body.details).toEqual([{ field: "keys", message: "are only for fulfillmentType KEY_DELIVERY" }]);
    const wrongGrant = await call(POST, {
      headers: idem(headers),
      body: { name: "X", type: "purchase", price: 1, virtualCurrencyGrant: { currencyId: gems._id, amountUnits: "1" } },
    });
    expect(wrongGrant.body.details).toEqual([{ field: "virtualCurrencyGrant", message: "is only for fulfillmentType GRANT_VIRTUAL_CURRENCY" }]);
  });

  it("400 VALIDATION_ERROR naming each bad field, nothing written", async () => {
    const { headers, game, gems } = await makeShop();
    const before = await productSnapshot(game.id);
    const cases: [Record<string, unknown>, string[]][] = [
      [{}, ["name", "type"]],
      [{ name: "A", type: "bundle", price: 1 }, ["type"]],
      [{ name: "A", type: "purchase", price: 1.5 }, ["price"]],
      [{ name: "A", type: "purchase", price: -1 }, ["price"]],
      [{ name: "A", type: "purchase", price: "100" }, ["price"]],
      [{ name: "A", type: "purchase" }, ["price"]],
      [{ name: "A", type: "purchase", virtualCurrencyPrices: [] }, ["price"]],
      [{ name: "A", type: "purchase", virtualCurrencyPrices: [{ currencyId: gems._id, amount: 0 }] }, ["virtualCurrencyPrices.0.amount"]],
      [
        {
          name: "A",
          type: "purchase",
          virtualCurrencyPrices: [
            { currencyId: gems._id, amount: 1 },
            { currencyId: gems._id, amount: 2 },
          ],
        },
        ["virtualCurrencyPrices"],
      ],
      [{ name: "A", type: "purchase", price: 1, perUserLimit: -1 }, ["perUserLimit"]],
      [{ name: "A", type: "purchase", price: 1, metadata: [1] }, ["metadata"]],
      [{ name: "A", type: "purchase", price: 1, fulfillmentType: "EMAIL" }, ["fulfillmentType"]],
      [{ name: "A", type: "purchase", price: 1, imageUrl: "javascript:alert(1)" }, ["imageUrl"]],
      [{ name: " ", type: "purchase", price: 1 }, ["name"]],
    ];
    for (const [body, expected] of cases) {
      const res = await call(POST, { headers: idem(headers), body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
      expect(fields(res.body.details), JSON.stringify(body)).toEqual(expected);
    }
    expect(await productSnapshot(game.id)).toEqual(before);
  });

  it("404 CURRENCY_NOT_FOUND naming the field for another game's currency, nothing written", async () => {
    const a = await makeShop();
    const b = await makeShop();
    const before = await productSnapshot(a.game.id);
    const res = await call(POST, {
      headers: idem(a.headers),
      body: {
        name: "A",
        type: "purchase",
        virtualCurrencyPrices: [
          { currencyId: a.gems._id, amount: 1 },
          { currencyId: b.gems._id, amount: 2 },
        ],
      },
    });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("CURRENCY_NOT_FOUND");
    expect(res.body.details).toEqual([{ field: "virtualCurrencyPrices.1.currencyId", message: `currency "${b.gems._id}" is not a currency of this game` }]);
    expect(await productSnapshot(a.game.id)).toEqual(before);
  });

  it("401 without a key or with a campaign key; 400 without an Idempotency-Key", async () => {
    const { headers, game } = await makeGame();
    const body = { name: "A", type: "purchase", price: 1 };
    expect((await call(POST, { body })).status).toBe(401);
    expect((await call(POST, { headers: idem(await campaignHeaders()), body })).status).toBe(401);
    const noKey = await call(POST, { headers, body });
    expect(noKey.status).toBe(400);
    expect(noKey.body.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
    expect(await getDb().product.count({ where: { gameId: game.id } })).toBe(0);
  });

  it("a retry with the same key replays and creates once; the same key with another body is 422", async () => {
    const { headers, game } = await makeGame();
    const h = idem(headers);
    const first = await call(POST, { headers: h, body: { name: "A", type: "purchase", price: 1 } });
    const replay = await call(POST, { headers: h, body: { name: "A", type: "purchase", price: 1 } });
    expect(replay.status).toBe(201);
    expect(replay.text).toBe(first.text);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    const reuse = await call(POST, { headers: h, body: { name: "A", type: "purchase", price: 2 } });
    expect(reuse.status).toBe(422);
    expect(reuse.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(await getDb().product.count({ where: { gameId: game.id } })).toBe(1);
  });
});

describe("POST /v1/product: deeply nested metadata", () => {
  it("400 BODY_TOO_DEEP, not a 500 (it overflowed the 10 KB check), and no product", async () => {
    const { headers, game } = await makeGame();
    const before = await productSnapshot(game.id);
    const deep = "[".repeat(6000) + "]".repeat(6000);
    const res = await call(POST, { headers: idem(headers), rawBody: `{"name":"Sword","type":"purchase","price":100,"metadata":{"a":${deep}}}` });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "BODY_TOO_DEEP", error: "The request body nests objects and arrays more than 64 levels deep; flatten it." });
    expect(await productSnapshot(game.id)).toEqual(before);
  });
});
