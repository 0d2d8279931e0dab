import { describe, expect, it } from "vitest";
import { POST } from "./route";
import { call } from "@/tests/support/http";
import { startLinkSession as start, linkEventsOf as eventsOf } from "@/tests/support/linking";
import { makeGame } from "@/tests/support/fixtures";

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
});
