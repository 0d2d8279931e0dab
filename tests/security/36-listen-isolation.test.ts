// Attacks on `npm run listen`'s two calls (POST /v1/webhooks/listen, POST /v1/webhooks/listen/attempts): a key
// never receives another owner's deliveries, never a live event, a live key gets nothing, a revoked key stops
// the stream (even in the middle of a wait), and an answer can only be reported for the key owner's own
// listener deliveries. Over real HTTP (the web process's /api/v1 dispatch) against the file's database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as listenRoute } from "@/app/api/v1/webhooks/listen/route";
import { POST as attemptsRoute } from "@/app/api/v1/webhooks/listen/attempts/route";
import { getDb } from "@/lib/db/client";
import { buildOpenApiDocument } from "@/lib/http/openapi";
import { registeredRoutes } from "@/lib/http/registry";
import { emitEvent, type WebhookOwner } from "@/lib/webhooks/emit-event";
import { LISTENER_PENDING_ERROR } from "@/lib/webhooks/listener";
import { makeCampaign, makeGame, makePlatform } from "@/tests/support/fixtures";
import { serveRoutes } from "@/tests/support/serve-routes";

let server: Awaited<ReturnType<typeof serveRoutes>>;
beforeAll(async () => {
  server = await serveRoutes([listenRoute, attemptsRoute]);
});
afterAll(async () => server.close());

const emit = (owner: WebhookOwner, environment: "test" | "live" = "test") =>
  emitEvent(getDb(), { owner, environment, event: "Security.Probe", objectType: "probe", objectId: owner.id, data: { n: 1 } });

let sessions = 0;
/** A listener session: its first call (where it starts), then `poll()` hands out what is waiting. */
const session = async (headers: Record<string, string>) => {
  const id = `sec-session-${++sessions}-${Date.now()}`;
  const first = await server.api("/v1/webhooks/listen", { method: "POST", headers, body: { session: id } });
  const poll = (waitSeconds = 0) =>
    server.api("/v1/webhooks/listen", { method: "POST", headers, body: { session: id, since: first.body?.data?.since, waitSeconds } });
  return { id, first, poll };
};

const report = (headers: Record<string, string>, deliveryId: string, statusCode = 200) =>
  server.api("/v1/webhooks/listen/attempts", { method: "POST", headers, body: { deliveryId, statusCode, latencyMs: 3 } });

