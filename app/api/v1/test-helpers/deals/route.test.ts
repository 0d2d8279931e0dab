import { describe, expect, it } from "vitest";
import { POST } from "./route";
import { call } from "@/tests/support/http";
import { makeGame } from "@/tests/support/fixtures";
import { campaignHeaders, idem, makeProduct, makeShop, productSnapshot } from "@/tests/support/products";
import { getDb } from "@/lib/db/client";

describe("POST /v1/test-helpers/deals", () => {
  it("201 creates a USD deal and a VC deal and returns them", async () => {
    const { headers, game, gems } = await makeShop();
    const product = await makeProduct(headers, { price: 1000, virtualCurrencyPrices: [{ currencyId: gems._id, amount: 100 }] });
    const usd = await call(POST, {
      headers,
      body: { itemId: product._id, code: "summer-20", overridePrice: 800, metadata: { campaign: "summer", stacks: false } },
    });
    expect(usd.status).toBe(201);
    expect(usd.body).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      code: "summer-20",
      itemId: product._id,
      gameId: game.id,
      currencyType: "USD",
      currencyId: null,
      overridePrice: 800,
      status: "active",
      metadata: { campaign: "summer", stacks: false },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const vc = await call(POST, { headers, body: { itemId: product._id, code: "GEMS50", currencyId: gems._id, overridePrice: 50, status: "inactive" } });
    expect(vc.status).toBe(201);
    expect(vc.body).toMatchObject({ code: "GEMS50", currencyType: "VC", currencyId: gems._id, overridePrice: 50, status: "inactive", metadata: null });
    const rows = await getDb().deal.findMany({ where: { productId: product._id }, orderBy: { code: "asc" } });
    expect(rows.map((d) => [d.code, d.currencyId, d.overridePrice, d.status])).toEqual([
      ["GEMS50", gems._id, 50n, "inactive"],
      ["summer-20", null, 800n, "active"],
    ]);
  });

  it("409 DEAL_CODE_TAKEN for a code the item already has (case-insensitive); the same code on another item is fine", async () => {
    const { headers } = await makeShop();
    const a = await makeProduct(headers);
    const b = await makeProduct(headers);
    expect((await call(POST, { headers, body: { itemId: a._id, code: "SALE", overridePrice: 1 } })).status).toBe(201);
    const dup = await call(POST, { headers, body: { itemId: a._id, code: "sale", overridePrice: 2 } });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe("DEAL_CODE_TAKEN");
    expect((await call(POST, { headers, body: { itemId: b._id, code: "SALE", overridePrice: 2 } })).status).toBe(201);
    const race = await Promise.all(["RACE", "race", "Race"].map((code, i) => call(POST, { headers, body: { itemId: b._id, code, overridePrice: i + 1 } })));
    expect(race.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await getDb().deal.count({ where: { productId: b._id, code: { equals: "race", mode: "insensitive" } } })).toBe(1);
  });

  it("400 for a currency the item is not priced in, a USD deal on an item without a USD price, and bad fields", async () => {
    const { headers, game, gems, gold } = await makeShop();
    const vcOnly = await makeProduct(headers, { price: undefined, virtualCurrencyPrices: [{ currencyId: gems._id, amount: 10 }] });
    const before = await productSnapshot(game.id);
    const notPriced = await call(POST, { headers, body: { itemId: vcOnly._id, code: "X", currencyId: gold._id, overridePrice: 1 } });
    expect(notPriced.status).toBe(400);
    expect(notPriced.body.details).toEqual([{ field: "currencyId", message: `must be a currency the item is priced in (${gems._id})` }]);
    const noUsd = await call(POST, { headers, body: { itemId: vcOnly._id, code: "X", overridePrice: 1 } });
    expect(noUsd.body.details[0]).toMatchObject({ field: "currencyId", message: expect.stringContaining("no USD price") });
    const cases: [Record<string, unknown>, string[]][] = [
      [{}, ["code", "itemId", "overridePrice"]],
      [{ itemId: vcOnly._id, code: "X", overridePrice: -1 }, ["overridePrice"]],
      [{ itemId: vcOnly._id, code: "X", overridePrice: 1.5 }, ["overridePrice"]],
      [{ itemId: vcOnly._id, code: "has space", overridePrice: 1 }, ["code"]],
      [{ itemId: vcOnly._id, code: "X", overridePrice: 1, status: "paused" }, ["status"]],
      [{ itemId: vcOnly._id, code: "X", overridePrice: 1, metadata: { nested: { a: 1 } } }, ["metadata.nested"]],
    ];
    for (const [body, expected] of cases) {
      const res = await call(POST, { headers, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.details.map((d: { field: string }) => d.field).sort(), JSON.stringify(body)).toEqual(expected);
    }
    expect(await productSnapshot(game.id)).toEqual(before);
  });

  it("404 for another game's item (nothing written), 404 for a live key, 401 without a key or with a campaign key", async () => {
    const a = await makeShop();
    const b = await makeShop();
    const product = await makeProduct(a.headers);
    const foreign = await call(POST, { headers: b.headers, body: { itemId: product._id, code: "X", overridePrice: 1 } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("PRODUCT_NOT_FOUND");
    const live = await makeGame({ environment: "live" });
    const liveRes = await call(POST, { headers: live.headers, body: { itemId: product._id, code: "X", overridePrice: 1 } });
    expect(liveRes.status).toBe(404);
    expect(liveRes.body.error).toMatch(/test-environment/);
    expect((await call(POST, { body: { itemId: product._id, code: "X", overridePrice: 1 } })).status).toBe(401);
    expect((await call(POST, { headers: await campaignHeaders(), body: { itemId: product._id, code: "X", overridePrice: 1 } })).status).toBe(401);
    expect(await getDb().deal.count({ where: { productId: product._id } })).toBe(0);
  });

  it("a replay with the same Idempotency-Key returns the first deal and creates one", async () => {
    const { headers } = await makeShop();
    const product = await makeProduct(headers);
    const h = idem(headers);
    const first = await call(POST, { headers: h, body: { itemId: product._id, code: "ONCE", overridePrice: 1 } });
    const replay = await call(POST, { headers: h, body: { itemId: product._id, code: "ONCE", overridePrice: 1 } });
    expect(replay.status).toBe(201);
    expect(replay.text).toBe(first.text);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await getDb().deal.count({ where: { productId: product._id } })).toBe(1);
  });
});
