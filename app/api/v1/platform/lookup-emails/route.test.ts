import { describe, expect, it } from "vitest";
import { POST } from "./route";
import { call } from "@/tests/support/http";
import { expectScopeRefusals, idem } from "@/tests/support/business";
import { makePlatformTenant } from "@/tests/support/platform";
import { makePlayer } from "@/tests/support/players";
import { makeGame } from "@/tests/support/fixtures";

describe("POST /v1/platform/lookup-emails", () => {
  it("hasAccount per email, in the order sent and echoed as sent (case-insensitive match); nothing else about a user", async () => {
    const { mgmt } = await makePlatformTenant();
    await makePlayer({ email: "known@example.com", name: "Known Person" });
    await makePlayer({ email: "guest@example.com", password: null });
    const res = await call(POST, {
      headers: idem(mgmt),
      body: { emails: ["Known@Example.com", "nobody@example.com", " guest@example.com ", "known@example.com"] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      results: [
        { email: "Known@Example.com", hasAccount: true },
        { email: "nobody@example.com", hasAccount: false },
        { email: " guest@example.com ", hasAccount: true },
        { email: "known@example.com", hasAccount: true },
      ],
    });
    expect(res.text).not.toContain("Known Person");
  });

  it("400 INVALID_EMAIL naming each bad email; 400 for an empty or too long list; a replay is the first answer", async () => {
    const { mgmt } = await makePlatformTenant();
    const bad = await call(POST, { headers: idem(mgmt), body: { emails: ["ok@example.com", "nope", "a@b"] } });
    expect([bad.status, bad.body.code]).toEqual([400, "INVALID_EMAIL"]);
    expect(bad.body.details.map((d: { field: string }) => d.field)).toEqual(["emails.1", "emails.2"]);
    for (const emails of [[], Array.from({ length: 101 }, (_, i) => `u${i}@example.com`), "x@example.com", [42]]) {
      const res = await call(POST, { headers: idem(mgmt), body: { emails } });
      expect([res.status, res.body.code]).toEqual([400, "VALIDATION_ERROR"]);
    }
    const headers = idem(mgmt);
    const first = await call(POST, { headers, body: { emails: ["late@example.com"] } });
    await makePlayer({ email: "late@example.com" });
    const replay = await call(POST, { headers, body: { emails: ["late@example.com"] } });
    expect([first.body.results[0].hasAccount, replay.text, replay.headers.get("idempotent-replayed")]).toEqual([false, first.text, "true"]);
    const reused = await call(POST, { headers, body: { emails: ["other@example.com"] } });
    expect([reused.status, reused.body.code]).toEqual([422, "IDEMPOTENCY_KEY_REUSED"]);
    expect((await call(POST, { headers: mgmt, body: { emails: ["a@example.com"] } })).body.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
  });

  it("401 without a platform key; 403 naming the set that lacks lookup:emails", async () => {
    expect((await call(POST, { headers: idem({}), body: { emails: ["a@example.com"] } })).status).toBe(401);
    expect((await call(POST, { headers: idem((await makeGame()).headers), body: { emails: ["a@example.com"] } })).status).toBe(401);
    await expectScopeRefusals("lookup:emails", (t) => call(POST, { headers: idem(t.mgmt), body: { emails: ["a@example.com"] } }), { targetBusiness: false });
  });
});
