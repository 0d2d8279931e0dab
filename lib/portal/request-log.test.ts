// The portal's request log, "why was this refused?" and object timelines, against PostgreSQL with real /v1
// calls through the route handlers: what each role may see (finance: 403; a stranger: 404; nobody: 401),
// the filters and request-id search, redacted bodies, the explanation of a refusal, and a purchase's
// timeline (requests, audit entry, journals, webhook events and delivery attempts) in time order.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as walletPurchase } from "@/app/api/v1/wallet/purchase/route";
import { GET as getPurchase } from "@/app/api/v1/wallet/purchase/[purchaseId]/route";
import { getDb } from "@/lib/db/client";
import { drainRequestLog, setRequestCapture } from "@/lib/request-log/capture-request";
import { deliverWebhook } from "@/lib/webhooks/deliver";
import { setWebhookEndpoint } from "@/lib/webhooks/set-webhook-endpoint";
import { call } from "@/tests/support/http";
import { as, makePortalMembers } from "@/tests/support/portal";
import { fundWallet, makeProductRow, makeStore } from "@/tests/support/purchases";
import { startReceiver, type Receiver } from "@/tests/support/webhook-receiver";
import { loadObjectTimeline } from "./load-object-timeline";
import { loadRequestDetail } from "./load-request-detail";
import { loadRequestLog } from "./load-request-log";

const db = getDb();
let receiver: Receiver;

beforeAll(async () => {
  setRequestCapture(true);
  receiver = await startReceiver({ respond: () => ({ status: 200, body: "ok" }) });
});
afterAll(async () => {
  setRequestCapture(undefined);
  await receiver.close();
});

/** A store with a webhook endpoint, members of each role, a stranger; one purchase, one refused call, one replay conflict. */
const setup = async () => {
  const s = await makeStore({ players: 1 });
  await setWebhookEndpoint({ db }, { owner: { type: "game", id: s.game.id }, url: receiver.url, rotateSecret: true });
  await fundWallet(s.playerIds[0], 20_000_000n);
  const item = await makeProductRow(s.game.id, { priceCents: 999, fulfillmentType: "WEBHOOK" });
  const other = await makeStore({ players: 1 });
  const { developer, viewer, finance, stranger } = await makePortalMembers(s.business.id, other.business.id);

  const idem = randomUUID();
  const ok = await call(walletPurchase, { headers: { ...s.headers, "idempotency-key": idem }, body: { userId: s.users[0], itemId: item.id } });
  expect(ok.status).toBe(200);
  const purchaseId: string = ok.body.data.purchaseId;
  const read = await call(getPurchase, { headers: s.headers, params: { purchaseId } });
  expect(read.status).toBe(200);
  const bad = await call(walletPurchase, { headers: { ...s.headers, "idempotency-key": randomUUID() }, body: { userId: s.users[0] } });
  expect(bad.status).toBe(400);
  const conflict = await call(walletPurchase, { headers: { ...s.headers, "idempotency-key": idem }, body: { userId: s.users[0], itemId: "other" } });
  expect(conflict.status).toBe(422);
  const theirs = await call(walletPurchase, { headers: { ...other.headers, "idempotency-key": randomUUID() }, body: {} });
  await drainRequestLog();
  // deliver the purchase's webhooks once (no worker runs here), so attempts exist
  const deliveries = await db.webhookDelivery.findMany({ where: { event: { objectId: purchaseId } } });
  for (const d of deliveries) await deliverWebhook(db, d.id);
  return {
    s,
    developer,
    viewer,
    finance,
    stranger,
    other,
    purchaseId,
    idem,
    okId: ok.headers.get("x-request-id")!,
    readId: read.headers.get("x-request-id")!,
    badId: bad.body.requestId as string,
    conflictId: conflict.body.requestId as string,
    theirsId: theirs.body.requestId as string,
    deliveries: deliveries.length,
  };
};

