import { describe, expect, it } from "vitest";
import { POST } from "./route";
import { call } from "@/tests/support/http";
import { linkUser, makeCampaign, makeGame } from "@/tests/support/fixtures";
import { idem } from "@/tests/support/vc";
import { makeProductRow } from "@/tests/support/purchases";
import { getDb } from "@/lib/db/client";
import { parseCheckoutUrl } from "@/lib/checkout/sign-url";

const setup = async () => {
  const g = await makeGame();
  const item = await makeProductRow(g.game.id);
  return { ...g, item };
};
const grantsOf = (gameId: string) => getDb().checkoutGrant.findMany({ where: { gameId }, orderBy: { createdAt: "asc" } });
const grantId = (checkoutUrl: string) => {
  const ref = parseCheckoutUrl(checkoutUrl);
  if (ref?.kind !== "grant") throw new Error(`not a grant URL: ${checkoutUrl}`);
  return ref.grantId;
};

describe("POST /v1/checkout/grants", () => {
  it("201 {checkoutUrl, userRef}: a signed 2-hour grant, pending, with metadata and the message stored without HTML", async () => {
    const s = await setup();
    const before = Date.now();
    const res = await call(POST, {
      headers: idem(s.headers),
      body: {
        itemId: s.item.id,
        email: "Buyer@Example.com",
        checkoutMetadata: { orderId: "o-1", cart: { qty: 2 } },
        customMessage: "<b>Thanks</b> for playing!",
      },
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(["checkoutUrl", "userRef"]);
    expect(res.body.userRef).toMatch(/^gmu_test_[0-9a-f]{24}$/);
    expect(res.body.checkoutUrl).toMatch(/^http:\/\/[^/]+\/checkout\/g\/ckg_test_[^?]+\?sig=[0-9a-f]{64}$/);
    const [grant] = await grantsOf(s.game.id);
    expect(grant).toMatchObject({
      id: grantId(res.body.checkoutUrl),
      status: "pending",
      productId: s.item.id,
      userRef: res.body.userRef,
      email: "buyer@example.com",
      checkoutMetadata: { orderId: "o-1", cart: { qty: 2 } },
      customMessage: "Thanks for playing!",
    });
    expect(grant.expiresAt.getTime() - before).toBeGreaterThanOrEqual(2 * 3600_000 - 1000);
    expect(grant.expiresAt.getTime() - before).toBeLessThanOrEqual(2 * 3600_000 + 5000);
  });

  it("the same email always yields the same userRef; no email and no userRef makes a new guest each time", async () => {
    const s = await setup();
    const a = await call(POST, { headers: idem(s.headers), body: { itemId: s.item.id, email: "same@example.com" } });
    const b = await call(POST, { headers: idem(s.headers), body: { itemId: s.item.id, email: "SAME@Example.com" } });
    expect(a.body.userRef).toBe(b.body.userRef);
    const known = await linkUser(s.game.id, { email: "linked@example.com" });
    const c = await call(POST, { headers: idem(s.headers), body: { itemId: s.item.id, email: "linked@example.com" } });
    expect(c.body.userRef).toBe(known);
    const g1 = await call(POST, { headers: idem(s.headers), body: { itemId: s.item.id } });
    const g2 = await call(POST, { headers: idem(s.headers), body: { itemId: s.item.id } });
    expect(g1.body.userRef).not.toBe(g2.body.userRef);
    const guests = await getDb().playerLink.findMany({ where: { userRef: { in: [g1.body.userRef, g2.body.userRef] } }, include: { player: true } });
    expect(guests.map((l) => l.player.email).every((e) => e.endsWith("@guest.coinop.invalid"))).toBe(true);
  });

  it("an existing userRef is used as is; an unknown or another game's userRef is 400 INVALID_USER_REF", async () => {
    const s = await setup();
    const other = await setup();
    const mine = await linkUser(s.game.id);
    const ok = await call(POST, { headers: idem(s.headers), body: { itemId: s.item.id, userRef: mine, email: "x@example.com" } });
    expect([ok.status, ok.body.userRef]).toEqual([201, mine]);
    for (const userRef of ["gmu_test_nope", await linkUser(other.game.id)]) {
      const res = await call(POST, { headers: idem(s.headers), body: { itemId: s.item.id, userRef } });
      expect([res.status, res.body.code]).toEqual([400, "INVALID_USER_REF"]);
      expect(res.body.error).toContain("does not exist for this game");
    }
    expect(await grantsOf(s.game.id)).toHaveLength(1);
  });

  it("400 METADATA_INVALID at the limits (51 keys, a third level, > 10 KB, not an object); exactly 50 keys and 2 levels pass", async () => {
    const s = await setup();
    const keys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]));
    const post = (checkoutMetadata: unknown) => call(POST, { headers: idem(s.headers), body: { itemId: s.item.id, checkoutMetadata } });
    expect((await post(keys(50))).status).toBe(201);
    expect((await post({ a: keys(50) })).status).toBe(201);
    for (const bad of [keys(51), { a: keys(51) }, { a: { b: { c: 1 } } }, { s: "x".repeat(10 * 1024) }, ["a"], "text"]) {
      const res = await post(bad);
      expect([res.status, res.body.code, res.body.details?.[0]?.field]).toEqual([400, "METADATA_INVALID", "checkoutMetadata"]);
    }
    expect(await grantsOf(s.game.id)).toHaveLength(2);
  });

  it("400 CUSTOM_MESSAGE_INVALID for a non-string or 257 characters; 256 pass", async () => {
    const s = await setup();
    const post = (customMessage: unknown) => call(POST, { headers: idem(s.headers), body: { itemId: s.item.id, customMessage } });
    expect((await post("m".repeat(256))).status).toBe(201);
    for (const bad of ["m".repeat(257), 12, { html: "<b>" }]) expect((await post(bad)).body.code).toBe("CUSTOM_MESSAGE_INVALID");
    expect((await grantsOf(s.game.id)).map((g) => g.customMessage)).toEqual(["m".repeat(256)]);
  });

  it("410 for an item that is not visible or not for sale; 404 for an unknown or another game's item", async () => {
    const s = await setup();
    const other = await setup();
    const hidden = await makeProductRow(s.game.id, { isVisible: false });
    const off = await makeProductRow(s.game.id, { forSale: false });
    const draft = await makeProductRow(s.game.id, { status: "draft" });
    const post = (itemId: string) => call(POST, { headers: idem(s.headers), body: { itemId } });
    expect(await Promise.all([hidden, off, draft].map(async (i) => [(await post(i.id)).status, (await post(i.id)).body.code]))).toEqual([
      [410, "ITEM_NOT_VISIBLE_GONE"],
      [410, "ITEM_NOT_FOR_SALE"],
      [410, "ITEM_NOT_FOR_SALE"],
    ]);
    // the spec's Errors table: another game's item is 403, an unknown one 404
    expect([(await post(other.item.id)).status, (await post(other.item.id)).body.code]).toEqual([403, "ITEM_OF_ANOTHER_GAME"]);
    expect([(await post("nope")).status, (await post("nope")).body.code]).toEqual([404, "PRODUCT_NOT_FOUND"]);
    expect(await getDb().checkoutGrant.count({ where: { gameId: { in: [s.game.id, other.game.id] } } })).toBe(0);
    expect(await getDb().player.count({ where: { email: { endsWith: "@guest.coinop.invalid" }, links: { some: { namespaceId: s.game.id } } } })).toBe(0);
  });

  it("401 without a key or with a campaign key; 400 without Idempotency-Key; 400 VALIDATION_ERROR naming fields", async () => {
    const s = await setup();
    expect((await call(POST, { headers: idem({}), body: { itemId: s.item.id } })).status).toBe(401);
    expect((await call(POST, { headers: idem((await makeCampaign()).headers), body: { itemId: s.item.id } })).status).toBe(401);
    expect((await call(POST, { headers: s.headers, body: { itemId: s.item.id } })).body.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
    const bad = await call(POST, { headers: idem(s.headers), body: { email: "nope" } });
    expect([bad.status, bad.body.code]).toEqual([400, "VALIDATION_ERROR"]);
    expect(bad.body.details.map((d: { field: string }) => d.field).sort()).toEqual(["email", "itemId"]);
    expect(await grantsOf(s.game.id)).toHaveLength(0);
  });

  it("a replay returns the same grant (Idempotent-Replayed); the same key with another body is 422; concurrent retries make one grant (the others 409 IN_PROGRESS)", async () => {
    const s = await setup();
    const headers = idem(s.headers);
    const body = { itemId: s.item.id, email: "r@example.com" };
    const first = await call(POST, { headers, body });
    const again = await call(POST, { headers, body });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const reused = await call(POST, { headers, body: { ...body, email: "s@example.com" } });
    expect([reused.status, reused.body.code]).toEqual([422, "IDEMPOTENCY_KEY_REUSED"]);
    const h2 = idem(s.headers);
    const race = await Promise.all(Array.from({ length: 4 }, () => call(POST, { headers: h2, body: { itemId: s.item.id } })));
    const winners = race.filter((r) => r.status === 201);
    expect(new Set(winners.map((r) => r.body.checkoutUrl)).size).toBe(1);
    expect(race.filter((r) => r.status !== 201).map((r) => r.body.code)).toEqual(Array(4 - winners.length).fill("IDEMPOTENCY_IN_PROGRESS"));
    expect(await grantsOf(s.game.id)).toHaveLength(2);
  });
});

describe("POST /v1/checkout/grants: deeply nested checkoutMetadata", () => {
  it("400 BODY_TOO_DEEP, not a 500 (it overflowed JSON.stringify), and no grant", async () => {
    const s = await setup();
    const deep = "[".repeat(6000) + "]".repeat(6000);
    const res = await call(POST, {
      headers: idem(s.headers),
      rawBody: `{"itemId":${JSON.stringify(s.item.id)},"email":"a@example.com","checkoutMetadata":{"a":${deep}}}`,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "BODY_TOO_DEEP", error: "The request body nests objects and arrays more than 64 levels deep; flatten it." });
    expect(await grantsOf(s.game.id)).toEqual([]);
  });
});