describe("npm run listen: tenant isolation", () => {
  it("a game's listener gets its own test events, never another game's", async () => {
    const [a, b] = [await makeGame(), await makeGame()];
    const s = await session(a.headers);
    expect(s.first.status).toBe(200);
    expect(s.first.body.data.deliveries).toEqual([]);
    const foreign = await emit({ type: "game", id: b.game.id });
    const own = await emit({ type: "game", id: a.game.id });
    const res = await s.poll();
    expect(res.status).toBe(200);
    expect(res.body.data.deliveries.map((d: { eventId: string }) => d.eventId)).toEqual([own]);
    // handed once per session
    expect((await s.poll()).body.data.deliveries).toEqual([]);
    expect(await getDb().webhookDelivery.count({ where: { eventId: foreign, url: { startsWith: "listen://" } } })).toBe(0);
  });

  it("a campaign key gets its campaign's events; a platform key its platform's test events, never its live ones", async () => {
    const c = await makeCampaign();
    // a campaign gets its signing secret with its first webhook URL: without one, a clear 409
    const none = await server.api("/v1/webhooks/listen", { method: "POST", headers: c.headers, body: { session: "no-secret-1" } });
    expect(none.status).toBe(409);
    expect(none.body.code).toBe("WEBHOOK_ENDPOINT_NOT_SET");
    await getDb().campaign.update({ where: { id: c.campaign.id }, data: { webhookSecret: "whsec_campaign_listen_test" } });
    const cs = await session(c.headers);
    const other = await makeCampaign();
    await emit({ type: "campaign", id: other.campaign.id });
    const mine = await emit({ type: "campaign", id: c.campaign.id });
    expect((await cs.poll()).body.data.deliveries.map((d: { eventId: string }) => d.eventId)).toEqual([mine]);

    const p = await makePlatform();
    const headers = { authorization: p.headers.authorization };
    const ps = await session(headers);
    expect(ps.first.status).toBe(200);
    const live = await emit({ type: "platform", id: p.platform.id }, "live");
    const test = await emit({ type: "platform", id: p.platform.id }, "test");
    expect((await ps.poll()).body.data.deliveries.map((d: { eventId: string }) => d.eventId)).toEqual([test]);
    expect(await getDb().webhookDelivery.count({ where: { eventId: live, url: { startsWith: "listen://" } } })).toBe(0);
  });

  it("a live key gets a clear 404 and nothing is handed out", async () => {
    const live = await makeGame({ environment: "live" });
    await emit({ type: "game", id: live.game.id }, "live");
    const res = await server.api("/v1/webhooks/listen", { method: "POST", headers: live.headers, body: { session: "live-session-1" } });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatch(/test key/);
    const since = new Date(Date.now() - 60_000).toISOString();
    const again = await server.api("/v1/webhooks/listen", {
      method: "POST",
      headers: live.headers,
      body: { session: "live-session-1", since, waitSeconds: 0 },
    });
    expect(again.status).toBe(404);
    expect(await getDb().webhookDelivery.count({ where: { url: "listen://live-session-1" } })).toBe(0);
  });

  it("an answer is recorded only for the key owner's own listener deliveries, once", async () => {
    const [a, b] = [await makeGame(), await makeGame()];
    const s = await session(a.headers);
    await emit({ type: "game", id: a.game.id });
    const [d] = (await s.poll()).body.data.deliveries;
    // another game's key: 404, nothing changed
    const foreign = await report(b.headers, d.deliveryId);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("WEBHOOK_DELIVERY_NOT_FOUND");
    const untouched = await getDb().webhookAttempt.findFirstOrThrow({ where: { deliveryId: d.deliveryId } });
    expect(untouched).toMatchObject({ statusCode: null, error: LISTENER_PENDING_ERROR });
    // the owner: recorded; a second report changes nothing
    const ok = await report(a.headers, d.deliveryId, 204);
    expect(ok.body.data).toEqual({ deliveryId: d.deliveryId, status: "succeeded", recorded: true });
    expect(ok.headers.get("idempotent-replayed")).toBeNull();
    const replay = await report(a.headers, d.deliveryId, 500);
    expect(replay.body.data).toEqual({ deliveryId: d.deliveryId, status: "succeeded", recorded: false });
    // the delivery (its natural key) had its answer already: the earlier report's result, said as a replay
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await getDb().webhookAttempt.findFirstOrThrow({ where: { deliveryId: d.deliveryId } })).toMatchObject({ statusCode: 204, error: null });
  });

  it("an endpoint's own delivery cannot be marked through the listener's call", async () => {
    const g = await makeGame({ webhookUrl: "https://hooks.example.com/coinop" });
    const eventId = await emit({ type: "game", id: g.game.id });
    const delivery = await getDb().webhookDelivery.findFirstOrThrow({ where: { eventId } });
    const res = await report(g.headers, delivery.id);
    expect(res.status).toBe(404);
    expect(await getDb().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ status: "pending", attempts: 0 });
  });

  it("unknown fields and a malformed session are 400, nothing handed out", async () => {
    const g = await makeGame();
    const bad = await server.api("/v1/webhooks/listen", { method: "POST", headers: g.headers, body: { session: "x" } });
    expect(bad.status).toBe(400);
    const extra = await server.api("/v1/webhooks/listen", { method: "POST", headers: g.headers, body: { session: "abcdefgh-1", ownerId: "other" } });
    expect(extra.status).toBe(400);
  });
});

describe("npm run listen: a revoked key", () => {
  it("stops the stream: the next call is 401, and a call waiting when it is revoked hands nothing more out", async () => {
    const g = await makeGame();
    const s = await session(g.headers);
    const key = await getDb().apiKey.findFirstOrThrow({ where: { gameId: g.game.id } });
    const waiting = s.poll(5);
    await new Promise((r) => setTimeout(r, 300));
    await getDb().apiKey.update({ where: { id: key.id }, data: { revokedAt: new Date() } });
    const eventId = await emit({ type: "game", id: g.game.id });
    const res = await waiting;
    expect(res.status).toBe(401);
    expect(await getDb().webhookDelivery.count({ where: { eventId, url: { startsWith: "listen://" } } })).toBe(0);
    expect((await s.poll()).status).toBe(401);
  });
});

describe("npm run listen: the API document", () => {
  it("marks both calls as additions (x-coinop-addition), with the three key kinds", () => {
    const doc = buildOpenApiDocument(registeredRoutes(), "https://coinop.example") as { paths: Record<string, Record<string, Record<string, unknown>>> };
    for (const path of ["/v1/webhooks/listen", "/v1/webhooks/listen/attempts"]) {
      const op = doc.paths[path].post;
      expect(op["x-coinop-addition"]).toBe(true);
      expect((op.security as object[]).length).toBeGreaterThanOrEqual(3);
    }
  });
});
