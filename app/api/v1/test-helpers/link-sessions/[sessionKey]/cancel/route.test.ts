import { describe, expect, it } from "vitest";
import { POST } from "./route";
import { POST as APPROVE } from "../approve/route";
import { POST as INITIATE } from "@/app/api/v1/users/link/initiate/route";
import { call } from "@/tests/support/http";
import { startLinkSession as start, linkEventsOf as eventsOf } from "@/tests/support/linking";
import { makeGame } from "@/tests/support/fixtures";
import { getDb } from "@/lib/db/client";


describe("POST /v1/test-helpers/link-sessions/{sessionKey}/cancel", () => {
  it("a pending session becomes canceled; Canceled {sessionKey} follows Started; the details come back", async () => {
    const { game, headers } = await makeGame();
    const sessionKey = await start(headers, { email: "nia@example.com" });
    const res = await call(POST, { headers, params: { sessionKey } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sessionKey, gameId: game.id, state: "canceled", status: "canceled", approvedAt: null, prefilledEmail: "nia@example.com" });
    expect(Date.parse(res.body.canceledAt)).toBeGreaterThan(Date.now() - 10_000);
    expect(res.body).not.toHaveProperty("userRef");
    expect(await eventsOf(sessionKey)).toEqual([
      { event: "User.Account.Link.Started", sequence: 1, data: { sessionKey } },
      { event: "User.Account.Link.Canceled", sequence: 2, data: { sessionKey } },
    ]);
  });

  it("after cancel the same email starts a new session", async () => {
    const { headers } = await makeGame();
    const first = await start(headers, { email: "oz@example.com" });
    await call(POST, { headers, params: { sessionKey: first } });
    const next = await call(INITIATE, { headers, body: { email: "oz@example.com" } });
    expect(next.status).toBe(201);
    expect(next.body.sessionKey).not.toBe(first);
  });

  it("409 LINK_SESSION_NOT_PENDING for a canceled or approved session; no event is added", async () => {
    const { headers } = await makeGame();
    const canceled = await start(headers);
    await call(POST, { headers, params: { sessionKey: canceled } });
    const approved = await start(headers);
    await call(APPROVE, { headers, params: { sessionKey: approved } });
    for (const [sessionKey, state] of [[canceled, "canceled"], [approved, "approved"]]) {
      const res = await call(POST, { headers, params: { sessionKey } });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: "LINK_SESSION_NOT_PENDING" });
      expect(res.body.error).toContain(`is ${state}`);
      expect(await eventsOf(sessionKey)).toHaveLength(2);
    }
  });

  it("404 for a live key and for another game's session; nothing changes", async () => {
    const live = await makeGame({ environment: "live" });
    const liveSession = await start(live.headers);
    expect((await call(POST, { headers: live.headers, params: { sessionKey: liveSession } })).status).toBe(404);
    const a = await makeGame();
    const b = await makeGame();
    const sessionKey = await start(a.headers);
    expect((await call(POST, { headers: b.headers, params: { sessionKey } })).status).toBe(404);
    for (const key of [liveSession, sessionKey]) expect((await getDb().linkSession.findUniqueOrThrow({ where: { sessionKey: key } })).state).toBe("pending");
  });

  it("401 without a key", async () => {
    expect((await call(POST, { params: { sessionKey: "lks_test_x" } })).status).toBe(401);
  });
});
