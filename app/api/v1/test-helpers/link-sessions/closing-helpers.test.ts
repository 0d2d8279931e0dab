// What cancel, fail and expire share: each closes a pending session for good. The matrix covers every
// closing helper against a session already closed by each of the four helpers, and the tenant rules.
import { describe, expect, it } from "vitest";
import { POST as APPROVE } from "./[sessionKey]/approve/route";
import { POST as CANCEL } from "./[sessionKey]/cancel/route";
import { POST as EXPIRE } from "./[sessionKey]/expire/route";
import { POST as FAIL } from "./[sessionKey]/fail/route";
import { POST as INITIATE } from "@/app/api/v1/users/link/initiate/route";
import { call } from "@/tests/support/http";
import { makeGame } from "@/tests/support/fixtures";
import { linkEventsOf, startLinkSession } from "@/tests/support/linking";
import { getDb } from "@/lib/db/client";

const HELPERS = { approve: APPROVE, cancel: CANCEL, fail: FAIL, expire: EXPIRE };
const CLOSED_STATE = { approve: "approved", cancel: "canceled", fail: "failed", expire: "expired" } as const;
const stateOf = async (sessionKey: string) => (await getDb().linkSession.findUniqueOrThrow({ where: { sessionKey } })).state;

describe.each(["cancel", "fail", "expire"] as const)("POST /v1/test-helpers/link-sessions/{sessionKey}/%s", (name) => {
  const helper = HELPERS[name];

  it("closes the session: the same email then starts a new session (201)", async () => {
    const { headers } = await makeGame();
    const first = await startLinkSession(headers, { email: `${name}@example.com` });
    expect((await call(helper, { headers, params: { sessionKey: first } })).status).toBe(200);
    expect(await stateOf(first)).toBe(CLOSED_STATE[name]);
    const next = await call(INITIATE, { headers, body: { email: `${name}@example.com` } });
    expect(next.status).toBe(201);
    expect(next.body.sessionKey).not.toBe(first);
  });

  it.each(Object.keys(HELPERS) as (keyof typeof HELPERS)[])("409 LINK_SESSION_NOT_PENDING once %s closed it; no state change, no event", async (closer) => {
    const { headers } = await makeGame();
    const sessionKey = await startLinkSession(headers);
    await call(HELPERS[closer], { headers, params: { sessionKey } });
    const events = await linkEventsOf(sessionKey);
    const res = await call(helper, { headers, params: { sessionKey } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("LINK_SESSION_NOT_PENDING");
    expect(res.body.error).toContain(`is ${CLOSED_STATE[closer]}`);
    expect(await stateOf(sessionKey)).toBe(CLOSED_STATE[closer]);
    expect(await linkEventsOf(sessionKey)).toEqual(events);
  });

  it("404 for a live key (helpers exist only in test) and for another game's session; nothing changes", async () => {
    const live = await makeGame({ environment: "live" });
    const liveSession = await startLinkSession(live.headers);
    const res = await call(helper, { headers: live.headers, params: { sessionKey: liveSession } });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatch(/test-environment/);
    const a = await makeGame();
    const b = await makeGame();
    const sessionKey = await startLinkSession(a.headers);
    expect((await call(helper, { headers: b.headers, params: { sessionKey } })).status).toBe(404);
    expect((await call(helper, { headers: a.headers, params: { sessionKey: "lks_test_unknown" } })).status).toBe(404);
    for (const key of [liveSession, sessionKey]) expect(await stateOf(key)).toBe("pending");
  });

  it("401 without a key", async () => {
    const res = await call(helper, { params: { sessionKey: "lks_test_x" } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("UNAUTHORIZED");
  });
});
