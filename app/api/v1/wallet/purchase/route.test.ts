import { describe, expect, it } from "vitest";
import { POST } from "./route";
import { GET } from "./[purchaseId]/route";
import { call } from "@/tests/support/http";
import { makeCampaign, makeGame } from "@/tests/support/fixtures";
import { POST as CREATE_CLOCK } from "@/app/api/v1/test-helpers/test-clocks/route";
import { idem } from "@/tests/support/vc";
import { eventsOf, fundWallet, makeDealRow, makeProductRow, makeStore, usdcBalance } from "@/tests/support/purchases";
import { getDb } from "@/lib/db/client";
import { custodyAddress } from "@/lib/ledger/address";
import { USDC_ASSET } from "@/lib/ledger/accounts";

const usdcSnapshot = async () => ({
  accounts: await getDb().ledgerAccount.findMany({
    where: { asset: USDC_ASSET },
    orderBy: { id: "asc" },
    select: { kind: true, ownerRef: true, balance: true },
  }),
  journals: await getDb().ledgerJournal.count({ where: { asset: USDC_ASSET } }),
  purchases: await getDb().purchase.count(),
});

const setup = async () => {
  const s = await makeStore({ players: 3 });
  await fundWallet(s.playerIds[0], 20_000_000n); // 20 USDC
  const item = await makeProductRow(s.game.id, { priceCents: 999, fulfillmentType: "WEBHOOK" });
  return { ...s, item };
};

