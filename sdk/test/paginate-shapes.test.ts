// The SDK's async list iterator (Coinop.paginate) against the real server, on a multi-page list of each page
// shape the API has (lib/core/pagination.ts; sdk/src/paginate.ts):
//   page/limit with `pagination` beside the array (GET /v1/vc/currencies, /v1/vc/journals),
//   limit/offset with `data.pagination` {offset, limit, total, hasMore} (GET /v1/campaign/{id}/user/{userId}/events),
//   limit/offset over a bare array (GET /v1/users/{userRef}/purchases).
// Each list holds more items than one page; the walk must yield each item once, in the server's order.
// vitest: isolate
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeGame } from "../../tests/support/fixtures.ts";
import { makeCampaignWith } from "../../tests/support/campaigns.ts";
import { writeSdkTypes } from "../../scripts/sdk-types.ts";
import type * as Sdk from "../src/index.ts";
import { startApi, startProxy, type TestServer } from "./server.ts";

let sdk: typeof Sdk;
let api: TestServer;
const tag = () => randomBytes(3).toString("hex").toUpperCase();

beforeAll(async () => {
  await writeSdkTypes();
  sdk = await import("../src/index.ts");
  api = await startApi();
});
afterAll(async () => {
  await api?.close();
});

/** A proxy that forwards every request and records it: which pages the walk asked for. */
const counted = () => startProxy(api.url, () => null);

const all = async <T>(it: AsyncIterable<T>): Promise<T[]> => {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
};

describe("Coinop.paginate over the real server", () => {
  it("page/limit with `pagination` beside the array: 5 currencies, 2 a page, 3 pages", async () => {
    const g = await makeGame();
    const proxy = await counted();
    try {
      const client = new sdk.Coinop({ baseUrl: proxy.url, apiKey: g.serverKey, gameId: g.game.id });
      const made: Sdk.Currency[] = [];
      for (let i = 0; i < 5; i++) made.push((await client.currencies.create({ code: `C${i}${tag()}`, name: `Coin ${i}` })).currency);
      const first = await client.currencies.list({ limit: 2 });
      expect(first.pagination).toMatchObject({ page: 1, limit: 2, totalCount: 5, totalPages: 3, hasNextPage: true });

      proxy.seen.length = 0;
      const walked: Sdk.Currency[] = await all(client.paginate("/v1/vc/currencies", { query: { limit: 2 } }));
      expect(walked.map((c) => c._id).sort()).toEqual(made.map((c) => c._id).sort());
      expect(new Set(walked.map((c) => c._id)).size).toBe(5);
      // the pages asked for: 1, 2, 3, and not a fourth (hasNextPage false on the third)
      expect(proxy.seen.map((s) => new URL(s.path, "http://x").searchParams.get("page"))).toEqual(["1", "2", "3"].map((p, i) => (i === 0 ? null : p)));
    } finally {
      await proxy.close();
    }
  });

  it("limit/offset with `data.pagination` (hasMore): a campaign user's 5 events, 2 a page", async () => {
    const { campaign, campaignKey, users } = await makeCampaignWith({ fundMicros: 100_000_000n, status: "started", users: 1 });
    const userRef = users[0]!.userRef;
    const client = new sdk.Coinop({ baseUrl: api.url, apiKey: campaignKey, campaignId: campaign.id });
    for (const eventCode of ["level_complete", "daily_login", "level_complete", "daily_login", "daily_login"])
      await client.request("POST", "/v1/campaign/{id}/events", { params: { id: campaign.id }, body: { eventCode, userRef } });

    const page = await client.request("GET", "/v1/campaign/{id}/user/{userId}/events", { params: { id: campaign.id, userId: userRef }, query: { limit: 2 } });
    expect(page.data.pagination).toEqual({ limit: 2, offset: 0, total: 5, hasMore: true });
    const everything = await client.request("GET", "/v1/campaign/{id}/user/{userId}/events", {
      params: { id: campaign.id, userId: userRef },
      query: { limit: 100 },
    });
    expect(everything.data.transactions).toHaveLength(5);

    const walked = await all(client.paginate("/v1/campaign/{id}/user/{userId}/events", { params: { id: campaign.id, userId: userRef }, query: { limit: 2 } }));
    // newest first, as one page of 100 gives them
    expect(walked.map((t) => t.id)).toEqual(everything.data.transactions.map((t) => t.id));
    expect(walked.map((t) => t.payoutAmount).sort()).toEqual([1, 1, 1, 5, 5]);
  });

  it("limit/offset over a bare array: a player's 3 purchases, 2 a page (a short page is the last)", async () => {
    const g = await makeGame();
    const client = new sdk.Coinop({ baseUrl: api.url, apiKey: g.serverKey, gameId: g.game.id });
    const email = `buyer-${tag().toLowerCase()}@example.com`;
    const bought: string[] = [];
    let userRef = "";
    for (let i = 0; i < 3; i++) {
      const product = await client.products.create({ name: `Sword ${i}`, type: "purchase", fulfillmentType: "WEBHOOK", price: 100 + i });
      const grant = await client.checkout.createGrant({ itemId: product._id, email });
      userRef = grant.userRef;
      const paid = (await client.testHelpers.completeCheckout({ url: grant.checkoutUrl, outcome: "succeeded" })) as { purchase: { _id: string } };
      bought.push(paid.purchase._id);
    }
    const listed = await client.request("GET", "/v1/users/{userRef}/purchases", { params: { userRef }, query: { limit: 100 } });
    expect(listed.map((p) => p._id).sort()).toEqual([...bought].sort());

    const walked = await all(client.paginate("/v1/users/{userRef}/purchases", { params: { userRef }, query: { limit: 2 } }));
    expect(walked.map((p) => p._id)).toEqual(listed.map((p) => p._id));
  });
});
