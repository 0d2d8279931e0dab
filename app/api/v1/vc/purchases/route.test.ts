import { describe, expect, it } from "vitest";
import { POST as start } from "./route";
import { POST as complete } from "./[purchaseId]/route";
import { call } from "@/tests/support/http";
import { makeCampaign, makeGame } from "@/tests/support/fixtures";
import { POST as CREATE_CLOCK } from "@/app/api/v1/test-helpers/test-clocks/route";
import { DELETE as DELETE_CLOCK } from "@/app/api/v1/test-helpers/test-clocks/[clockId]/route";
import { balanceOf, fund, idem, vcSnapshot } from "@/tests/support/vc";
import { eventsOf, makeDealRow, makeProductRow, makeStore } from "@/tests/support/purchases";
import { getDb } from "@/lib/db/client";

const setup = async () => {
  const s = await makeStore();
  await fund(s.headers, s.currencyId, s.users[0], 1000);
  const item = await makeProductRow(s.game.id, { fulfillmentType: "WEBHOOK", vcPrices: [{ currencyId: s.currencyId, amount: 300n }] });
  return { ...s, item };
};
const body = (s: { users: string[]; currencyId: string; item: { id: string } }, extra: Record<string, unknown> = {}) => ({
  userId: s.users[0],
  itemId: s.item.id,
  currencyId: s.currencyId,
  ...extra,
});

describe("POST /v1/vc/purchases", () => {
  it("201 fixes the price (deal applied) without debiting", async () => {
    const s = await setup();
    await makeDealRow(s.item, { code: "GEM50", currencyId: s.currencyId, overridePrice: 150n });
    const res = await call(start, { headers: s.headers, body: body(s, { metadata: { level: 3 } }) });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ data: { purchaseId: expect.any(String), currencyId: s.currencyId, amountUnits: "300" } });
    const deal = await call(start, { headers: s.headers, body: body(s, { dealCode: "gem50" }) });
    expect(deal.body.data.amountUnits).toBe("150");
    const row = await getDb().purchase.findUniqueOrThrow({ where: { id: deal.body.data.purchaseId } });
    expect(row).toMatchObject({ status: "pending", dealCode: "GEM50", userRef: s.users[0], paymentMethod: "vc" });
    expect(await balanceOf(s.currencyId, s.users[0])).toBe(1000n);
    // the deal price is fixed at creation: ending the deal and raising the price before completing changes nothing
    await getDb().deal.updateMany({ where: { productId: s.item.id }, data: { status: "inactive" } });
    await getDb().productVcPrice.updateMany({ where: { productId: s.item.id }, data: { amount: 999n } });
    const done = await call(complete, { headers: idem(s.headers), params: { purchaseId: deal.body.data.purchaseId } });
    expect([done.status, done.body.data.newBalanceUnits]).toEqual([200, "850"]);
    expect((await eventsOf(s.game.id, "Purchases.Completed"))[0].data).toMatchObject({ amount: 150, dealCode: "GEM50" });
  });

  it("400 INVALID_DEAL for a USD deal or unknown code; 400 VALIDATION_ERROR naming fields", async () => {
    const s = await setup();
    await makeDealRow(s.item, { code: "USD1", overridePrice: 100n });
    const usd = await call(start, { headers: s.headers, body: body(s, { dealCode: "USD1" }) });
    expect(usd.status).toBe(400);
    expect(usd.body.code).toBe("INVALID_DEAL");
    expect(usd.body.error).toContain("USD deal");
    const bad = await call(start, { headers: s.headers, body: { userId: "", itemId: s.item.id, metadata: "x" } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("VALIDATION_ERROR");
    expect(bad.body.details.map((d: { field: string }) => d.field).sort()).toEqual(["currencyId", "metadata", "userId"]);
    expect(await getDb().purchase.count({ where: { gameId: s.game.id } })).toBe(0);
  });

  it("401 without a key or with a campaign key; 404 for another game's item, currency or user", async () => {
    const s = await setup();
    const other = await setup();
    expect((await call(start, { body: body(s) })).status).toBe(401);
    expect((await call(start, { headers: (await makeCampaign()).headers, body: body(s) })).status).toBe(401);
    const item = await call(start, { headers: s.headers, body: body(s, { itemId: other.item.id }) });
    expect([item.status, item.body.code]).toEqual([404, "PRODUCT_NOT_FOUND"]);
    const currency = await call(start, { headers: s.headers, body: body(s, { currencyId: other.currencyId }) });
    expect([currency.status, currency.body.code]).toEqual([404, "CURRENCY_NOT_FOUND"]);
    const user = await call(start, { headers: s.headers, body: body(s, { userId: other.users[0] }) });
    expect([user.status, user.body.code]).toEqual([404, "USER_REF_NOT_FOUND"]);
    expect(await getDb().purchase.count({ where: { gameId: { in: [s.game.id, other.game.id] } } })).toBe(0);
  });

  it("410 not for sale, 403 not visible, 400 no price in that currency", async () => {
    const s = await setup();
    const off = await makeProductRow(s.game.id, { forSale: false, vcPrices: [{ currencyId: s.currencyId, amount: 1n }] });
    const hidden = await makeProductRow(s.game.id, { isVisible: false, vcPrices: [{ currencyId: s.currencyId, amount: 1n }] });
    const usdOnly = await makeProductRow(s.game.id);
    expect((await call(start, { headers: s.headers, body: body(s, { itemId: off.id }) })).body.code).toBe("ITEM_NOT_FOR_SALE");
    expect((await call(start, { headers: s.headers, body: body(s, { itemId: hidden.id }) })).status).toBe(403);
    const noPrice = await call(start, { headers: s.headers, body: body(s, { itemId: usdOnly.id }) });
    expect([noPrice.status, noPrice.body.code]).toEqual([400, "PRICE_NOT_AVAILABLE"]);
    expect(noPrice.body.error).toBe(`Item ${usdOnly.id} has no virtual-currency price; pay by card or wallet, or add virtualCurrencyPrices to the product.`);
    const otherCurrency = await call(start, { headers: s.headers, body: body(s, { itemId: off.id, currencyId: "nope" }) });
    expect(otherCurrency.body.code).toBe("CURRENCY_NOT_FOUND");
  });
});

