import { describe, expect, it } from "vitest";
import { POST } from "./route";
import { call } from "@/tests/support/http";
import { startLinkSession as start, linkEventNames as eventNames } from "@/tests/support/linking";
import { makeGame } from "@/tests/support/fixtures";

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
});
