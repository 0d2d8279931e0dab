// The catalogue's products in the portal, against PostgreSQL: the loader (per game of the environment, key
// pools as counts only), create and edit with every fulfilment type through the /v1 product services and
// schemas (a refused form gets the API's own 400 details), an audit entry per change, and every refusal
// (viewer and finance 403, a stranger 404, nobody signed in 401) with nothing changed.
import { describe, expect, it } from "vitest";
import { POST as CREATE_PRODUCT } from "@/app/api/v1/product/route";
import { getDb } from "@/lib/db/client";
import { call } from "@/tests/support/http";
import { as, auditOf, catalogueTenant, form, refusal } from "@/tests/support/portal-catalogue";
import { idem, makeProduct, productSnapshot } from "@/tests/support/products";
import { createPortalProduct } from "./create-portal-product";
import { loadPortalProducts } from "./load-portal-products";
import type { ProductForm } from "./product-form";
import { updatePortalProduct } from "./update-portal-product";

const db = getDb();

describe("the catalogue loader", () => {
  it("lists each game's products of the environment with its currencies; key pools as counts, never a key", async () => {
    const t = await catalogueTenant();
    const sword = await makeProduct(t.shop.headers, { name: "Sword", price: 300, virtualCurrencyPrices: [{ currencyId: t.shop.gems._id, amount: 40 }] });
    const keyed = await makeProduct(t.shop.headers, {
      name: "Beta key",
      price: 100,
      fulfillmentType: "KEY_DELIVERY",
      keys: ["KEY-AAA-SECRET", "KEY-BBB-SECRET"],
    });
    await db.productKey.updateMany({ where: { productId: keyed._id, value: "KEY-AAA-SECRET" }, data: { purchaseId: "p-1", assignedAt: new Date() } });

    for (const who of [t.viewer, t.finance, t.developer]) {
      const page = await loadPortalProducts(as(who), { businessId: t.businessId, environment: "test" });
      expect(page.games).toHaveLength(1);
      const g = page.games[0]!;
      expect(g).toMatchObject({ id: t.shop.game.id, name: t.shop.game.name, totalCount: 2 });
      expect(g.currencies.map((c) => c.id).sort()).toEqual([t.shop.gems._id, t.shop.gold._id].sort());
      expect(g.products.map((p) => p.name)).toEqual(["Beta key", "Sword"]);
      expect(g.products[0]).toMatchObject({ _id: keyed._id, fulfillmentType: "KEY_DELIVERY", keysAvailable: 1, keyPool: { available: 1, delivered: 1 } });
      expect(g.products[1]).toMatchObject({ _id: sword._id, price: 300, keyPool: null, virtualCurrencyPrices: [{ currencyId: t.shop.gems._id, amount: 40 }] });
      expect(JSON.stringify(page)).not.toContain("SECRET");
    }
    expect((await loadPortalProducts(as(t.viewer), { businessId: t.businessId, environment: "live" })).games).toEqual([]);
    expect(await refusal(loadPortalProducts(as(t.stranger), { businessId: t.businessId, environment: "test" }))).toMatchObject({
      code: "BUSINESS_NOT_FOUND",
      status: 404,
    });
    expect(await refusal(loadPortalProducts(as(null), { businessId: t.businessId, environment: "test" }))).toMatchObject({
      code: "ADMIN_SIGN_IN_REQUIRED",
      status: 401,
    });
  });
});