describe("POST /v1/vc/purchases: testClock (an addition, test mode)", () => {
  const clockOf = async (headers: Record<string, string>) => {
    const res = await call(CREATE_CLOCK, { headers, body: { frozenTime: "2032-01-01T00:00:00Z" } });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };

  it("the purchase keeps the clock and the subscription it starts lives on it; a clock deleted before completion leaves it on real time", async () => {
    const s = await setup();
    const item = await makeProductRow(s.game.id, { type: "subscription", fulfillmentType: "WEBHOOK", vcPrices: [{ currencyId: s.currencyId, amount: 100n }] });
    const clock = await clockOf(s.headers);
    const res = await call(start, { headers: s.headers, body: { userId: s.users[0], itemId: item.id, currencyId: s.currencyId, testClock: ` ${clock} ` } });
    expect(res.status).toBe(201);
    expect(await getDb().purchase.findUniqueOrThrow({ where: { id: res.body.data.purchaseId } })).toMatchObject({ status: "pending", testClockId: clock });
    // the clock goes before the purchase is completed: the purchase is detached and the subscription has no clock
    expect((await call(DELETE_CLOCK, { headers: s.headers, params: { clockId: clock } })).status).toBe(200);
    expect((await getDb().purchase.findUniqueOrThrow({ where: { id: res.body.data.purchaseId } })).testClockId).toBeNull();
    const done = await call(complete, { headers: idem(s.headers), params: { purchaseId: res.body.data.purchaseId } });
    expect(done.status).toBe(200);
    const sub = await getDb().subscription.findFirstOrThrow({ where: { gameId: s.game.id } });
    expect(sub.testClockId).toBeNull();
    expect(sub.currentPeriodEnd.getFullYear()).toBeLessThan(2032);
  });

  it("another game's clock and a deleted clock are 404 TEST_CLOCK_NOT_FOUND, a live key 400 TEST_CLOCK_LIVE_MODE, a bad value 400; nothing is recorded", async () => {
    const s = await setup();
    const other = await setup();
    const theirs = await clockOf(other.headers);
    const stolen = await call(start, { headers: s.headers, body: body(s, { testClock: theirs }) });
    expect([stolen.status, stolen.body.code]).toEqual([404, "TEST_CLOCK_NOT_FOUND"]);
    expect(stolen.body.error).toContain(theirs);
    const gone = await clockOf(s.headers);
    expect((await call(DELETE_CLOCK, { headers: s.headers, params: { clockId: gone } })).status).toBe(200);
    const deleted = await call(start, { headers: s.headers, body: body(s, { testClock: gone }) });
    expect([deleted.status, deleted.body.code]).toEqual([404, "TEST_CLOCK_NOT_FOUND"]);
    const bad = await call(start, { headers: s.headers, body: body(s, { testClock: "" }) });
    expect([bad.status, bad.body.code]).toEqual([400, "VALIDATION_ERROR"]);
    expect(bad.body.details.map((d: { field: string }) => d.field)).toEqual(["testClock"]);
    expect((await call(start, { headers: s.headers, body: body(s, { testClock: 7 }) })).status).toBe(400);
    const live = await makeGame({ environment: "live" });
    const liveRes = await call(start, { headers: live.headers, body: { userId: "u", itemId: "i", currencyId: "c", testClock: theirs } });
    expect([liveRes.status, liveRes.body.code]).toEqual([400, "TEST_CLOCK_LIVE_MODE"]);
    expect(await getDb().purchase.count({ where: { gameId: { in: [s.game.id, live.game.id] } } })).toBe(0);
    // the owner's own clock still works
    const mine = await call(start, { headers: other.headers, body: body(other, { testClock: theirs }) });
    expect(mine.status).toBe(201);
  });
});

