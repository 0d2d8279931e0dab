// The Overview's first-hour checklist, against PostgreSQL: each step ticks from the business's own data as
// a newcomer makes it (a test game, a server key, a successful /v1 call in the request log, an endpoint that
// received a test event, an activation application), the curl names the game and no secret, and another
// business's data never ticks or shows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getGame } from "@/app/api/v1/game/route";
import { appBaseUrl } from "@/lib/config/settings";
import { getDb } from "@/lib/db/client";
import { createGame } from "@/lib/games/create-game";
import { drainRequestLog, setRequestCapture } from "@/lib/request-log/capture-request";
import { issueApiKey } from "@/lib/tenants/issue-api-key";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { deliverWebhook } from "@/lib/webhooks/deliver";
import { sendTestEvent } from "@/lib/webhooks/send-test-event";
import { call } from "@/tests/support/http";
import { makeBusiness, makeBusinessAdmin } from "@/tests/support/platform";
import { as } from "@/tests/support/portal";
import { startReceiver, type Receiver } from "@/tests/support/webhook-receiver";
import { firstCallCurl, loadPortalChecklist } from "./load-portal-checklist";

const db = () => getDb();
let rx: Receiver;
beforeAll(async () => {
  setRequestCapture(true);
  rx = await startReceiver({ respond: () => ({ status: 200, body: "ok" }) });
});
afterAll(async () => {
  setRequestCapture(undefined);
  await rx.close();
});

const stepsDone = (c: Awaited<ReturnType<typeof loadPortalChecklist>>) => Object.fromEntries(Object.entries(c.steps).map(([k, s]) => [k, s.done]));

/** A business a newcomer made, with its owner; nothing else. */
const newcomer = async () => {
  const business = await makeBusiness("test");
  const owner = await makeBusinessAdmin(business.id, { roles: [], isOwner: true });
  return { business, owner, load: () => loadPortalChecklist(as(owner), { businessId: business.id }) };
};

/** Everything a business does in its first hour, in another business: a game, a key, a call, a delivered test event, an application. */
const busyStranger = async () => {
  const business = await makeBusiness("test");
  const stranger = await makeBusinessAdmin(business.id, { roles: ["admin"] });
  const game = await createGame({ db: db() }, { businessId: business.id, environment: "test", name: "Their game" });
  const key = await issueApiKey({ db: db() }, { kind: "server", environment: "test", gameId: game.id });
  expect((await call(getGame, { headers: { authorization: `Bearer ${key.rawKey}`, "x-game-id": game.id } })).status).toBe(200);
  const { endpoint } = await createWebhookEndpoint({ db: db() }, { owner: { type: "game", id: game.id }, url: rx.url });
  const sent = await sendTestEvent({ db: db() }, { owner: { type: "game", id: game.id }, endpointId: endpoint.id });
  await deliverWebhook(db(), sent.deliveryId);
  await db().business.update({ where: { id: business.id }, data: { kybStatus: "pending" } });
  await drainRequestLog();
  return { business, stranger, game };
};

