import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { GET, POST } from "./route";
import { DELETE } from "./[itemId]/route";
import { call } from "@/tests/support/http";
import { expectBusinessAuth, expectScopeRefusals, idem, makeBusinessTenant } from "@/tests/support/business";
import { makeProduct } from "@/tests/support/products";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { createGame } from "@/lib/games/create-game";
import { issueApiKey } from "@/lib/tenants/issue-api-key";
import { approveBusinessForLive } from "@/tests/support/activation";

const currencyOf = (gameId: string, code = `C${randomBytes(2).toString("hex")}`) =>
  getDb().virtualCurrency.create({ data: { id: newId(), gameId, environment: "test", code, name: `Coin ${code}` } });

const itemCount = (gameId: string) => getDb().product.count({ where: { gameId, creatorType: "platform" } });

describe("POST /v1/platform/items", () => {
  it("creates a product of the business's game, never visible, marked as the platform's; the item shape of the spec", async () => {
    const t = await makeBusinessTenant();
    const gems = await currencyOf(t.game.id);
    const gold = await currencyOf(t.game.id);
    const res = await call(POST, {
      headers: idem(t.tb),
      body: {
        gameId: t.game.id,
        name: "Gem pack",
        type: "consumable",
        fulfillmentType: "GRANT_VIRTUAL_CURRENCY",
        description: "100 gems",
        hasUsdPrice: true,
        price: 499,
        virtualCurrencyPrices: [
          [gold.id, 50],
          [gems.id, 10],
        ],
        grantVirtualCurrencyId: gems.id,
        grantAmount: 100,
        metadata: { sku: "gems-100", tier: 1 },
        forSale: true,
        isVisible: true,
      },
    });
    expect(res.status).toBe(201);
    const row = await getDb().product.findUniqueOrThrow({ where: { id: res.body._id } });
    // prices come back ordered by currency code, as the product API orders them
    const sorted = (
      [
        [gems, 10],
        [gold, 50],
      ] as const
    )
      .slice()
      .sort(([a], [b]) => a.code.localeCompare(b.code))
      .map(([c, amount]) => [c.id, amount]);
    expect(res.body).toEqual({
      _id: row.id,
      gameId: t.game.id,
      environment: "test",
      name: "Gem pack",
      type: "consumable",
      description: "100 gems",
      hasUsdPrice: true,
      price: 499,
      virtualCurrencyPrices: sorted,
      fulfillmentType: "GRANT_VIRTUAL_CURRENCY",
      grantVirtualCurrencyId: gems.id,
      grantAmount: 100,
      metadata: { sku: "gems-100", tier: 1 },
      forSale: true,
      isVisible: false,
      perUserLimit: 0,
      status: "active",
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    });
    expect(row).toMatchObject({ creatorType: "platform", createdByPlatformId: t.platform.id, isVisible: false, status: "active", grantAmountUnits: 100n });
  });

  it("defaults: fulfillmentType NONE, forSale true, perUserLimit 0; without hasUsdPrice the price decides it; hasUsdPrice false with VC prices only", async () => {
    const t = await makeBusinessTenant();
    const coin = await currencyOf(t.game.id);
    const plain = await call(POST, { headers: idem(t.tb), body: { gameId: t.game.id, name: "Potion", type: "consumable", price: 100 } });
    expect(plain.body).toMatchObject({
      hasUsdPrice: true,
      price: 100,
      fulfillmentType: "NONE",
      description: "",
      metadata: {},
      forSale: true,
      isVisible: false,
      perUserLimit: 0,
      virtualCurrencyPrices: [],
      grantVirtualCurrencyId: null,
      grantAmount: null,
    });
    const vcOnly = await call(POST, {
      headers: idem(t.tb),
      body: { gameId: t.game.id, name: "Hat", type: "purchase", hasUsdPrice: false, virtualCurrencyPrices: [[coin.id, 30]], perUserLimit: 2, forSale: false },
    });
    expect(vcOnly.body).toMatchObject({ hasUsdPrice: false, price: 0, virtualCurrencyPrices: [[coin.id, 30]], perUserLimit: 2, forSale: false });
  });

  it("400 for bad bodies, naming the item's fields (the product rules, in the item's words); nothing created", async () => {
    const t = await makeBusinessTenant();
    const coin = await currencyOf(t.game.id);
    const base = { gameId: t.game.id, name: "X", type: "consumable" };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ price: undefined }, "price", "required"],
      [{ hasUsdPrice: true }, "price", "required when hasUsdPrice"],
      [{ hasUsdPrice: false, price: 100 }, "price", "omitted"],
      [{ price: 100, fulfillmentType: "GRANT_VIRTUAL_CURRENCY" }, "grantVirtualCurrencyId", "required for fulfillmentType GRANT_VIRTUAL_CURRENCY"],
      [{ price: 100, grantVirtualCurrencyId: coin.id, grantAmount: 5 }, "grantVirtualCurrencyId", "only for fulfillmentType GRANT_VIRTUAL_CURRENCY"],
      [{ price: 100, fulfillmentType: "GRANT_VIRTUAL_CURRENCY", grantAmount: 5 }, "grantVirtualCurrencyId", "go together"],
      [{ price: 100, fulfillmentType: "GRANT_VIRTUAL_CURRENCY", grantVirtualCurrencyId: coin.id, grantAmount: 0 }, "grantAmount", "positive"],
      [{ virtualCurrencyPrices: [{ currencyId: coin.id, amount: 5 }] }, "virtualCurrencyPrices.0", "pair"],
      [{ virtualCurrencyPrices: [[coin.id, 0]] }, "virtualCurrencyPrices.0.1", "at least 1"],
      [
        {
          virtualCurrencyPrices: [
            [coin.id, 1],
            [coin.id, 2],
          ],
        },
        "virtualCurrencyPrices",
        "once",
      ],
      [{ price: -1 }, "price", "0 or more"],
      [{ price: 100, type: "gadget" }, "type", "one of"],
      [{ price: 100, name: "" }, "name", "empty"],
      [{ price: 100, gameId: undefined }, "gameId", "required"],
      [{ price: 100, metadata: [1] }, "metadata", "object"],
    ];
    for (const [over, field, words] of cases) {
      const res = await call(POST, { headers: idem(t.tb), body: { ...base, ...over } });
      expect([res.status, res.body.code], JSON.stringify(over)).toEqual([400, "VALIDATION_ERROR"]);
      const detail = res.body.details.find((d: { field: string }) => d.field === field);
      expect(detail?.message, `${JSON.stringify(over)} → ${JSON.stringify(res.body.details)}`).toContain(words);
    }
    expect(await itemCount(t.game.id)).toBe(0);
  });

  it("404 GAME_NOT_FOUND for another business's or environment's game; 404 CURRENCY_NOT_FOUND naming the item field for another game's currency; nothing created", async () => {
    const t = await makeBusinessTenant();
    const other = await makeBusinessTenant();
    await approveBusinessForLive(t.business.id); // the test is about something else: a live business is an approved one
    const liveGame = await createGame({ db: getDb() }, { businessId: t.business.id, environment: "live", name: "Live game" });
    const foreignCoin = await currencyOf(other.game.id);
    for (const gameId of [other.game.id, liveGame.id, "000000000000000000000000"]) {
      const res = await call(POST, { headers: idem(t.tb), body: { gameId, name: "X", type: "consumable", price: 1 } });
      expect([res.status, res.body.code]).toEqual([404, "GAME_NOT_FOUND"]);
    }
    const price = await call(POST, {
      headers: idem(t.tb),
      body: { gameId: t.game.id, name: "X", type: "consumable", virtualCurrencyPrices: [[foreignCoin.id, 5]] },
    });
    expect([price.status, price.body.code, price.body.details[0].field]).toEqual([404, "CURRENCY_NOT_FOUND", "virtualCurrencyPrices.0.0"]);
    expect(price.body.error).toContain("virtualCurrencyPrices.0.0");
    const grant = await call(POST, {
      headers: idem(t.tb),
      body: {
        gameId: t.game.id,
        name: "X",
        type: "consumable",
        price: 1,
        fulfillmentType: "GRANT_VIRTUAL_CURRENCY",
        grantVirtualCurrencyId: foreignCoin.id,
        grantAmount: 3,
      },
    });
    expect([grant.status, grant.body.code, grant.body.details[0].field]).toEqual([404, "CURRENCY_NOT_FOUND", "grantVirtualCurrencyId"]);
    expect(await getDb().product.count({ where: { gameId: { in: [t.game.id, liveGame.id, other.game.id] } } })).toBe(0);
  });

  it("idempotent: a replay is the first answer (one item); the key with another body is 422", async () => {
    const t = await makeBusinessTenant();
    const headers = idem(t.tb);
    const sent = { gameId: t.game.id, name: "Once", type: "consumable", price: 10 };
    const first = await call(POST, { headers, body: sent });
    const replay = await call(POST, { headers, body: sent });
    expect([replay.status, replay.text, replay.headers.get("idempotent-replayed")]).toEqual([201, first.text, "true"]);
    expect(await itemCount(t.game.id)).toBe(1);
    const reused = await call(POST, { headers, body: { ...sent, price: 11 } });
    expect([reused.status, reused.body.code]).toEqual([422, "IDEMPOTENCY_KEY_REUSED"]);
    expect((await call(POST, { headers: t.tb, body: sent })).body.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
  });

  it("refuses strangers and each set lacking item:create, creating nothing", async () => {
    const t = await makeBusinessTenant();
    const body = { gameId: t.game.id, name: "X", type: "consumable", price: 1 };
    await expectBusinessAuth(POST, { body }, idem(t.tb));
    const games: string[] = [t.game.id];
    await expectScopeRefusals("item:create", (x) => {
      games.push(x.game.id);
      return call(POST, { headers: idem(x.tb), body: { ...body, gameId: x.game.id } });
    });
    expect(await getDb().product.count({ where: { gameId: { in: games } } })).toBe(0);
  });
});

