import { describe, expect, it } from "vitest";
import { POST } from "./route";
import { POST as APPROVE } from "../approve/route";
import { POST as INITIATE } from "@/app/api/v1/users/link/initiate/route";
import { call } from "@/tests/support/http";
import { startLinkSession as start, linkEventNames as eventNames } from "@/tests/support/linking";
import { makeGame } from "@/tests/support/fixtures";
import { getDb } from "@/lib/db/client";


describe("POST /v1/test-helpers/link-sessions/{sessionKey}/expire", () => {
  it("a pending session becomes expired now, with no webhook", async () => {
    const { headers } = await makeGame();
    const sessionKey = await start(headers, { email: "pat@example.com" });
    const res = await call(POST, { headers, params: { sessionKey } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sessionKey, state: "expired", status: "expired", approvedAt: null });
    expect(Date.parse(res.body.expiredAt)).toBeGreaterThan(Date.now() - 10_000);
    expect(Date.parse(res.body.expiredAt)).toBeLessThan(Date.parse(res.body.expiresAt));
    expect(await eventNames(sessionKey)).toEqual(["User.Account.Link.Started"]);
  });

  it("an expired session is not returned again: the same email gets a new 201 session", async () => {
    const { headers } = await makeGame();
    const first = await start(headers, { email: "quinn@example.com" });
    await call(POST, { headers, params: { sessionKey: first } });
    const next = await call(INITIATE, { headers, body: { email: "quinn@example.com" } });
    expect(next.status).toBe(201);
    expect(next.body.sessionKey).not.toBe(first);
  });

  it("409 for an approved or already expired session", async () => {
    const { headers } = await makeGame();
    const approved = await start(headers);
    await call(APPROVE, { headers, params: { sessionKey: approved } });
    const expired = await start(headers);
    await call(POST, { headers, params: { sessionKey: expired } });
    for (const [sessionKey, state] of [[approved, "approved"], [expired, "expired"]]) {
      const res = await call(POST, { headers, params: { sessionKey } });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe("LINK_SESSION_NOT_PENDING");
      expect(res.body.error).toContain(`is ${state}`);
    }
    expect((await getDb().linkSession.findUniqueOrThrow({ where: { sessionKey: approved } })).state).toBe("approved");
  });

  it("404 for a live key and for another game's session", async () => {
    const live = await makeGame({ environment: "live" });
    const liveSession = await start(live.headers);
    const res = await call(POST, { headers: live.headers, params: { sessionKey: liveSession } });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatch(/test-environment/);
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
