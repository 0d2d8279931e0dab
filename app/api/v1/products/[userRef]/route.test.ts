import { describe, expect, it } from "vitest";
import { GET, POST } from "./route";
import { call } from "@/tests/support/http";
import { linkUser } from "@/tests/support/fixtures";
import { campaignHeaders, idem, makeProduct, makeShop, productSnapshot } from "@/tests/support/products";
import { getDb } from "@/lib/db/client";

describe("POST /v1/products/{userRef}", () => {
  it("201 creates a UGC draft owned by the player: invisible and not for sale whatever the body says", async () => {
    const { headers, game, userRef, gems } = await makeShop();
    const res = await call(POST, {
      headers: idem(headers),
      params: { userRef },
      body: {
        name: "Player Hat",
        type: "purchase",
        description: "Handmade",
        price: 250,
        virtualCurrencyPrices: [{ currencyId: gems._id, amount: 30 }],
        isVisible: true,
        forSale: true,
        metadata: { color: "red" },
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      gameId: game.id,
      name: "Player Hat",
      description: "Handmade",
      price: 250,
      virtualCurrencyPrices: [{ currencyId: gems._id, amount: 30 }],
      creatorType: "ugc",
      creatorUserRef: userRef,
      status: "draft",
      isVisible: false,
      forSale: false,
      metadata: { color: "red" },
    });
    const link = await getDb().playerLink.findUniqueOrThrow({ where: { userRef } });
    expect((await getDb().product.findUniqueOrThrow({ where: { id: res.body._id } })).creatorPlayerId).toBe(link.playerId);
  });

  it("404 USER_REF_NOT_FOUND for another game's player, an unknown or an unlinked userRef; nothing written", async () => {
    const a = await makeShop();
    const b = await makeShop();
    const unlinked = await linkUser(a.game.id);
    await getDb().playerLink.update({ where: { userRef: unlinked }, data: { status: "unlinked" } });
    const before = await productSnapshot(a.game.id);
    for (const userRef of [b.userRef, "gmu_nobody", unlinked]) {
      const res = await call(POST, { headers: idem(a.headers), params: { userRef }, body: { name: "Hat", type: "purchase", price: 1 } });
      expect(res.status, userRef).toBe(404);
      expect(res.body.code).toBe("USER_REF_NOT_FOUND");
    }
    expect(await productSnapshot(a.game.id)).toEqual(before);
  });

  it("400 naming the field; 400 without an Idempotency-Key; 401 without a key or with a campaign key; replay once", async () => {
    const { headers, game, userRef } = await makeShop();
    const bad = await call(POST, { headers: idem(headers), params: { userRef }, body: { name: "Hat", type: "purchase" } });
    expect(bad.body).toMatchObject({ code: "VALIDATION_ERROR", details: [{ field: "price" }] });
    const body = { name: "Hat", type: "purchase", price: 1 };
    expect((await call(POST, { headers, params: { userRef }, body })).body.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
    expect((await call(POST, { params: { userRef }, body })).status).toBe(401);
    expect((await call(POST, { headers: idem(await campaignHeaders()), params: { userRef }, body })).status).toBe(401);
    const h = idem(headers);
    const first = await call(POST, { headers: h, params: { userRef }, body });
    const replay = await call(POST, { headers: h, params: { userRef }, body });
    expect(replay.text).toBe(first.text);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await getDb().product.count({ where: { gameId: game.id } })).toBe(1);
  });
});

describe("GET /v1/products/{userRef}", () => {
  it("lists that player's products only (any status), newest first, with pagination; filters by status", async () => {
    const { headers, game, userRef } = await makeShop();
    const other = await linkUser(game.id);
    await makeProduct(headers, { name: "Game product" });
    const mine: string[] = [];
    for (const name of ["One", "Two", "Three"])
      mine.push((await call(POST, { headers: idem(headers), params: { userRef }, body: { name, type: "purchase", price: 1 } })).body._id);
    await call(POST, { headers: idem(headers), params: { userRef: other }, body: { name: "Theirs", type: "purchase", price: 1 } });
    await getDb().product.update({ where: { id: mine[0] }, data: { status: "submitted" } });
    const res = await call(GET, { headers, params: { userRef }, query: { limit: 2 } });
    expect(res.status).toBe(200);
    expect(res.body.products.map((p: { name: string }) => p.name)).toEqual(["Three", "Two"]);
    expect(res.body.pagination).toEqual({ page: 1, limit: 2, totalCount: 3, totalPages: 2, hasNextPage: true, hasPrevPage: false });
    const submitted = await call(GET, { headers, params: { userRef }, query: { status: "submitted" } });
    expect(submitted.body.products.map((p: { _id: string }) => p._id)).toEqual([mine[0]]);
  });

  it("404 for another game's player; 401 without a key", async () => {
    const a = await makeShop();
    const b = await makeShop();
    const res = await call(GET, { headers: a.headers, params: { userRef: b.userRef } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("USER_REF_NOT_FOUND");
    expect((await call(GET, { params: { userRef: a.userRef } })).status).toBe(401);
  });
});

describe("POST /v1/products/{userRef}: deeply nested metadata", () => {
  it("400 BODY_TOO_DEEP, not a 500 (it overflowed the 10 KB check), and no draft", async () => {
    const { headers, game, userRef } = await makeShop();
    const before = await productSnapshot(game.id);
    const deep = "[".repeat(6000) + "]".repeat(6000);
    const res = await call(POST, {
      headers: idem(headers),
      params: { userRef },
      rawBody: `{"name":"Hat","type":"purchase","price":100,"metadata":{"a":${deep}}}`,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "BODY_TOO_DEEP", error: "The request body nests objects and arrays more than 64 levels deep; flatten it." });
    expect(await productSnapshot(game.id)).toEqual(before);
  });
});
