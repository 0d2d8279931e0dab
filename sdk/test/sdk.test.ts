// The SDK against the real server: the app's /api/v1 dispatch started in process on an ephemeral port
// (sdk/test/server.ts), the test file's own PostgreSQL database, the webhook worker, and a real HTTP receiver.
// Everything after the tenants' keys goes through the SDK only. The SDK's generated part is written first
// from the current route declarations (scripts/sdk-types.ts), so these tests use what `npm run sdk:build` would.
// vitest: isolate
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../lib/db/client.ts";
import { workerTasks } from "../../lib/flows/job-tasks.ts";
import { startWorker, stopWorker } from "../../lib/jobs/start-worker.ts";
import { makeCampaign, makeGame, makePlatform } from "../../tests/support/fixtures.ts";
import { useReceiver, waitFor } from "../../tests/support/webhook-receiver.ts";
import { writeSdkTypes } from "../../scripts/sdk-types.ts";
import type * as Sdk from "../src/index.ts";
import { startApi, startProxy, type TestServer } from "./server.ts";

let sdk: typeof Sdk;
let api: TestServer;
const receiver = useReceiver();
const tag = () => randomBytes(4).toString("hex");

beforeAll(async () => {
  await writeSdkTypes();
  sdk = await import("../src/index.ts");
  api = await startApi();
  await startWorker({ connectionString: process.env.DATABASE_URL!, ...workerTasks(), concurrency: 2, pollInterval: 50 });
});
afterAll(async () => {
  await stopWorker();
  await api?.close();
});

/** A game with a webhook URL on the receiver, its SDK client (server key + X-Game-Id) and its webhook secret. */
const gameClient = async (options: Partial<Sdk.CoinopOptions> = {}) => {
  const g = await makeGame({ webhookUrl: receiver.url });
  const client = new sdk.Coinop({ baseUrl: api.url, apiKey: g.serverKey, gameId: g.game.id, baseDelayMs: 10, ...options });
  return { ...g, client, secret: g.game.webhookSecret };
};

/** A player linked through the SDK: initiate, the test helper approves, the details give the userRef. */
const linkPlayer = async (client: Sdk.Coinop, email = `p-${tag()}@example.com`) => {
  const session = await client.links.initiate({ email });
  expect(session.url).toMatch(/^http/);
  const approved = (await client.testHelpers.approveLinkSession(session.sessionKey, {})) as { userRef?: string };
  const details = await client.links.details({ session: session.sessionKey });
  expect(details.state).toBe("approved");
  const userRef = (details as { userRef?: string | null }).userRef;
  expect(userRef).toEqual(expect.any(String));
  expect(approved.userRef).toBe(userRef);
  return userRef as string;
};

