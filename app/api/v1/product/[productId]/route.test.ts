import { describe, expect, it } from "vitest";
import { GET, PATCH } from "./route";
import { POST as createUgc } from "../../products/[userRef]/route";
import { call } from "@/tests/support/http";
import { campaignHeaders, idem, makeProduct, makeShop, productSnapshot } from "@/tests/support/products";
import { getDb } from "@/lib/db/client";

describe("GET /v1/product/{productId}", () => {
  it("200 returns the product; another game's or an unknown product is 404 PRODUCT_NOT_FOUND", async () => {
    const a = await makeShop();
    const b = await makeShop();
    const product = await makeProduct(a.headers, { virtualCurrencyPrices: [{ currencyId: a.gems._id, amount: 7 }] });
    const res = await call(GET, { headers: a.headers, params: { productId: product._id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(product);
    const foreign = await call(GET, { headers: b.headers, params: { productId: product._id } });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: "PRODUCT_NOT_FOUND", error: `Product "${product._id}" was not found.` });
    expect((await call(GET, { headers: a.headers, params: { productId: "nope" } })).body.code).toBe("PRODUCT_NOT_FOUND");
  });

  it("a NUL character in the id or a body string is 400 INVALID_CHARACTERS, not a 500", async () => {
    const a = await makeShop();
    const product = await makeProduct(a.headers, { name: "Before" });
    const get = await call(GET, { headers: a.headers, params: { productId: "ab\u0000c" } });
    expect([get.status, get.body.code]).toEqual([400, "INVALID_CHARACTERS"]);
    expect(get.body.error).toContain("NUL character");
    const patch = await call(PATCH, { headers: a.headers, params: { productId: product._id }, body: { name: "x\u0000y" } });
    expect([patch.status, patch.body.code]).toEqual([400, "INVALID_CHARACTERS"]);
    const desc = await call(PATCH, { headers: a.headers, params: { productId: product._id }, body: { description: "\u0000" } });
    expect([desc.status, desc.body.code]).toEqual([400, "INVALID_CHARACTERS"]);
    expect((await getDb().product.findUniqueOrThrow({ where: { id: product._id } })).name).toBe("Before");
  });

  it("401 without a key or with a campaign key", async () => {
    const a = await makeShop();
    const product = await makeProduct(a.headers);
    expect((await call(GET, { params: { productId: product._id } })).status).toBe(401);
    expect((await call(GET, { headers: await campaignHeaders(), params: { productId: product._id } })).status).toBe(401);
  });
});

describe("PATCH /v1/product/{productId}", () => {
  it("changes only the fields sent; virtualCurrencyPrices replaces the set; price null removes the USD price", async () => {
    const { headers, gems, gold } = await makeShop();
    const product = await makeProduct(headers, { description: "old", metadata: { a: 1 }, virtualCurrencyPrices: [{ currencyId: gems._id, amount: 10 }] });
    const res = await call(PATCH, {
      headers,
      params: { productId: product._id },
      body: { name: "Renamed", forSale: false, isPriceVisible: false, virtualCurrencyPrices: [{ currencyId: gold._id, amount: 3 }], price: null },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "Renamed",
      description: "old",
      metadata: { a: 1 },
      forSale: false,
      isVisible: true,
      isPriceVisible: false,
      price: 0,
      hasUsdPrice: false,
      virtualCurrencyPrices: [{ currencyId: gold._id, amount: 3, currency: { code: gold.code, name: "Gold" } }],
      virtualCurrencyDetails: [{ _id: gold._id, code: gold.code, name: "Gold" }],
    });
    expect(await getDb().productVcPrice.count({ where: { productId: product._id } })).toBe(1);
    const again = await call(PATCH, { headers, params: { productId: product._id }, body: { price: 1999, perUserLimit: null, metadata: { b: "x" } } });
    expect(again.body).toMatchObject({
      price: 1999,
      hasUsdPrice: true,
      perUserLimit: 0,
      metadata: { b: "x" },
      virtualCurrencyPrices: [{ currencyId: gold._id, amount: 3 }],
    });
  });

  it("switching to KEY_DELIVERY appends keys; switching to GRANT_VIRTUAL_CURRENCY needs the grant, and leaving it drops the grant", async () => {
    const { headers, gems } = await makeShop();
    const product = await makeProduct(headers);
    const keys = await call(PATCH, { headers, params: { productId: product._id }, body: { fulfillmentType: "KEY_DELIVERY", keys: ["K1", "K2"] } });
    expect(keys.body.keysAvailable).toBe(2);
    const more = await call(PATCH, { headers, params: { productId: product._id }, body: { keys: ["K3"] } });
    expect(more.body.keysAvailable).toBe(3);
    const noGrant = await call(PATCH, { headers, params: { productId: product._id }, body: { fulfillmentType: "GRANT_VIRTUAL_CURRENCY" } });
    expect(noGrant.status).toBe(400);
    expect(noGrant.body.details[0].field).toBe("virtualCurrencyGrant");
    const grant = await call(PATCH, {
      headers,
      params: { productId: product._id },
      body: { fulfillmentType: "GRANT_VIRTUAL_CURRENCY", virtualCurrencyGrant: { currencyId: gems._id, amountUnits: "25" } },
    });
    expect(grant.body).toMatchObject({
      fulfillmentType: "GRANT_VIRTUAL_CURRENCY",
      virtualCurrencyGrant: { currencyId: gems._id, amountUnits: "25" },
      keysAvailable: null,
    });
    const none = await call(PATCH, { headers, params: { productId: product._id }, body: { fulfillmentType: "NONE" } });
    expect(none.body.virtualCurrencyGrant).toBeNull();
    expect((await getDb().product.findUniqueOrThrow({ where: { id: product._id } })).grantCurrencyId).toBeNull();
  });

  it("400 for an empty body, for removing the last price, and for bad fields; nothing changed", async () => {
    const { headers, game } = await makeShop();
    const product = await makeProduct(headers);
    const before = await productSnapshot(game.id);
    const empty = await call(PATCH, { headers, params: { productId: product._id }, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: "VALIDATION_ERROR", details: [{ field: "body", message: "must name at least one field to change" }] });
    const noPrice = await call(PATCH, { headers, params: { productId: product._id }, body: { price: null } });
    expect(noPrice.status).toBe(400);
    expect(noPrice.body.details[0].field).toBe("price");
    const bad = await call(PATCH, { headers, params: { productId: product._id }, body: { forSale: "yes", perUserLimit: -2 } });
    expect(bad.body.details.map((d: { field: string }) => d.field).sort()).toEqual(["forSale", "perUserLimit"]);
    expect(await productSnapshot(game.id)).toEqual(before);
  });

  it("404 for another game's product and for another game's currency, nothing changed; 401 without a key", async () => {
    const a = await makeShop();
    const b = await makeShop();
    const product = await makeProduct(a.headers);
    const before = await productSnapshot(a.game.id);
    const foreign = await call(PATCH, { headers: b.headers, params: { productId: product._id }, body: { name: "Stolen" } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("PRODUCT_NOT_FOUND");
    const currency = await call(PATCH, {
      headers: a.headers,
      params: { productId: product._id },
      body: { virtualCurrencyPrices: [{ currencyId: b.gems._id, amount: 1 }] },
    });
    expect(currency.status).toBe(404);
    expect(currency.body.details).toEqual([{ field: "virtualCurrencyPrices.0.currencyId", message: expect.any(String) }]);
    expect((await call(PATCH, { params: { productId: product._id }, body: { name: "x" } })).status).toBe(401);
    expect(await productSnapshot(a.game.id)).toEqual(before);
  });

  it("409 PRODUCT_NOT_ACTIVE when making a UGC draft visible or for sale", async () => {
    const { headers, userRef } = await makeShop();
    const draft = await call(createUgc, { headers: idem(headers), params: { userRef }, body: { name: "Hat", type: "purchase", price: 100 } });
    const res = await call(PATCH, { headers, params: { productId: draft.body._id }, body: { forSale: true } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("PRODUCT_NOT_ACTIVE");
    const ok = await call(PATCH, { headers, params: { productId: draft.body._id }, body: { price: 150 } });
    expect(ok.body).toMatchObject({ price: 150, status: "draft", forSale: false, isVisible: false });
  });

  it("concurrent PATCHes that replace the VC prices leave exactly one of the sets, never a mix", async () => {
    const { headers, gems, gold } = await makeShop();
    const product = await makeProduct(headers, { virtualCurrencyPrices: [{ currencyId: gems._id, amount: 1 }] });
    const sets = [
      [
        { currencyId: gems._id, amount: 10 },
        { currencyId: gold._id, amount: 20 },
      ],
      [{ currencyId: gold._id, amount: 30 }],
      [{ currencyId: gems._id, amount: 40 }],
    ];
    const results = await Promise.all(
      sets.map((virtualCurrencyPrices) => call(PATCH, { headers, params: { productId: product._id }, body: { virtualCurrencyPrices } })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const rows = await getDb().productVcPrice.findMany({ where: { productId: product._id } });
    const final = rows.map((r) => ({ currencyId: r.currencyId, amount: Number(r.amount) })).sort((x, y) => x.amount - y.amount);
    expect(sets).toContainEqual(final);
  });

  it("a replay with the same Idempotency-Key returns the first response and changes once", async () => {
    const { headers } = await makeShop();
    const product = await makeProduct(headers, { fulfillmentType: "KEY_DELIVERY", keys: ["A"] });
    const h = idem(headers);
    const first = await call(PATCH, { headers: h, params: { productId: product._id }, body: { keys: ["B"] } });
    const replay = await call(PATCH, { headers: h, params: { productId: product._id }, body: { keys: ["B"] } });
    expect(replay.text).toBe(first.text);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await getDb().productKey.count({ where: { productId: product._id } })).toBe(2);
  });
});

describe("PATCH /v1/product/{productId}: deeply nested metadata", () => {
  it("400 BODY_TOO_DEEP, not a 500 (it overflowed the 10 KB check), and the product unchanged", async () => {
    const { headers, game } = await makeShop();
    const product = await makeProduct(headers, { metadata: { a: 1 } });
    const before = await productSnapshot(game.id);
    const deep = "[".repeat(6000) + "]".repeat(6000);
    const res = await call(PATCH, { headers, params: { productId: product._id }, rawBody: `{"metadata":{"a":${deep}}}` });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "BODY_TOO_DEEP", error: "The request body nests objects and arrays more than 64 levels deep; flatten it." });
    expect(await productSnapshot(game.id)).toEqual(before);
  });
});
