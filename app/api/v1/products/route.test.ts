import { describe, expect, it } from "vitest";
import { GET, POST, PUT } from "./route";
import { POST as createUgc } from "./[userRef]/route";
import { call } from "@/tests/support/http";
import { campaignHeaders, idem, makeProduct, makeShop, productSnapshot } from "@/tests/support/products";
import { getDb } from "@/lib/db/client";

describe("GET /v1/products", () => {
  it("lists newest first with the shared pagination object, and filters by status, type, q, creatorType and creatorUserRef", async () => {
    const shop = await makeShop();
    const other = await makeShop();
    await makeProduct(other.headers, { name: "Other game's sword" });
    const names = ["Iron Sword", "Steel Shield", "Magic sword scroll", "Health Potion"];
    for (const [i, name] of names.entries())
      await makeProduct(shop.headers, { name, type: i === 3 ? "consumable" : "purchase", description: i === 1 ? "Blocks a SWORD strike" : "" });
    const ugc = await call(createUgc, {
      headers: idem(shop.headers),
      params: { userRef: shop.userRef },
      body: { name: "Player Hat", type: "purchase", price: 50 },
    });

    const all = await call(GET, { headers: shop.headers });
    expect(all.status).toBe(200);
    expect(all.body.products.map((p: { name: string }) => p.name)).toEqual(["Player Hat", "Health Potion", "Magic sword scroll", "Steel Shield", "Iron Sword"]);
    expect(all.body.pagination).toEqual({ page: 1, limit: 20, totalCount: 5, totalPages: 1, hasNextPage: false, hasPrevPage: false });

    const page2 = await call(GET, { headers: shop.headers, query: { page: 2, limit: 2 } });
    expect(page2.body.products.map((p: { name: string }) => p.name)).toEqual(["Magic sword scroll", "Steel Shield"]);
    expect(page2.body.pagination).toEqual({ page: 2, limit: 2, totalCount: 5, totalPages: 3, hasNextPage: true, hasPrevPage: true });

    const q = await call(GET, { headers: shop.headers, query: { q: "sWoRd" } });
    expect(q.body.products.map((p: { name: string }) => p.name)).toEqual(["Magic sword scroll", "Steel Shield", "Iron Sword"]);
    const type = await call(GET, { headers: shop.headers, query: { type: "consumable" } });
    expect(type.body.products.map((p: { name: string }) => p.name)).toEqual(["Health Potion"]);
    const drafts = await call(GET, { headers: shop.headers, query: { status: "draft" } });
    expect(drafts.body.products.map((p: { _id: string }) => p._id)).toEqual([ugc.body._id]);
    const byCreator = await call(GET, { headers: shop.headers, query: { creatorUserRef: shop.userRef } });
    expect(byCreator.body.products.map((p: { _id: string }) => p._id)).toEqual([ugc.body._id]);
    const games = await call(GET, { headers: shop.headers, query: { creatorType: "game", q: "potion" } });
    expect(games.body.products.map((p: { name: string }) => p.name)).toEqual(["Health Potion"]);
    const none = await call(GET, { headers: shop.headers, query: { q: "nothing like this" } });
    expect(none.body).toEqual({ products: [], pagination: { page: 1, limit: 20, totalCount: 0, totalPages: 0, hasNextPage: false, hasPrevPage: false } });
  });

  it("q matches % and _ literally, not as wildcards", async () => {
    const { headers } = await makeShop();
    for (const name of ["100% cotton", "1000 cotton", "snake_case hat", "snakeXcase hat"]) await makeProduct(headers, { name });
    const pct = await call(GET, { headers, query: { q: "0%" } });
    expect(pct.body.products.map((p: { name: string }) => p.name)).toEqual(["100% cotton"]);
    const under = await call(GET, { headers, query: { q: "e_c" } });
    expect(under.body.products.map((p: { name: string }) => p.name)).toEqual(["snake_case hat"]);
  });

  it("400 naming the query field for a bad status, type, page or limit; 401 without a key or with a campaign key", async () => {
    const { headers } = await makeShop();
    for (const [query, field] of [
      [{ status: "sold" }, "status"],
      [{ type: "bundle" }, "type"],
      [{ limit: 101 }, "limit"],
      [{ page: 0 }, "page"],
      [{ creatorType: "player" }, "creatorType"],
    ] as const) {
      const res = await call(GET, { headers, query });
      expect(res.status, field).toBe(400);
      expect(res.body.details.map((d: { field: string }) => d.field)).toEqual([field]);
    }
    expect((await call(GET, {})).status).toBe(401);
    expect((await call(GET, { headers: await campaignHeaders() })).status).toBe(401);
  });
});

