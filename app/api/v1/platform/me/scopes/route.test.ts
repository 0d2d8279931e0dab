import { describe, expect, it } from "vitest";
import { POST } from "./route";
import { GET as ME } from "../route";
import { call } from "@/tests/support/http";
import { idem, makePlatformTenant } from "@/tests/support/platform";
import { getDb } from "@/lib/db/client";
import { approveScopeRequests } from "@/lib/platform/approve-scope-requests";
import { ALL_SCOPES, MANAGEMENT_SCOPES } from "@/lib/platform/scopes";

const someScopes = [...MANAGEMENT_SCOPES, "item:read"];

describe("POST /v1/platform/me/scopes", () => {
  it("in test, approves the scopes at once, for test keys only", async () => {
    const { platform, mgmt } = await makePlatformTenant({ approvedScopes: someScopes });
    const res = await call(POST, { headers: { ...mgmt, ...idem() }, body: { scopes: ["item:create", "item:read"] } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      requestId: expect.stringMatching(/^[0-9a-f]{24}$/),
      requestedScopes: ["item:create", "item:read"],
      status: "approved",
      platform: { approvedScopes: [...someScopes, "item:create"], pendingScopes: [] },
    });
    const row = await getDb().platform.findUniqueOrThrow({ where: { id: platform.id } });
    expect(row.approvedScopes).toEqual(someScopes);
    expect(row.testApprovedScopes).toEqual(["item:create"]);
    const request = await getDb().platformScopeRequest.findUniqueOrThrow({ where: { id: res.body.requestId } });
    expect(request).toMatchObject({ platformId: platform.id, environment: "test", scopes: ["item:create", "item:read"], status: "approved" });
    expect(request.decidedAt).toBeInstanceOf(Date);
  });

  it("in live, scopes wait for an operator: pending until approveScopeRequests, then the key can use them", async () => {
    const { platform, mgmt } = await makePlatformTenant({ environment: "live", approvedScopes: someScopes });
    const res = await call(POST, { headers: { ...mgmt, ...idem() }, body: { scopes: ["item:create", "gift:read"] } });
    expect(res.body).toEqual({
      requestId: expect.any(String),
      requestedScopes: ["item:create", "gift:read"],
      status: "pending",
      platform: { approvedScopes: someScopes, pendingScopes: ["item:create", "gift:read"] },
    });
    expect((await call(ME, { headers: mgmt })).body.keyInfo.activeScopes).not.toContain("item:create");

    const approved = await approveScopeRequests({ db: getDb() }, { platformId: platform.id });
    expect(approved).toEqual({ approvedScopes: [...someScopes, "item:create", "gift:read"], pendingScopes: [], approvedRequests: 1 });
    expect(await getDb().platformScopeRequest.findUniqueOrThrow({ where: { id: res.body.requestId } })).toMatchObject({ status: "approved" });
    const me = await call(ME, { headers: mgmt });
    expect(me.body.pendingScopes).toEqual([]);
    expect(me.body.keyInfo.activeScopes).toEqual(expect.arrayContaining(["item:create", "gift:read"]));
  });

  it("an operator may approve some pending scopes: the request stays pending until all of its scopes are approved", async () => {
    const { platform, mgmt } = await makePlatformTenant({ environment: "live", approvedScopes: someScopes });
    const res = await call(POST, { headers: { ...mgmt, ...idem() }, body: { scopes: ["item:create", "gift:read"] } });
    const partial = await approveScopeRequests({ db: getDb() }, { platformId: platform.id, scopes: ["gift:read"] });
    expect(partial).toMatchObject({ pendingScopes: ["item:create"], approvedRequests: 0 });
    expect((await getDb().platformScopeRequest.findUniqueOrThrow({ where: { id: res.body.requestId } })).status).toBe("pending");
  });

  it("in live, management scopes and already-approved scopes are approved at once", async () => {
    const { platform, mgmt } = await makePlatformTenant({ environment: "live", approvedScopes: ["platform.scope:request", "item:read"] });
    const res = await call(POST, { headers: { ...mgmt, ...idem() }, body: { scopes: ["platform:read", "item:read"] } });
    expect(res.body.status).toBe("approved");
    expect((await getDb().platform.findUniqueOrThrow({ where: { id: platform.id } })).approvedScopes).toEqual([
      "platform.scope:request",
      "item:read",
      "platform:read",
    ]);
  });

  it("400 naming the field for unknown, empty, repeated or missing scopes and extra fields; nothing is recorded", async () => {
    const { platform, mgmt } = await makePlatformTenant({ approvedScopes: someScopes });
    for (const [body, field] of [
      [{ scopes: ["item:fly"] }, "scopes.0"],
      [{ scopes: [] }, "scopes"],
      [{ scopes: ["item:read", "item:read"] }, "scopes"],
      [{}, "scopes"],
      [{ scopes: "item:read" }, "scopes"],
      [{ scopes: ["item:read"], extra: 1 }, "extra"],
    ] as const) {
      const res = await call(POST, { headers: { ...mgmt, ...idem() }, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
      expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect(await getDb().platformScopeRequest.count({ where: { platformId: platform.id } })).toBe(0);
  });

  it("requires an Idempotency-Key; a replay answers the same request, a different body with the key is 422", async () => {
    const { platform, mgmt } = await makePlatformTenant({ approvedScopes: someScopes });
    expect((await call(POST, { headers: mgmt, body: { scopes: ["item:read"] } })).body.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
    const headers = { ...mgmt, ...idem() };
    const first = await call(POST, { headers, body: { scopes: ["gift:read"] } });
    const again = await call(POST, { headers, body: { scopes: ["gift:read"] } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await getDb().platformScopeRequest.count({ where: { platformId: platform.id } })).toBe(1);
    const other = await call(POST, { headers, body: { scopes: ["gift:create"] } });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
  });

  it("401 without a key; 403 naming platform.scope:request and the set that lacks it", async () => {
    expect((await call(POST, { headers: idem(), body: { scopes: ["item:read"] } })).status).toBe(401);
    const a = await makePlatformTenant({ approvedScopes: ALL_SCOPES.filter((s) => s !== "platform.scope:request") });
    const ra = await call(POST, { headers: { ...a.mgmt, ...idem() }, body: { scopes: ["item:read"] } });
    expect(ra.status).toBe(403);
    expect(ra.body.details).toEqual([
      { field: "platform.approvedScopes", message: expect.stringMatching(/^This call needs platform\.scope:request; the platform is not approved/) },
    ]);
    const b = await makePlatformTenant({ keyScopes: ALL_SCOPES.filter((s) => s !== "platform.scope:request") });
    const rb = await call(POST, { headers: { ...b.mgmt, ...idem() }, body: { scopes: ["item:read"] } });
    expect(rb.body.details).toEqual([
      { field: "key.requestedScopes", message: expect.stringMatching(/^This call needs platform\.scope:request; your key does not hold it/) },
    ]);
    expect(await getDb().platformScopeRequest.count({ where: { platformId: { in: [a.platform.id, b.platform.id] } } })).toBe(0);
  });
});