describe("loadPortalChecklist", () => {
  it("ticks each step from the business's data, one at a time, and says how far it got", async () => {
    const t = await newcomer();
    const empty = await t.load();
    expect(empty).toEqual({
      game: null,
      steps: {
        game: { done: false, count: 0 },
        key: { done: false, count: 0 },
        call: { done: false, lastAt: null },
        webhook: { done: false, endpoints: 0, test: "none" },
        live: { done: false, status: "not_started" },
      },
      doneCount: 0,
      complete: false,
      curl: null,
    });

    // 1. a test game (a live one would not count: it cannot exist before approval, and is not the first hour)
    const game = await createGame({ db: db() }, { businessId: t.business.id, environment: "test", name: "First game" });
    let c = await t.load();
    expect(c.game).toEqual({ id: game.id, name: "First game" });
    expect(c.steps.game).toEqual({ done: true, count: 1 });
    expect(c.curl).toBe(firstCallCurl({ baseUrl: appBaseUrl(), gameId: game.id }));
    expect(stepsDone(c)).toEqual({ game: true, key: false, call: false, webhook: false, live: false });

    // 2. a server key of it
    const key = await issueApiKey({ db: db() }, { kind: "server", environment: "test", gameId: game.id, label: "first" });
    c = await t.load();
    expect(c.steps.key).toEqual({ done: true, count: 1 });
    expect(c.doneCount).toBe(2);

    // 3. a refused call does not tick; a successful one does
    expect((await call(getGame, { headers: { authorization: `Bearer ${key.rawKey}`, "x-game-id": "0".repeat(24) } })).status).toBeGreaterThanOrEqual(400);
    await drainRequestLog();
    expect((await t.load()).steps.call).toEqual({ done: false, lastAt: null });
    expect((await call(getGame, { headers: { authorization: `Bearer ${key.rawKey}`, "x-game-id": game.id } })).status).toBe(200);
    await drainRequestLog();
    c = await t.load();
    expect(c.steps.call.done).toBe(true);
    expect(c.steps.call.lastAt).toBeInstanceOf(Date);

    // 4. an endpoint alone is not enough; a sent test event is pending, then delivered (2xx) ticks it
    const { endpoint } = await createWebhookEndpoint({ db: db() }, { owner: { type: "game", id: game.id }, url: rx.url });
    expect((await t.load()).steps.webhook).toEqual({ done: false, endpoints: 1, test: "none" });
    const sent = await sendTestEvent({ db: db() }, { owner: { type: "game", id: game.id }, endpointId: endpoint.id });
    expect((await t.load()).steps.webhook).toEqual({ done: false, endpoints: 1, test: "pending" });
    await deliverWebhook(db(), sent.deliveryId);
    expect((await t.load()).steps.webhook).toEqual({ done: true, endpoints: 1, test: "succeeded" });

    // 5. applying to go live: any status but not_started, shown as it is
    await db().business.update({ where: { id: t.business.id }, data: { kybStatus: "action_required" } });
    c = await t.load();
    expect(c.steps.live).toEqual({ done: true, status: "action_required" });
    expect(c.doneCount).toBe(5);
    expect(c.complete).toBe(true);
  });

  it("a failed test delivery is said so, and does not tick", async () => {
    const t = await newcomer();
    const game = await createGame({ db: db() }, { businessId: t.business.id, environment: "test", name: "G" });
    const { endpoint } = await createWebhookEndpoint({ db: db() }, { owner: { type: "game", id: game.id }, url: rx.url });
    const sent = await sendTestEvent({ db: db() }, { owner: { type: "game", id: game.id }, endpointId: endpoint.id });
    await db().webhookDelivery.update({ where: { id: sent.deliveryId }, data: { status: "failed" } });
    expect((await t.load()).steps.webhook).toEqual({ done: false, endpoints: 1, test: "failed" });
  });

  it("the curl names the game and the instance, and carries no key: only $COINOP_SERVER_KEY", async () => {
    const t = await newcomer();
    const game = await createGame({ db: db() }, { businessId: t.business.id, environment: "test", name: "G" });
    const key = await issueApiKey({ db: db() }, { kind: "server", environment: "test", gameId: game.id });
    const { curl } = await t.load();
    expect(curl).toMatch(/^curl http:\/\/\S+\/api\/v1\/game \\\n {2}-H "Authorization: Bearer \$COINOP_SERVER_KEY" \\\n {2}-H "X-Game-Id: [0-9a-f]{24}"$/);
    expect(curl).toContain(`X-Game-Id: ${game.id}`);
    expect(curl).not.toContain(key.rawKey);
    expect(curl).not.toMatch(/service_server_test_/);
    const whole = JSON.stringify(await t.load());
    expect(whole).not.toContain(key.rawKey);
    expect(whole).not.toContain(key.key.hash);
  });

  it("attack: another business's game, key, calls, webhooks and application never tick or show", async () => {
    const them = await busyStranger();
    const t = await newcomer();
    const mine = await t.load();
    expect(mine.doneCount).toBe(0);
    expect(mine.game).toBeNull();
    expect(JSON.stringify(mine)).not.toContain(them.game.id);
    // the stranger's own checklist is complete: the setup did tick, for them
    expect((await loadPortalChecklist(as(them.stranger), { businessId: them.business.id })).complete).toBe(true);
    // and nobody reads another business's checklist: a stranger 404s, signed out 401s
    await expect(loadPortalChecklist(as(them.stranger), { businessId: t.business.id })).rejects.toMatchObject({ code: "BUSINESS_NOT_FOUND", status: 404 });
    await expect(loadPortalChecklist(as(null), { businessId: t.business.id })).rejects.toMatchObject({ code: "ADMIN_SIGN_IN_REQUIRED", status: 401 });
  });

  it("every role of the business may read it (a viewer too): it is the Overview's", async () => {
    const t = await newcomer();
    const viewer = await makeBusinessAdmin(t.business.id, { roles: ["viewer"] });
    expect((await loadPortalChecklist(as(viewer), { businessId: t.business.id })).doneCount).toBe(0);
  });
});