describe("creating a product in the portal", () => {
  it("makes every fulfilment type through POST /v1/product's service, with VC prices, a grant and a key pool, and audits each", async () => {
    const t = await catalogueTenant();
    const gameId = t.shop.game.id;
    const gems = t.shop.gems._id;
    const plain = await createPortalProduct(as(t.developer), {
      businessId: t.businessId,
      gameId,
      form: form({
        perUserLimit: "2",
        imageUrl: "https://cdn.example/sword.png",
        metadata: '{"sku":"sw-1"}',
        vcPrices: { [gems]: "50", [t.shop.gold._id]: "" },
      }),
    });
    expect(plain).toMatchObject({
      gameId,
      environment: "test",
      name: "Crystal Sword",
      type: "purchase",
      fulfillmentType: "NONE",
      price: 499,
      hasUsdPrice: true,
      virtualCurrencyPrices: [{ currencyId: gems, amount: 50 }],
      perUserLimit: 2,
      imageUrl: "https://cdn.example/sword.png",
      metadata: { sku: "sw-1" },
      isVisible: true,
      forSale: true,
      status: "active",
      creatorType: "game",
    });
    const hook = await createPortalProduct(as(t.owner), {
      businessId: t.businessId,
      gameId,
      form: form({ name: "Season pass", type: "subscription", fulfillmentType: "WEBHOOK", isVisible: "", forSale: "" }),
    });
    expect(hook).toMatchObject({ type: "subscription", fulfillmentType: "WEBHOOK", isVisible: false, forSale: false });
    const grant = await createPortalProduct(as(t.developer), {
      businessId: t.businessId,
      gameId,
      form: form({ name: "Gem pack", type: "consumable", fulfillmentType: "GRANT_VIRTUAL_CURRENCY", grantCurrencyId: gems, grantAmountUnits: "500" }),
    });
    expect(grant.virtualCurrencyGrant).toEqual({ currencyId: gems, amountUnits: "500" });
    const keyed = await createPortalProduct(as(t.developer), {
      businessId: t.businessId,
      gameId,
      form: form({ name: "Beta key", fulfillmentType: "KEY_DELIVERY", keys: "AAA-111\n\n  BBB-222  \r\nCCC-333\n" }),
    });
    expect(keyed.keysAvailable).toBe(3);
    expect((await db.productKey.findMany({ where: { productId: keyed._id }, orderBy: { value: "asc" } })).map((k) => k.value)).toEqual([
      "AAA-111",
      "BBB-222",
      "CCC-333",
    ]);

    const audit = await auditOf(t.businessId);
    expect(audit.map((a) => [a.actorType, a.action, a.objectId])).toEqual([
      ["member", "product.created", plain._id],
      ["member", "product.created", hook._id],
      ["member", "product.created", grant._id],
      ["member", "product.created", keyed._id],
    ]);
    expect(audit[0]!.actorId).toBe(t.developer.email);
    expect(audit[1]!.actorId).toBe(t.owner.email);
    expect(audit[3]!.details).toEqual({ gameId, name: "Beta key", type: "purchase", fulfillmentType: "KEY_DELIVERY", keysAdded: 3 });
    expect(JSON.stringify(audit)).not.toContain("AAA-111");
  });

  it("refuses a bad form with the API's own 400 details, and the service's rules, creating nothing", async () => {
    const t = await catalogueTenant();
    const input = (over: Partial<ProductForm>) => ({ businessId: t.businessId, gameId: t.shop.game.id, form: form(over) });
    const before = await productSnapshot(t.shop.game.id);

    // the same body sent to POST /v1/product gets the same details, the price's in dollars (the form's unit)
    const bad = await refusal(createPortalProduct(as(t.developer), input({ name: "", price: "4.999", type: "bundle", metadata: "[1" })));
    expect(bad.code).toBe("VALIDATION_ERROR");
    expect(bad.status).toBe(400);
    expect(bad.message).toBe("Check the 4 fields marked below.");
    const api = await call(CREATE_PRODUCT, {
      headers: idem(t.shop.headers),
      body: { name: "", price: 4.999, type: "bundle", metadata: "[1", isVisible: true },
    });
    expect(api.status).toBe(400);
    const PRICE_WORDS = "Enter a USD price from 0 to 1,000,000, like 4.99 (at most 2 decimals).";
    expect(bad.details).toEqual(
      api.body.details.map((d: { field: string; message: string }) => (d.field === "price" ? { field: "price", message: PRICE_WORDS } : d)),
    );
    expect(bad.details!.map((d) => d.field).sort()).toEqual(["metadata", "name", "price", "type"]);

    expect(await refusal(createPortalProduct(as(t.developer), input({ price: "", vcPrices: {} })))).toMatchObject({
      code: "VALIDATION_ERROR",
      message: "Check the field marked below.",
      details: [{ field: "price", message: "Give a USD price, a virtual-currency price, or both." }],
    });
    // a VC price is whole units, named by its form field
    expect(await refusal(createPortalProduct(as(t.developer), input({ price: "", vcPrices: { [t.shop.gems._id]: "2.5" } })))).toMatchObject({
      details: [{ field: `vc:${t.shop.gems._id}`, message: "Enter a whole number of units above 0, like 40." }],
    });
    expect(
      await refusal(createPortalProduct(as(t.developer), input({ fulfillmentType: "GRANT_VIRTUAL_CURRENCY", grantCurrencyId: t.shop.gems._id }))),
    ).toMatchObject({
      code: "VALIDATION_ERROR",
      details: [{ field: "grantAmountUnits" }],
    });
    expect(await refusal(createPortalProduct(as(t.developer), input({ keys: "ABC" })))).toMatchObject({
      code: "VALIDATION_ERROR",
      details: [{ field: "keys", message: "are only for fulfillmentType KEY_DELIVERY" }],
    });
    expect(await refusal(createPortalProduct(as(t.developer), input({ vcPrices: { nope: "5" } })))).toMatchObject({
      code: "CURRENCY_NOT_FOUND",
      status: 404,
    });
    // another business's game
    expect(await refusal(createPortalProduct(as(t.developer), { ...input({}), gameId: t.otherGame.id }))).toMatchObject({
      code: "GAME_NOT_FOUND",
      status: 404,
    });
    expect(await productSnapshot(t.shop.game.id)).toEqual(before);
    expect(await auditOf(t.businessId)).toEqual([]);
  });

  it("refuses viewers and finance (403), strangers (404) and nobody signed in (401), nothing changed", async () => {
    const t = await catalogueTenant();
    const input = { businessId: t.businessId, gameId: t.shop.game.id, form: form() };
    const before = await productSnapshot(t.shop.game.id);
    for (const who of [t.viewer, t.finance])
      expect(await refusal(createPortalProduct(as(who), input))).toMatchObject({ code: "PORTAL_ROLE_REQUIRED", status: 403 });
    expect(await refusal(createPortalProduct(as(t.stranger), input))).toMatchObject({ code: "BUSINESS_NOT_FOUND", status: 404 });
    expect(await refusal(createPortalProduct(as(t.stranger), { ...input, businessId: t.other.id, gameId: t.shop.game.id }))).toMatchObject({
      code: "GAME_NOT_FOUND",
      status: 404,
    });
    expect(await refusal(createPortalProduct(as(null), input))).toMatchObject({ code: "ADMIN_SIGN_IN_REQUIRED", status: 401 });
    expect(await productSnapshot(t.shop.game.id)).toEqual(before);
    expect(await auditOf(t.businessId)).toEqual([]);
  });
});