describe("request log", () => {
  it("lists the business's calls newest first, filters them, and finds one by request id; never another business's", async () => {
    const t = await setup();
    const filters = (f: Record<string, string> = {}) => loadRequestLog(as(t.developer), { businessId: t.s.business.id, environment: "test", filters: f });
    const all = await filters();
    // newest first (the rows after these are the setup's own calls: the currency it created)
    expect(all.rows.slice(0, 4).map((r) => r.requestId)).toEqual([t.conflictId, t.badId, t.readId, t.okId]);
    const apiKey = await db.apiKey.findFirstOrThrow({ where: { gameId: t.s.game.id } });
    expect(all.rows[3]).toMatchObject({
      method: "POST",
      path: "/api/v1/wallet/purchase",
      status: 200,
      idempotencyKey: t.idem,
      errorCode: null,
      apiKeyId: apiKey.id,
    });
    expect(all.keys).toEqual([{ keyId: apiKey.id, prefix: apiKey.prefix, label: apiKey.label, kind: "server" }]);
    expect((await filters({ status: "4xx" })).rows.map((r) => r.requestId)).toEqual([t.conflictId, t.badId]);
    expect((await filters({ status: "2xx", method: "GET" })).rows.map((r) => r.requestId)).toEqual([t.readId]);
    expect((await filters({ path: "PURCHASE/" })).rows.map((r) => r.requestId)).toEqual([t.readId]);
    expect((await filters({ requestId: t.badId })).rows.map((r) => r.requestId)).toEqual([t.badId]);
    expect((await filters({ keyId: "someone-else" })).rows).toEqual([]);
    // another business's request id finds nothing here
    expect((await filters({ requestId: t.theirsId })).rows).toEqual([]);
    // a value the form does not offer (a hand-edited URL) is no filter
    expect((await filters({ status: "live", method: "TRACE" })).rows).toEqual(all.rows);
    // a viewer reads the log too; the live environment has none of these test calls
    expect((await loadRequestLog(as(t.viewer), { businessId: t.s.business.id, environment: "test", filters: {} })).rows).toHaveLength(all.rows.length);
    expect((await loadRequestLog(as(t.viewer), { businessId: t.s.business.id, environment: "live", filters: {} })).rows).toEqual([]);
  });

  it("offers every key that called for the business in the environment, once, and no other's (many rows, several keys)", async () => {
    const t = await setup();
    const businessId = t.s.business.id;
    const key = (environment: "test" | "live", label: string) =>
      db.apiKey.create({
        data: { id: `key_${randomUUID()}`, kind: "server", environment, hash: randomUUID(), prefix: `pre_${label}`, label, gameId: t.s.game.id },
      });
    const [a, b, c, live] = [await key("test", "a"), await key("test", "b"), await key("test", "c"), await key("live", "live")];
    const theirKey = await db.apiKey.findFirstOrThrow({ where: { gameId: t.other.game.id } });
    const row = (n: number, businessId: string | null, environment: "test" | "live", apiKeyId: string | null) => ({
      id: `rl_${randomUUID()}`,
      requestId: `req_${n}`,
      businessId,
      environment,
      apiKeyId,
      method: "GET",
      path: "/v1/players",
      status: 200,
      latencyMs: 1,
      createdAt: new Date(Date.now() - 3_600_000 - n),
    });
    await db.requestLog.createMany({
      data: [
        ...Array.from({ length: 300 }, (_, n) => row(n, businessId, "test", [a.id, b.id, null][n % 3])),
        row(300, businessId, "test", c.id),
        row(301, businessId, "live", live.id),
        row(302, t.other.business.id, "test", theirKey.id),
      ],
    });
    const apiKey = await db.apiKey.findFirstOrThrow({ where: { gameId: t.s.game.id, label: { notIn: ["a", "b", "c", "live"] } } });
    const log = await loadRequestLog(as(t.developer), { businessId, environment: "test", filters: {} });
    const expected = [apiKey, a, b, c].sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime() || (y.id < x.id ? -1 : 1));
    expect(log.keys).toEqual(expected.map((k) => ({ keyId: k.id, prefix: k.prefix, label: k.label, kind: "server" })));
    expect((await loadRequestLog(as(t.developer), { businessId, environment: "live", filters: {} })).keys.map((k) => k.keyId)).toEqual([live.id]);
    // the page: the 50 newest rows, the setup's calls first (written now), then these (an hour old)
    expect(log.rows).toHaveLength(50);
    expect(log.nextBefore).not.toBeNull();
  });

  it("refuses finance (403), a stranger (404) and nobody signed in (401), for the log, a request and a timeline", async () => {
    const t = await setup();
    const businessId = t.s.business.id;
    const codeOf = (p: Promise<unknown>) =>
      p.then(
        () => "ok",
        (e: { code: string }) => e.code,
      );
    for (const [player, code] of [
      [t.finance, "PORTAL_ROLE_REQUIRED"],
      [t.stranger, "BUSINESS_NOT_FOUND"],
      [null, "ADMIN_SIGN_IN_REQUIRED"],
    ] as const) {
      expect(await codeOf(loadRequestLog(as(player), { businessId, environment: "test", filters: {} }))).toBe(code);
      expect(await codeOf(loadRequestDetail(as(player), { businessId, requestId: t.okId }))).toBe(code);
      expect(await codeOf(loadObjectTimeline(as(player), { businessId, objectId: t.purchaseId }))).toBe(code);
    }
  });

  it("a request's detail: redacted bodies, its key, the ids it named; another business's request is not found", async () => {
    const t = await setup();
    const d = await loadRequestDetail(as(t.developer), { businessId: t.s.business.id, requestId: t.okId });
    expect(d.request).toMatchObject({ requestId: t.okId, status: 200, objectIds: expect.arrayContaining([t.purchaseId]) });
    expect(JSON.parse(d.request!.requestBody!)).toMatchObject({ userId: t.s.users[0] });
    expect(JSON.stringify(d)).not.toContain(t.s.serverKey);
    expect(d.key).toMatchObject({ kind: "server" });
    expect(d.explanation).toBeNull();
    // the stranger's own business does not have our request, and we do not have theirs
    expect((await loadRequestDetail(as(t.stranger), { businessId: t.other.business.id, requestId: t.okId })).request).toBeNull();
    expect((await loadRequestDetail(as(t.developer), { businessId: t.s.business.id, requestId: t.theirsId })).request).toBeNull();
  });

  it("why was this refused: the invalid field, and an idempotency conflict with the first request of the key", async () => {
    const t = await setup();
    const bad = await loadRequestDetail(as(t.developer), { businessId: t.s.business.id, requestId: t.badId });
    expect(bad.explanation).toMatchObject({ kind: "validation", code: "VALIDATION_ERROR" });
    expect(bad.explanation!.points.map((p) => p.label)).toContain("itemId");
    const conflict = await loadRequestDetail(as(t.developer), { businessId: t.s.business.id, requestId: t.conflictId });
    expect(conflict.explanation).toMatchObject({ kind: "idempotency", title: "Idempotency-Key used for a different request" });
    expect(conflict.firstWithSameKey).toMatchObject({ requestId: t.okId, status: 200 });
  });
});