describe("POST /v1/vc/purchases/{purchaseId}", () => {
  it("debits once, returns the journal and the new balance, and emits Purchases.Completed", async () => {
    const s = await setup();
    const { purchaseId } = (await call(start, { headers: s.headers, body: body(s, { metadata: { level: 3, campaign: "spring", a: 1 } }) })).body.data;
    const res = await call(complete, { headers: idem(s.headers), params: { purchaseId } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        userRef: s.users[0],
        purchaseId,
        journalId: expect.stringMatching(/^[0-9a-f]{24}$/),
        newBalanceUnits: "700",
        purchase: { _id: purchaseId, status: "completed", isPaid: true, fulfillmentStatus: "fulfilled" },
      },
    });
    const second = await call(complete, { headers: idem(s.headers), params: { purchaseId } });
    expect(second.body).toEqual(res.body);
    expect(await balanceOf(s.currencyId, s.users[0])).toBe(700n);
    const events = await eventsOf(s.game.id, "Purchases.Completed");
    expect(events.map((e) => e.data)).toEqual([
      {
        purchaseId,
        itemId: s.item.id,
        gameId: s.game.id,
        itemType: "purchase",
        amount: 300,
        currency: expect.stringMatching(/^GEM/),
        paymentProvider: "virtual_currency",
        metadata: { level: 3, campaign: "spring", a: 1 },
        user_ref: s.users[0],
      },
    ]);
    // echoed as sent, key order included
    expect(JSON.stringify(events[0].data.metadata)).toBe('{"level":3,"campaign":"spring","a":1}');
  });

  it("10 concurrent completes with different keys debit once and agree", async () => {
    const s = await setup();
    const { purchaseId } = (await call(start, { headers: s.headers, body: body(s) })).body.data;
    const results = await Promise.all(Array.from({ length: 10 }, () => call(complete, { headers: idem(s.headers), params: { purchaseId } })));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(results.map((r) => r.text)).size).toBe(1);
    expect(await balanceOf(s.currencyId, s.users[0])).toBe(700n);
    expect((await vcSnapshot(s.currencyId)).journals).toBe(2);
  });

  it("replays with the same key; the same key on another purchase is 422", async () => {
    const s = await setup();
    const a = (await call(start, { headers: s.headers, body: body(s) })).body.data.purchaseId;
    const b = (await call(start, { headers: s.headers, body: body(s) })).body.data.purchaseId;
    const h = idem(s.headers);
    const first = await call(complete, { headers: h, params: { purchaseId: a } });
    const replay = await call(complete, { headers: h, params: { purchaseId: a } });
    expect(replay.text).toBe(first.text);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    const reuse = await call(complete, { headers: h, params: { purchaseId: b } });
    expect([reuse.status, reuse.body.code]).toEqual([422, "IDEMPOTENCY_KEY_REUSED"]);
    expect(await balanceOf(s.currencyId, s.users[0])).toBe(700n);
    expect((await getDb().purchase.findUniqueOrThrow({ where: { id: b } })).status).toBe("pending");
  });

  it("422 INSUFFICIENT_FUNDS with nothing changed; 400 without a key; 401; 404 for another game's purchase", async () => {
    const s = await setup();
    const other = await setup();
    const pricey = await makeProductRow(s.game.id, { vcPrices: [{ currencyId: s.currencyId, amount: 5000n }] });
    const { purchaseId } = (await call(start, { headers: s.headers, body: body(s, { itemId: pricey.id }) })).body.data;
    const before = await vcSnapshot(s.currencyId);
    const poor = await call(complete, { headers: idem(s.headers), params: { purchaseId } });
    expect([poor.status, poor.body.code]).toEqual([422, "INSUFFICIENT_FUNDS"]);
    expect(await vcSnapshot(s.currencyId)).toEqual(before);
    expect((await call(complete, { headers: s.headers, params: { purchaseId } })).body.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
    expect((await call(complete, { params: { purchaseId } })).status).toBe(401);
    const foreign = await call(complete, { headers: idem(other.headers), params: { purchaseId } });
    expect([foreign.status, foreign.body.code]).toEqual([404, "PURCHASE_NOT_FOUND"]);
    expect(await vcSnapshot(s.currencyId)).toEqual(before);
    expect((await getDb().purchase.findUniqueOrThrow({ where: { id: purchaseId } })).status).toBe("pending");
  });
});

describe("POST /v1/vc/purchases: deeply nested metadata", () => {
  it("400 BODY_TOO_DEEP, not a 500 (it overflowed the 10 KB check), and no purchase", async () => {
    const s = await setup();
    const before = await vcSnapshot(s.currencyId);
    const deep = "[".repeat(6000) + "]".repeat(6000);
    const res = await call(start, { headers: s.headers, rawBody: JSON.stringify(body(s, { metadata: { a: "DEEP" } })).replace('"DEEP"', deep) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "BODY_TOO_DEEP", error: "The request body nests objects and arrays more than 64 levels deep; flatten it." });
    expect(await getDb().purchase.count({ where: { gameId: s.game.id } })).toBe(0);
    expect(await vcSnapshot(s.currencyId)).toEqual(before);
  });
});
