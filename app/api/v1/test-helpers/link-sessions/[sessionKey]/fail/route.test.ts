import { describe, expect, it } from "vitest";
import { POST } from "./route";
import { call } from "@/tests/support/http";
import { startLinkSession as start, linkEventsOf as eventsOf } from "@/tests/support/linking";
import { makeGame } from "@/tests/support/fixtures";
import { getDb } from "@/lib/db/client";

describe("POST /v1/test-helpers/link-sessions/{sessionKey}/fail", () => {
  it("with a message: state failed, the message kept and sent in Failed {sessionKey, message}", async () => {
    const { headers } = await makeGame();
    const sessionKey = await start(headers);
    const res = await call(POST, { headers, params: { sessionKey }, body: { message: "  Account is banned.  " } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sessionKey, state: "failed", status: "failed", approvedAt: null, canceledAt: null });
    expect(Date.parse(res.body.failedAt)).toBeGreaterThan(Date.now() - 10_000);
    expect((await getDb().linkSession.findUniqueOrThrow({ where: { sessionKey } })).failureMessage).toBe("Account is banned.");
    expect(await eventsOf(sessionKey)).toEqual([
      { event: "User.Account.Link.Started", sequence: 1, data: { sessionKey } },
      { event: "User.Account.Link.Failed", sequence: 2, data: { sessionKey, message: "Account is banned." } },
    ]);
  });

  it("without a message the default one is sent", async () => {
    const { headers } = await makeGame();
    const sessionKey = await start(headers);
    expect((await call(POST, { headers, params: { sessionKey } })).status).toBe(200);
    expect((await eventsOf(sessionKey))[1].data).toEqual({ sessionKey, message: "The player could not complete linking." });
  });

  it("400 naming message when it is empty or too long", async () => {
    const { headers } = await makeGame();
    const sessionKey = await start(headers);
    const cases: [unknown, string][] = [
      ["   ", "must not be empty"],
      ["x".repeat(501), "must be at most 500 characters"],
      [5, "must be a string"],
    ];
    for (const [message, says] of cases) {
      const res = await call(POST, { headers, params: { sessionKey }, body: { message } });
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([{ field: "message", message: says }]);
    }
    expect((await getDb().linkSession.findUniqueOrThrow({ where: { sessionKey } })).state).toBe("pending");
  });
});