describe("object timeline", () => {
  it("a purchase: its requests, the audit entry, its journals, its webhook events and delivery attempts, in time order", async () => {
    const t = await setup();
    const { object, items } = await loadObjectTimeline(as(t.developer), { businessId: t.s.business.id, objectId: t.purchaseId });
    expect(object).toMatchObject({ kind: "purchase", id: t.purchaseId, status: "completed", environment: "test" });
    expect(object!.facts).toContainEqual({ label: "Amount", value: "9.99 USDC" });
    const types = items.map((i) => i.type);
    // the request that made it arrived first; its effects (row, journals, events) follow
    expect(types[0]).toBe("request");
    expect(types.filter((x) => x === "created")).toHaveLength(1);
    expect(items.filter((i) => i.type === "request").map((i) => (i as { requestId: string }).requestId)).toEqual([t.okId, t.readId]);
    expect(items.filter((i) => i.type === "change")).toEqual([expect.objectContaining({ action: "POST /v1/wallet/purchase", requestId: t.okId })]);
    const journals = await db.ledgerJournal.findMany({ where: { reference: t.purchaseId } });
    expect(journals.length).toBeGreaterThan(0);
    expect(
      items
        .filter((i) => i.type === "journal")
        .map((i) => (i as { journalId: string }).journalId)
        .sort(),
    ).toEqual(journals.map((j) => j.id).sort());
    const events = await db.webhookEvent.findMany({ where: { objectId: t.purchaseId } });
    expect(items.filter((i) => i.type === "event")).toHaveLength(events.length);
    const deliveries = items.filter((i) => i.type === "delivery");
    expect(deliveries).toHaveLength(t.deliveries);
    expect(t.deliveries).toBeGreaterThan(0);
    expect(deliveries[0]).toMatchObject({ status: "succeeded", url: receiver.url, attempts: [expect.objectContaining({ attempt: 1, statusCode: 200 })] });
    const times = items.map((i) => i.at.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it("another business's purchase, an unknown id and a malformed id are not found", async () => {
    const t = await setup();
    const mine = await makeStore({ players: 1 });
    expect((await loadObjectTimeline(as(t.stranger), { businessId: t.other.business.id, objectId: t.purchaseId })).object).toBeNull();
    expect((await loadObjectTimeline(as(t.developer), { businessId: t.s.business.id, objectId: mine.game.id + "x" })).object).toBeNull();
    expect((await loadObjectTimeline(as(t.developer), { businessId: t.s.business.id, objectId: "../etc" })).object).toBeNull();
  });
});