describe("POST /v1/wallet/purchase", () => {
  it("200 pays at once: 5 % to the platform, the rest to the game, to the micro-unit; GET shows the purchase", async () => {
    const s = await setup();
    const res = await call(POST, { headers: idem(s.headers), body: { userId: s.users[0], itemId: s.item.id } });
    expect(res.status).toBe(200);
    const game = custodyAddress("game", s.game.id, "test");
    const fees = custodyAddress("fees", "coinop", "test");
    expect(res.body).toEqual({
      data: {
        purchaseId: expect.any(String),
        distributions: [
          { recipient: "creator", recipientAddress: game, amount: 9_490_500 },
          { recipient: "platform", recipientAddress: fees, amount: 499_500 },
        ],
      },
    });
    expect(await usdcBalance("wallet", s.playerIds[0])).toBe(10_010_000n);
    expect(await usdcBalance("game", s.game.id)).toBe(9_490_500n);
    const { purchaseId } = res.body.data;
    const got = await call(GET, { headers: s.headers, params: { purchaseId } });
    expect(got.body).toEqual({
      data: {
        _id: purchaseId,
        itemId: s.item.id,
        userId: s.users[0],
        gameId: s.game.id,
        environment: "test",
        status: "completed",
        fulfillmentStatus: "fulfilled",
        priceInCents: 999,
        taxAmountInCents: 0,
        amount: 9_990_000,
        currency: "USDC",
        dealCode: null,
        feeRate: { percentage: 5, flat: 0 },
        feeName: "Coinop platform fee",
        payouts: res.body.data.distributions,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    const [completed] = await eventsOf(s.game.id, "Purchases.Completed");
    expect(completed.data).toEqual({
      purchaseId,
      itemId: s.item.id,
      gameId: s.game.id,
      itemType: "purchase",
      amount: 9_990_000,
      currency: "USDC",
      paymentProvider: "wallet",
      metadata: {},
      user_ref: s.users[0],
    });
  });

  it("applies a USD deal, pays a UGC creator's wallet, and splits an affiliate share (game affiliateRate) to the referrer", async () => {
    const s = await setup();
    await getDb().game.update({ where: { id: s.game.id }, data: { affiliateRate: 0.1 } });
    await makeDealRow(s.item, { code: "HALF", overridePrice: 500n });
    const ugc = await makeProductRow(s.game.id, { priceCents: 100, creatorType: "ugc", creatorPlayerId: s.playerIds[2], creatorUserRef: s.users[2] });
    const deal = await call(POST, { headers: idem(s.headers), body: { userId: s.users[0], itemId: s.item.id, dealCode: "half", affiliateCode: s.users[1] } });
    // 5 USDC: platform 250 000, affiliate 10 % of 4 750 000 = 475 000, creator 4 275 000
    expect(deal.body.data.distributions.map((d: { recipient: string; amount: number }) => [d.recipient, d.amount])).toEqual([
      ["creator", 4_275_000],
      ["platform", 250_000],
      ["affiliate", 475_000],
    ]);
    expect(await usdcBalance("wallet", s.playerIds[1])).toBe(475_000n);
    const bought = await call(POST, { headers: idem(s.headers), body: { userId: s.users[0], itemId: ugc.id } });
    expect(bought.body.data.distributions[0]).toEqual({
      recipient: "creator",
      recipientAddress: custodyAddress("wallet", s.playerIds[2], "test"),
      amount: 950_000,
    });
    expect(await usdcBalance("wallet", s.playerIds[2])).toBe(950_000n);
    expect(await usdcBalance("wallet", s.playerIds[0])).toBe(20_000_000n - 5_000_000n - 1_000_000n);
    const self = await call(POST, { headers: idem(s.headers), body: { userId: s.users[0], itemId: s.item.id, affiliateCode: s.users[0] } });
    expect([self.status, self.body.code]).toEqual([400, "INVALID_AFFILIATE_CODE"]);
    const bogus = await call(POST, { headers: idem(s.headers), body: { userId: s.users[0], itemId: s.item.id, dealCode: "NOPE" } });
    expect([bogus.status, bogus.body.code]).toEqual([400, "INVALID_DEAL"]);
  });

  it("422 INSUFFICIENT_FUNDS records nothing", async () => {
    const s = await setup();
    const before = await usdcSnapshot();
    const res = await call(POST, { headers: idem(s.headers), body: { userId: s.users[1], itemId: s.item.id } });
    expect([res.status, res.body.code]).toEqual([422, "INSUFFICIENT_FUNDS"]);
    expect(res.body.error).toBe(`The wallet of ${s.users[1]} holds 0.00 USDC; this item costs 9.99 USDC. Top up the wallet, then try again.`);
    expect(await usdcSnapshot()).toEqual(before);
    expect(await eventsOf(s.game.id)).toEqual([]);
  });

  it("a concurrent double spend: two purchases racing on a wallet that covers one, one wins", async () => {
    const s = await setup();
    const pricey = await makeProductRow(s.game.id, { priceCents: 1500 });
    const results = await Promise.all([1, 2, 3].map(() => call(POST, { headers: idem(s.headers), body: { userId: s.users[0], itemId: pricey.id } })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 422, 422]);
    expect(await usdcBalance("wallet", s.playerIds[0])).toBe(5_000_000n);
    expect(await getDb().purchase.count({ where: { gameId: s.game.id } })).toBe(1);
  });

  it("replays with the same key, 422 on another body, 400 without a key or with bad fields, 401, 404 across games", async () => {
    const s = await setup();
    const other = await setup();
    const h = idem(s.headers);
    const first = await call(POST, { headers: h, body: { userId: s.users[0], itemId: s.item.id } });
    const replay = await call(POST, { headers: h, body: { userId: s.users[0], itemId: s.item.id } });
    expect(replay.text).toBe(first.text);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect((await call(POST, { headers: h, body: { userId: s.users[0], itemId: s.item.id, dealCode: "X" } })).body.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(await usdcBalance("wallet", s.playerIds[0])).toBe(10_010_000n);
    expect((await call(POST, { headers: s.headers, body: { userId: s.users[0], itemId: s.item.id } })).body.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
    const bad = await call(POST, { headers: idem(s.headers), body: { itemId: 5 } });
    expect(bad.body.details.map((d: { field: string }) => d.field).sort()).toEqual(["itemId", "userId"]);
    expect((await call(POST, { body: { userId: s.users[0], itemId: s.item.id } })).status).toBe(401);
    expect((await call(POST, { headers: idem((await makeCampaign()).headers), body: { userId: s.users[0], itemId: s.item.id } })).status).toBe(401);
    const before = await usdcSnapshot();
    const foreignItem = await call(POST, { headers: idem(s.headers), body: { userId: s.users[0], itemId: other.item.id } });
    expect([foreignItem.status, foreignItem.body.code]).toEqual([404, "PRODUCT_NOT_FOUND"]);
    const foreignUser = await call(POST, { headers: idem(s.headers), body: { userId: other.users[0], itemId: s.item.id } });
    expect([foreignUser.status, foreignUser.body.code]).toEqual([404, "USER_REF_NOT_FOUND"]);
    const foreignGet = await call(GET, { headers: other.headers, params: { purchaseId: first.body.data.purchaseId } });
    expect([foreignGet.status, foreignGet.body.code]).toEqual([404, "PURCHASE_NOT_FOUND"]);
    expect((await call(GET, { params: { purchaseId: first.body.data.purchaseId } })).status).toBe(401);
    expect(await usdcSnapshot()).toEqual(before);
  });
});

describe("POST /v1/wallet/purchase: testClock (an addition, test mode)", () => {
  it("a subscription bought on the game's own clock lives on it; another game's clock 404, a live key 400; nothing is paid", async () => {
    const s = await setup();
    const other = await setup();
    const clock = await call(CREATE_CLOCK, { headers: s.headers, body: { frozenTime: "2032-03-01T00:00:00Z" } });
    const theirs = await call(CREATE_CLOCK, { headers: other.headers, body: {} });
    const before = await usdcSnapshot();
    const stolen = await call(POST, { headers: idem(s.headers), body: { userId: s.users[0], itemId: s.item.id, testClock: theirs.body.id } });
    expect([stolen.status, stolen.body.code]).toEqual([404, "TEST_CLOCK_NOT_FOUND"]);
    const live = await makeGame({ environment: "live" });
    const liveRes = await call(POST, { headers: idem(live.headers), body: { userId: "u", itemId: "i", testClock: clock.body.id } });
    expect([liveRes.status, liveRes.body.code]).toEqual([400, "TEST_CLOCK_LIVE_MODE"]);
    expect(await usdcSnapshot()).toEqual(before);

    const item = await makeProductRow(s.game.id, { type: "subscription", priceCents: 100, fulfillmentType: "WEBHOOK" });
    const res = await call(POST, { headers: idem(s.headers), body: { userId: s.users[0], itemId: item.id, testClock: clock.body.id } });
    expect(res.status).toBe(200);
    expect(await getDb().purchase.findUniqueOrThrow({ where: { id: res.body.data.purchaseId } })).toMatchObject({ testClockId: clock.body.id });
    expect(await getDb().subscription.findFirstOrThrow({ where: { gameId: s.game.id } })).toMatchObject({
      testClockId: clock.body.id,
      currentPeriodEnd: new Date("2032-04-01T00:00:00Z"),
    });
  });
});

describe("POST /v1/wallet/purchase: deeply nested metadata", () => {
  it("400 BODY_TOO_DEEP, not a 500 (it overflowed the 10 KB check), and no payment", async () => {
    const s = await setup();
    const before = await usdcSnapshot();
    const deep = "[".repeat(6000) + "]".repeat(6000);
    const res = await call(POST, {
      headers: idem(s.headers),
      rawBody: `{"userId":${JSON.stringify(s.users[0])},"itemId":${JSON.stringify(s.item.id)},"metadata":{"a":${deep}}}`,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "BODY_TOO_DEEP", error: "The request body nests objects and arrays more than 64 levels deep; flatten it." });
    expect(await usdcSnapshot()).toEqual(before);
  });
});