describe("editing a product in the portal", () => {
  it("changes the fields through PATCH's service: prices replaced, USD price removed, keys added to the pool; audited", async () => {
    const t = await catalogueTenant();
    const gems = t.shop.gems._id;
    const gold = t.shop.gold._id;
    const p = await makeProduct(t.shop.headers, { name: "Sword", price: 300, virtualCurrencyPrices: [{ currencyId: gems, amount: 40 }] });
    const edited = await updatePortalProduct(as(t.developer), {
      businessId: t.businessId,
      productId: p._id,
      form: form({ name: "Sword II", price: "", vcPrices: { [gems]: "", [gold]: "7" }, perUserLimit: "", isPriceVisible: "", metadata: '{"tier":2}' }),
    });
    expect(edited).toMatchObject({
      _id: p._id,
      name: "Sword II",
      price: 0,
      hasUsdPrice: false,
      virtualCurrencyPrices: [{ currencyId: gold, amount: 7 }],
      perUserLimit: 0,
      isPriceVisible: false,
      metadata: { tier: 2 },
    });
    const keyed = await updatePortalProduct(as(t.owner), {
      businessId: t.businessId,
      productId: p._id,
      form: form({ name: "Sword II", price: "2.50", fulfillmentType: "KEY_DELIVERY", keys: "K-1\nK-2" }),
    });
    expect(keyed).toMatchObject({ price: 250, fulfillmentType: "KEY_DELIVERY", keysAvailable: 2, virtualCurrencyPrices: [] });
    const more = await updatePortalProduct(as(t.owner), {
      businessId: t.businessId,
      productId: p._id,
      form: form({ name: "Sword II", price: "2.5", fulfillmentType: "KEY_DELIVERY", keys: "K-3" }),
    });
    expect(more.keysAvailable).toBe(3);
    const audit = await auditOf(t.businessId);
    expect(audit.map((a) => [a.action, a.objectId, a.actorId])).toEqual([
      ["product.updated", p._id, t.developer.email],
      ["product.updated", p._id, t.owner.email],
      ["product.updated", p._id, t.owner.email],
    ]);
    expect(audit[1]!.details).toMatchObject({ keysAdded: 2 });
    expect((audit[0]!.details as { fields: string[] }).fields).toEqual(expect.arrayContaining(["name", "price", "virtualCurrencyPrices", "metadata"]));
    expect(JSON.stringify(audit)).not.toContain("K-1");
  });

  it("refuses roles, strangers, another business's product, the signed-out and bad forms, nothing changed", async () => {
    const t = await catalogueTenant();
    const p = await makeProduct(t.shop.headers, { name: "Sword", price: 300 });
    const input = { businessId: t.businessId, productId: p._id, form: form({ name: "Changed" }) };
    const before = await productSnapshot(t.shop.game.id);
    for (const who of [t.viewer, t.finance])
      expect(await refusal(updatePortalProduct(as(who), input))).toMatchObject({ code: "PORTAL_ROLE_REQUIRED", status: 403 });
    expect(await refusal(updatePortalProduct(as(t.stranger), input))).toMatchObject({ code: "BUSINESS_NOT_FOUND", status: 404 });
    expect(await refusal(updatePortalProduct(as(t.stranger), { ...input, businessId: t.other.id }))).toMatchObject({ code: "PRODUCT_NOT_FOUND", status: 404 });
    expect(await refusal(updatePortalProduct(as(null), input))).toMatchObject({ code: "ADMIN_SIGN_IN_REQUIRED", status: 401 });
    expect(await refusal(updatePortalProduct(as(t.developer), { ...input, form: form({ perUserLimit: "-1" }) }))).toMatchObject({
      code: "VALIDATION_ERROR",
      details: [{ field: "perUserLimit", message: "must be at least 0 (0 means no limit)" }],
    });
    expect(await refusal(updatePortalProduct(as(t.developer), { ...input, productId: "missing" }))).toMatchObject({ code: "PRODUCT_NOT_FOUND" });
    expect(await productSnapshot(t.shop.game.id)).toEqual(before);
    expect(await auditOf(t.businessId)).toEqual([]);
  });
});