describe("a game server's flow, through the SDK", () => {
  it("game, currency, link, credit (idempotent), debit, journals, a checkout purchase and its verified webhook", async () => {
    const { client, game, secret } = await gameClient();

    expect((await client.game.get()).gameId).toBe(game.id);

    const code = `G${tag().slice(0, 4).toUpperCase()}`;
    const { currency } = await client.currencies.create({ code, name: "Gold" });
    expect(currency).toMatchObject({ code, name: "Gold" });
    const listed = await client.currencies.list();
    expect(listed.items.map((c) => c._id)).toEqual([currency._id]);

    const userRef = await linkPlayer(client);

    // a credit with the SDK's own Idempotency-Key, then the same call with a key of ours twice: one effect
    const credit = await client.requestWithResponse("POST", "/v1/vc/credits", {
      body: { currencyId: currency._id, userRef, amountUnits: "100", orderId: `o-${tag()}` },
    });
    expect(credit.status).toBe(201);
    expect(credit.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(credit.data.newBalanceUnits).toBe("100");
    const key = `credit-${tag()}`;
    const body = { currencyId: currency._id, userRef, amountUnits: "50", orderId: `o-${tag()}` };
    const first = await client.requestWithResponse("POST", "/v1/vc/credits", { body, idempotencyKey: key });
    const again = await client.requestWithResponse("POST", "/v1/vc/credits", { body, idempotencyKey: key });
    expect([first.replayed, again.replayed, again.idempotencyKey]).toEqual([false, true, key]);
    expect(again.data).toEqual(first.data);
    expect(first.data.newBalanceUnits).toBe("150");

    const debit = await client.ledger.debit({ currencyId: currency._id, userRef, amountUnits: "30", reason: "shop" });
    expect(debit.newBalanceUnits).toBe("120");
    expect((await client.ledger.balances({ currencyId: currency._id, userRef })).balanceUnits).toBe("120");

    // a debit past the balance: a typed error with the server's code and request id
    const refused = await client.ledger.debit({ currencyId: currency._id, userRef, amountUnits: "1000", reason: "shop" }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(sdk.CoinopError);
    const err = refused as Sdk.CoinopError;
    expect([err.status >= 400, err.code]).toEqual([true, "INSUFFICIENT_FUNDS"]);
    expect((await client.ledger.balances({ currencyId: currency._id, userRef })).balanceUnits).toBe("120");
    expect(err.requestId).toMatch(/^req_/);

    const journals = await client.ledger.journals({ currencyId: currency._id, userRef });
    expect(journals.items.map((j) => j.type).sort()).toEqual(["credit", "credit", "debit"]);
    // the iterator walks every page (limit 1: three pages)
    const walked: string[] = [];
    for await (const j of client.paginate("/v1/vc/journals", { query: { currencyId: currency._id, userRef, limit: 1 } })) walked.push(j._id);
    expect(walked.sort()).toEqual(journals.items.map((j) => j._id).sort());

    // a purchase through the checkout test helper, and its webhook verified with webhooks.verify
    const product = await client.products.create({ name: "Dragon Sword", type: "purchase", fulfillmentType: "WEBHOOK", price: 499 });
    const grant = await client.checkout.createGrant({ itemId: product._id, email: `buyer-${tag()}@example.com` });
    const paid = await client.testHelpers.completeCheckout({ url: grant.checkoutUrl, outcome: "succeeded" });
    const purchase = (paid as { purchase: { _id: string; status: string; amount: number } }).purchase;
    expect(purchase).toMatchObject({ status: "completed", amount: 499 });
    // the buyer's purchases: a limit/offset list answered as a bare array, walked one at a time
    const bought: string[] = [];
    for await (const p of client.paginate("/v1/users/{userRef}/purchases", { params: { userRef: grant.userRef }, query: { limit: 1 } })) bought.push(p._id);
    expect(bought).toEqual([purchase._id]);

    // a test clock: a grant on it expires when the clock passes its 2 hours, reported by the advance
    const clock = (await client.testHelpers.createTestClock({ frozenTime: "2032-01-01T00:00:00Z" })) as { id: string };
    await client.checkout.createGrant({ itemId: product._id, email: `later-${tag()}@example.com`, testClock: clock.id });
    const advanced = (await client.testHelpers.advanceTestClock(clock.id, { seconds: 3 * 3600 })) as { ran: { kind: string; at: string }[] };
    expect(advanced.ran).toEqual([expect.objectContaining({ kind: "checkout_grant.expiry", at: "2032-01-01T02:00:00.000Z", outcome: "expired" })]);

    const delivery = await waitFor(
      () => receiver.requests.find((r) => r.headers["x-service-event"] === "Purchases.Completed" && r.rawBody.includes(purchase._id)),
      { what: "the Purchases.Completed delivery", timeoutMs: 20_000 },
    );
    const event = client.webhooks.verify<{ purchaseId: string; amount: number }>(delivery.rawBody, delivery.headers, secret);
    expect(event).toMatchObject({ event: "Purchases.Completed", data: { purchaseId: purchase._id, amount: 499 }, attempt: 1 });
    expect(event.eventId).toBe(delivery.headers["x-service-event-id"]);
    // the wrong secret, a changed body, an old timestamp: refused
    expect(() => client.webhooks.verify(delivery.rawBody, delivery.headers, "whsec_wrong")).toThrow(sdk.WebhookVerificationError);
    expect(() => client.webhooks.verify(delivery.rawBody.replace("499", "498"), delivery.headers, secret)).toThrow(/does not match/);
    const stale = Number(delivery.headers["x-service-timestamp"]) + 301;
    expect(() => client.webhooks.verify(delivery.rawBody, delivery.headers, secret, { now: stale })).toThrow(/more than 300 s/);
    // during a rotation: the receiver still holding the old secret verifies through x-service-signature-previous
    // (as the server signs during a rotation: the new secret's v1 first, then the old one's)
    const t = Number(delivery.headers["x-service-timestamp"]);
    const newV1 = sdk.signTimestamped(delivery.rawBody, t, "whsec_new");
    const oldV1 = (delivery.headers["x-service-timestamped-signature"] as string).split(",v1=")[1];
    const rotated = {
      ...delivery.headers,
      "x-service-signature": sdk.sign(delivery.rawBody, "whsec_new"),
      "x-service-signature-previous": delivery.headers["x-service-signature"] as string,
      "x-service-timestamped-signature": `${newV1},v1=${oldV1}`,
    };
    // a replay of the captured delivery an hour later, with a fresh unsigned x-service-timestamp: refused
    const replayed = { ...delivery.headers, "x-service-timestamp": String(t + 3600) };
    expect(() => client.webhooks.verify(delivery.rawBody, replayed, secret, { now: t + 3600 })).toThrow(sdk.WebhookVerificationError);
    expect(client.webhooks.verify(delivery.rawBody, rotated, secret).eventId).toBe(event.eventId);
    expect(client.webhooks.verify(delivery.rawBody, rotated, "whsec_new").eventId).toBe(event.eventId);
    expect(client.webhooks.verify(delivery.rawBody, delivery.headers, "whsec_new", { previousSecret: secret }).eventId).toBe(event.eventId);
  });

  it("typed errors: a bad key is 401 with code and request id; a validation error carries details", async () => {
    const { game, client } = await gameClient();
    const stranger = new sdk.Coinop({ baseUrl: api.url, apiKey: "service_server_test_nope", gameId: game.id });
    const e = (await stranger.game.get().catch((x: unknown) => x)) as Sdk.CoinopError;
    expect(e).toBeInstanceOf(sdk.CoinopError);
    expect([e.status, e.code]).toEqual([401, expect.stringMatching(/^[A-Z_]+$/)]);
    expect(e.requestId).toMatch(/^req_/);
    expect(e.requestId).toBe(e.headers.get("x-request-id"));
    const bad = (await client.currencies.create({ code: "", name: "" }).catch((x: unknown) => x)) as Sdk.CoinopError;
    expect([bad.status, bad.code]).toEqual([400, "VALIDATION_ERROR"]);
    expect(bad.details.length).toBeGreaterThan(0);
  });
});

describe("a campaign key, through the SDK", () => {
  it("sends X-Campaign-Id once; another campaign's id in the path is refused as a typed error", async () => {
    const c = await makeCampaign();
    const other = await makeCampaign();
    const client = new sdk.Coinop({ baseUrl: api.url, apiKey: c.campaignKey, campaignId: c.campaign.id });
    const got = await client.request("GET", "/v1/campaign/{id}", { params: { id: c.campaign.id } });
    expect(JSON.stringify(got)).toContain(c.campaign.id);
    const e = (await client.request("GET", "/v1/campaign/{id}", { params: { id: other.campaign.id } }).catch((x: unknown) => x)) as Sdk.CoinopError;
    expect(e).toBeInstanceOf(sdk.CoinopError);
    expect([e.status >= 400 && e.status < 500, e.requestId?.startsWith("req_")]).toEqual([true, true]);
    expect(e.code).toMatch(/^[A-Z_]+$/);
  });
});

describe("the platform flow, through the SDK", () => {
  it("creates a business, then a distribution for it and a fund session, completed by the test helper", async () => {
    const p = await makePlatform();
    const platform = new sdk.Coinop({ baseUrl: api.url, apiKey: p.platformKey });
    const created = await platform.platform.createBusiness({
      name: `Studio ${tag()}`,
      members: [{ email: `owner-${tag()}@example.com`, roles: ["admin"] }],
      address: { line1: "1 Main St", city: "Springfield", state: "IL", postalCode: "62701", country: "us" },
    });
    const businessId = created.business._id;
    expect(businessId).toEqual(expect.any(String));

    const forBusiness = new sdk.Coinop({ baseUrl: api.url, apiKey: p.platformKey, targetBusinessId: businessId });
    expect((await forBusiness.platform.getBusiness()).business).toMatchObject({ _id: businessId, name: created.business.name });
    const d = await forBusiness.platform.createDistribution({
      mode: "fixed",
      payoutPath: "fund_session",
      memo: "Prizes",
      recipients: [
        { email: `a-${tag()}@example.com`, name: "A", amount: 10.5 },
        { email: `b-${tag()}@example.com`, name: "B", amount: 0.25 },
      ],
    });
    expect(d).toMatchObject({ businessId, status: expect.any(String), totalAmountCents: 1075 });
    const session = await forBusiness.platform.createDistributionFundSession(d._id, {});
    expect(session.sessionKey).toEqual(expect.any(String));
    const done = await platform.testHelpers.completeFundSession(session.sessionKey, {});
    expect(done).toMatchObject({ status: "completed", distributionId: d._id });
    const got = await forBusiness.platform.getDistributionFundSession(d._id, session.sessionKey);
    expect(got).toMatchObject({ status: "completed" });
    const all: string[] = [];
    for await (const x of forBusiness.paginate("/v1/platform/distributions", { query: { limit: 1 } })) all.push(x._id);
    expect(all).toEqual([d._id]);
    const dist = await getDb().distribution.findUniqueOrThrow({ where: { id: d._id } });
    expect(dist.status).toBe("funded");
  });
});

describe("retries and idempotency under a forced 503", () => {
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  const proxies: TestServer[] = [];
  afterAll(async () => void (await Promise.all(proxies.map((x) => x.close()))));

  it("an idempotent credit answered 503 + Retry-After once is sent again with the same key: two attempts, one effect", async () => {
    const { serverKey, game } = await gameClient();
    const setup = new sdk.Coinop({ baseUrl: api.url, apiKey: serverKey, gameId: game.id });
    const { currency } = await setup.currencies.create({ code: `R${tag().slice(0, 4).toUpperCase()}`, name: "Ruby" });
    const userRef = await linkPlayer(setup);

    let failNext = 0;
    let failWith = { status: 503, headers: { "retry-after": "1" }, body: '{"error":"down","code":"SERVICE_UNAVAILABLE"}' };
    proxies.push((proxy = await startProxy(api.url, () => (failNext-- > 0 ? failWith : null))));
    const client = new sdk.Coinop({ baseUrl: proxy.url, apiKey: serverKey, gameId: game.id, baseDelayMs: 10 });
    failNext = 1;
    const started = Date.now();
    const res = await client.requestWithResponse("POST", "/v1/vc/credits", {
      body: { currencyId: currency._id, userRef, amountUnits: "7", orderId: `o-${tag()}` },
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(990); // Retry-After: 1 honoured
    expect([res.status, res.attempts, res.data.newBalanceUnits]).toEqual([201, 2, "7"]);
    const credits = proxy.seen.filter((s) => s.path === "/api/v1/vc/credits");
    expect(credits.map((s) => [s.answeredBy, s.status])).toEqual([
      ["proxy", 503],
      ["server", 201],
    ]);
    expect(credits[0].idempotencyKey).toBe(res.idempotencyKey);
    expect(credits[1].idempotencyKey).toBe(res.idempotencyKey);
    expect((await setup.ledger.journals({ currencyId: currency._id, userRef })).items.filter((j) => j.type === "credit")).toHaveLength(1);

    // a GET is retried on 429 as well, and answered once the server is reached
    proxy.seen.length = 0;
    failWith = { status: 429, headers: { "retry-after": "0" }, body: '{"error":"slow down","code":"RATE_LIMITED"}' };
    failNext = 2;
    const balance = await client.requestWithResponse("GET", "/v1/vc/balances", { query: { currencyId: currency._id, userRef } });
    expect([balance.attempts, balance.data.balanceUnits]).toEqual([3, "7"]);
    expect(proxy.seen.map((s) => [s.answeredBy, s.status])).toEqual([
      ["proxy", 429],
      ["proxy", 429],
      ["server", 200],
    ]);
    // attempts run out at maxAttempts (3 by default) and the last answer is thrown, typed
    proxy.seen.length = 0;
    failWith = { status: 503, headers: { "retry-after": "0" }, body: '{"error":"down","code":"SERVICE_UNAVAILABLE"}' };
    failNext = 5;
    const e = (await client.ledger.balances({ currencyId: currency._id, userRef }).catch((x: unknown) => x)) as Sdk.CoinopError;
    expect([e.status, e.code, e.retryAfter]).toEqual([503, "SERVICE_UNAVAILABLE", 0]);
    expect(proxy.seen).toHaveLength(3);
    // a call's own maxAttempts wins over the client's
    proxy.seen.length = 0;
    failNext = 5;
    await expect(client.request("GET", "/v1/vc/balances", { query: { currencyId: currency._id, userRef }, maxAttempts: 1 })).rejects.toMatchObject({
      status: 503,
    });
    expect(proxy.seen).toHaveLength(1);
    failNext = 0;
  });

  it("a call that is not idempotent (no Idempotency-Key) is not retried; idempotencyKey: null opts a call out", async () => {
    const { serverKey, game } = await gameClient();
    const p = await makePlatform();
    proxies.push(
      (proxy = await startProxy(api.url, () => ({ status: 503, headers: { "retry-after": "0" }, body: '{"error":"down","code":"SERVICE_UNAVAILABLE"}' }))),
    );
    // unlinking a player declares no Idempotency-Key: one attempt, no key sent
    const platform = new sdk.Coinop({ baseUrl: proxy.url, apiKey: p.platformKey, targetBusinessId: p.business.id, baseDelayMs: 10 });
    const e = (await platform
      .request("POST", "/v1/platform/business/users/{userRef}/link/remove", { params: { userRef: "u_1" } })
      .catch((x: unknown) => x)) as Sdk.CoinopError;
    expect([e.status, e.code, e.retryAfter]).toEqual([503, "SERVICE_UNAVAILABLE", 0]);
    expect(proxy.seen.map((s) => [s.path, s.idempotencyKey])).toEqual([["/api/v1/platform/business/users/u_1/link/remove", undefined]]);
    // a money call whose key the caller turned off is not retried either
    proxy.seen.length = 0;
    const client = new sdk.Coinop({ baseUrl: proxy.url, apiKey: serverKey, gameId: game.id, baseDelayMs: 10 });
    await expect(client.ledger.credit({ currencyId: "c", userRef: "u", amountUnits: "1", orderId: "o" }, { idempotencyKey: null })).rejects.toMatchObject({
      status: 503,
    });
    expect(proxy.seen.map((s) => s.idempotencyKey)).toEqual([undefined]);
    // the same call with its generated key is retried (three attempts by default)
    proxy.seen.length = 0;
    await expect(client.ledger.credit({ currencyId: "c", userRef: "u", amountUnits: "1", orderId: "o" })).rejects.toMatchObject({ status: 503 });
    expect(proxy.seen).toHaveLength(3);
    expect(new Set(proxy.seen.map((s) => s.idempotencyKey)).size).toBe(1);
  });
});