describe("POST /v1/products", () => {
  it("201 creates a product with an imageUrl; replay once; 400 naming fields; 401 without a key", async () => {
    const { headers, game } = await makeShop();
    const h = idem(headers);
    const body = {
      name: "Cape",
      type: "subscription",
      fulfillmentType: "WEBHOOK",
      description: "Red",
      price: 299,
      imageUrl: "https://cdn.example.com/cape.png",
      perUserLimit: 1,
      metadata: { k: "v" },
    };
    const res = await call(POST, { headers: h, body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ...body, status: "active", creatorType: "game", hasUsdPrice: true, isVisible: true, forSale: true });
    const replay = await call(POST, { headers: h, body });
    expect(replay.text).toBe(res.text);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect((await call(POST, { headers: h, body: { ...body, price: 1 } })).status).toBe(422);
    const bad = await call(POST, { headers: idem(headers), body: { type: "purchase", price: 1, imageUrl: "not a url" } });
    expect(bad.body.details.map((d: { field: string }) => d.field).sort()).toEqual(["imageUrl", "name"]);
    expect((await call(POST, { body })).status).toBe(401);
    expect(await getDb().product.count({ where: { gameId: game.id } })).toBe(1);
  });
});

describe("PUT /v1/products", () => {
  it("sets forSale and returns the product; 404 for another game's product with nothing changed", async () => {
    const a = await makeShop();
    const b = await makeShop();
    const product = await makeProduct(a.headers);
    const off = await call(PUT, { headers: idem(a.headers), body: { productId: product._id, forSale: false } });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ _id: product._id, forSale: false, isVisible: true });
    expect((await getDb().product.findUniqueOrThrow({ where: { id: product._id } })).forSale).toBe(false);
    const before = await productSnapshot(a.game.id);
    const foreign = await call(PUT, { headers: idem(b.headers), body: { productId: product._id, forSale: true } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("PRODUCT_NOT_FOUND");
    expect(await productSnapshot(a.game.id)).toEqual(before);
  });

  it("400 naming the field, 400 without an Idempotency-Key, 401 without a key, 409 for a UGC draft", async () => {
    const { headers, userRef } = await makeShop();
    const product = await makeProduct(headers);
    const bad = await call(PUT, { headers: idem(headers), body: { productId: product._id, forSale: "no" } });
    expect(bad.body.details).toEqual([{ field: "forSale", message: "must be true or false" }]);
    const missing = await call(PUT, { headers: idem(headers), body: {} });
    expect(missing.body.details.map((d: { field: string }) => d.field).sort()).toEqual(["forSale", "productId"]);
    expect((await call(PUT, { headers, body: { productId: product._id, forSale: false } })).body.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
    expect((await call(PUT, { body: { productId: product._id, forSale: false } })).status).toBe(401);
    const draft = await call(createUgc, { headers: idem(headers), params: { userRef }, body: { name: "Hat", type: "purchase", price: 1 } });
    const res = await call(PUT, { headers: idem(headers), body: { productId: draft.body._id, forSale: true } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("PRODUCT_NOT_ACTIVE");
    expect((await getDb().product.findUniqueOrThrow({ where: { id: product._id } })).forSale).toBe(true);
  });
});

describe("POST /v1/products: deeply nested metadata", () => {
  it("400 BODY_TOO_DEEP, not a 500 (it overflowed the 10 KB check), and no product", async () => {
    const { headers, game } = await makeShop();
    const before = await productSnapshot(game.id);
    const deep = "[".repeat(6000) + "]".repeat(6000);
    const res = await call(POST, { headers: idem(headers), rawBody: `{"name":"Cape","type":"purchase","price":100,"metadata":{"a":${deep}}}` });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "BODY_TOO_DEEP", error: "The request body nests objects and arrays more than 64 levels deep; flatten it." });
    expect(await productSnapshot(game.id)).toEqual(before);
  });
});
