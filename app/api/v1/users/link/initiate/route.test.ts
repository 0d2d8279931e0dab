import { describe, expect, it } from "vitest";
import { GET, POST } from "./route";
import { POST as APPROVE } from "../../../test-helpers/link-sessions/[sessionKey]/approve/route";
import { call } from "@/tests/support/http";
import { linkEventsOf } from "@/tests/support/linking";
import { makeGame } from "@/tests/support/fixtures";
import { getDb } from "@/lib/db/client";

const KEY = /^lks_test_[0-9a-f]{32}$/;
const eventsOf = (sessionKey: string) => linkEventsOf(sessionKey, { withOwner: true });

describe("POST /v1/users/link/initiate", () => {
  it("creates a pending 24-hour session: 201, Location = url, Started in the outbox", async () => {
    const { game, headers } = await makeGame({ webhookUrl: "https://hooks.example.test/coinop" });
    const before = Date.now();
    const res = await call(POST, { headers, body: { email: "Ada@Example.com" } });
    expect(res.status).toBe(201);
    expect(res.body.sessionKey).toMatch(KEY);
    expect(res.body.url).toBe(`http://localhost:3000/link/${res.body.sessionKey}`);
    expect(res.headers.get("location")).toBe(res.body.url);
    expect(Object.keys(res.body).sort()).toEqual(["sessionKey", "url"]);

    const row = await getDb().linkSession.findUniqueOrThrow({ where: { sessionKey: res.body.sessionKey } });
    expect(row).toMatchObject({
      state: "pending",
      namespaceType: "game",
      namespaceId: game.id,
      environment: "test",
      prefilledEmail: "ada@example.com",
      idempotencyKey: null,
      ownerType: "game",
      ownerId: game.id,
    });
    const lifetime = row.expiresAt.getTime() - row.createdAt.getTime();
    expect(lifetime).toBe(24 * 3600_000);
    expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);

    expect(await eventsOf(res.body.sessionKey)).toEqual([
      { event: "User.Account.Link.Started", sequence: 1, ownerType: "game", ownerId: game.id, data: { sessionKey: res.body.sessionKey } },
    ]);
    const deliveries = await getDb().webhookDelivery.count({ where: { event: { objectId: row.id } } });
    expect(deliveries).toBe(1);
  });

  it("the same email returns the pending session with 200 and no new event; another email gets its own", async () => {
    const { headers } = await makeGame();
    const first = await call(POST, { headers, body: { email: "bo@example.com" } });
    const again = await call(POST, { headers, body: { email: " BO@example.com " } });
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect([again.status, again.headers.get("idempotent-replayed")]).toEqual([200, "true"]);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("location")).toBeNull();
    const other = await call(POST, { headers, body: { email: "cy@example.com" } });
    expect([other.status, other.headers.get("idempotent-replayed")]).toEqual([201, null]);
    expect(other.body.sessionKey).not.toBe(first.body.sessionKey);
    expect(await eventsOf(first.body.sessionKey)).toHaveLength(1);
  });

  it("the same Idempotency-Key without email returns the same session with 200", async () => {
    const { headers } = await makeGame();
    const h = { ...headers, "idempotency-key": "init-1" };
    const first = await call(POST, { headers: h, body: {} });
    const again = await call(POST, { headers: h });
    expect([first.status, first.headers.get("idempotent-replayed")]).toEqual([201, null]);
    expect([again.status, again.headers.get("idempotent-replayed")]).toEqual([200, "true"]);
    expect(again.body.sessionKey).toBe(first.body.sessionKey);
    const row = await getDb().linkSession.findUniqueOrThrow({ where: { sessionKey: first.body.sessionKey } });
    expect(row.idempotencyKey).toBe("init-1");
    expect(row.prefilledEmail).toBeNull();
    const fresh = await call(POST, { headers: { ...headers, "idempotency-key": "init-2" } });
    expect(fresh.status).toBe(201);
    expect(fresh.body.sessionKey).not.toBe(first.body.sessionKey);
  });

  it("without email or key every call is a new session", async () => {
    const { headers } = await makeGame();
    const a = await call(POST, { headers });
    const b = await call(POST, { headers, body: { email: null } });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.sessionKey).not.toBe(b.body.sessionKey);
  });

  it("after approval the same email starts a new session (201)", async () => {
    const { headers } = await makeGame();
    const first = await call(POST, { headers, body: { email: "dee@example.com" } });
    expect((await call(APPROVE, { headers, params: { sessionKey: first.body.sessionKey } })).status).toBe(200);
    const next = await call(POST, { headers, body: { email: "dee@example.com" } });
    expect(next.status).toBe(201);
    expect(next.body.sessionKey).not.toBe(first.body.sessionKey);
  });

  it("10 parallel initiations with one email create exactly one session and one Started event", async () => {
    const { game, headers } = await makeGame();
    const results = await Promise.all(Array.from({ length: 10 }, () => call(POST, { headers, body: { email: "race@example.com" } })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.body.sessionKey)).size).toBe(1);
    expect(await getDb().linkSession.count({ where: { namespaceId: game.id } })).toBe(1);
    expect(await getDb().webhookEvent.count({ where: { ownerId: game.id, event: "User.Account.Link.Started" } })).toBe(1);
  });

  it("10 parallel initiations with one Idempotency-Key create exactly one session", async () => {
    const { game, headers } = await makeGame();
    const results = await Promise.all(Array.from({ length: 10 }, () => call(GET, { headers: { ...headers, "idempotency-key": "same" } })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(new Set(results.map((r) => r.body.sessionKey)).size).toBe(1);
    expect(await getDb().linkSession.count({ where: { namespaceId: game.id } })).toBe(1);
  });

  it("sessions are per game: the same email in another game is a new session", async () => {
    const a = await makeGame();
    const b = await makeGame();
    const first = await call(POST, { headers: a.headers, body: { email: "eve@example.com" } });
    const second = await call(POST, { headers: b.headers, body: { email: "eve@example.com" } });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.sessionKey).not.toBe(first.body.sessionKey);
  });

  it("400 naming email for an invalid email; nothing is created", async () => {
    const { game, headers } = await makeGame();
    const res = await call(POST, { headers, body: { email: "not-an-email" } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("VALIDATION_ERROR");
    expect(res.body.details).toEqual([{ field: "email", message: "must be a valid email address, like name@example.com" }]);
    expect(await getDb().linkSession.count({ where: { namespaceId: game.id } })).toBe(0);
  });

  it("400 IDEMPOTENCY_KEY_INVALID for a key over 255 characters", async () => {
    const { headers } = await makeGame();
    const res = await call(POST, { headers: { ...headers, "idempotency-key": "k".repeat(256) } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("IDEMPOTENCY_KEY_INVALID");
  });

  it("401 without a key", async () => {
    const res = await call(POST, { body: { email: "x@example.com" } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("UNAUTHORIZED");
  });

  it("a live key makes live sessions (lks_ without test_)", async () => {
    const { headers } = await makeGame({ environment: "live" });
    const res = await call(POST, { headers });
    expect(res.status).toBe(201);
    expect(res.body.sessionKey).toMatch(/^lks_[0-9a-f]{32}$/);
  });
});

describe("GET /v1/users/link/initiate", () => {
  it("creates a new session (201 + Location) on each call without a key", async () => {
    const { headers } = await makeGame();
    const a = await call(GET, { headers });
    const b = await call(GET, { headers });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.headers.get("location")).toBe(a.body.url);
    expect(a.body.sessionKey).not.toBe(b.body.sessionKey);
    const row = await getDb().linkSession.findUniqueOrThrow({ where: { sessionKey: a.body.sessionKey } });
    expect(row.prefilledEmail).toBeNull();
    expect(row.state).toBe("pending");
  });

  it("returns the pending session of the same Idempotency-Key with 200, also one started by POST", async () => {
    const { headers } = await makeGame();
    const h = { ...headers, "idempotency-key": "shared-key" };
    const posted = await call(POST, { headers: h, body: { email: "fay@example.com" } });
    const got = await call(GET, { headers: h });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(posted.body);
  });

  it("401 without a key", async () => {
    expect((await call(GET, {})).status).toBe(401);
  });
});