describe("GET /v1/platform/items", () => {
  it("the business's platform items, newest first, with {page, limit, total, totalPages}; by game; archived ones only with status=archived", async () => {
    const t = await makeBusinessTenant();
    const second = await createGame({ db: getDb() }, { businessId: t.business.id, environment: "test", name: "Second" });
    const make = async (gameId: string, name: string) => (await call(POST, { headers: idem(t.tb), body: { gameId, name, type: "consumable", price: 5 } })).body;
    const a = await make(t.game.id, "A");
    const b = await make(second.id, "B");
    const c = await make(t.game.id, "C");
    const d = await make(t.game.id, "D");
    for (const [i, item] of [a, b, c, d].entries())
      await getDb().product.update({ where: { id: item._id }, data: { createdAt: new Date(Date.UTC(2026, 1, 1 + i)) } });
    await call(DELETE, { headers: t.tb, params: { itemId: d._id } });
    // a product the game made itself, and another business's item, are not listed
    const { rawKey } = await issueApiKey({ db: getDb() }, { kind: "server", environment: "test", gameId: t.game.id });
    await makeProduct({ authorization: `Bearer ${rawKey}`, "x-game-id": t.game.id });
    const other = await makeBusinessTenant();
    await call(POST, { headers: idem(other.tb), body: { gameId: other.game.id, name: "Theirs", type: "consumable", price: 5 } });

    const names = (res: { body: { items: { name: string }[] } }) => res.body.items.map((i) => i.name);
    const all = await call(GET, { headers: t.tb });
    expect(all.status).toBe(200);
    expect(names(all)).toEqual(["C", "B", "A"]);
    expect(all.body.pagination).toEqual({ page: 1, limit: 50, total: 3, totalPages: 1 });
    expect(all.body.items[0]).toMatchObject({ _id: c._id, gameId: t.game.id, isVisible: false, status: "active" });
    const paged = await call(GET, { headers: t.tb, query: { page: 2, limit: 2 } });
    expect([names(paged), paged.body.pagination]).toEqual([["A"], { page: 2, limit: 2, total: 3, totalPages: 2 }]);
    expect(names(await call(GET, { headers: t.tb, query: { gameId: t.game.id } }))).toEqual(["C", "A"]);
    expect(names(await call(GET, { headers: t.tb, query: { gameId: second.id } }))).toEqual(["B"]);
    const archived = await call(GET, { headers: t.tb, query: { status: "archived" } });
    expect([names(archived), archived.body.items[0].status]).toEqual([["D"], "archived"]);
    const foreign = await call(GET, { headers: t.tb, query: { gameId: other.game.id } });
    expect([foreign.status, foreign.body.code]).toEqual([404, "GAME_NOT_FOUND"]);
    for (const [query, field] of [
      [{ limit: 101 }, "limit"],
      [{ page: 0 }, "page"],
      [{ status: "deleted" }, "status"],
    ] as const) {
      const res = await call(GET, { headers: t.tb, query });
      expect([res.status, res.body.details[0].field]).toEqual([400, field]);
    }
  });

  it("refuses strangers and each set lacking item:read", async () => {
    const t = await makeBusinessTenant();
    await expectBusinessAuth(GET, {}, t.tb);
    await expectScopeRefusals("item:read", (x) => call(GET, { headers: x.tb }));
  });
});
