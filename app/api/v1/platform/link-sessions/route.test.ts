import { describe, expect, it } from "vitest";
import { POST } from "./route";
import { call } from "@/tests/support/http";
import { idem, makePlatformTenant } from "@/tests/support/platform";
import { getDb } from "@/lib/db/client";
import { PLATFORM_LINK_SESSION_LIFETIME_MS } from "@/lib/platform/create-link-session";

describe("POST /v1/platform/link-sessions", () => {
  it("answers 201 with a hosted URL and a session key; the metadata is kept as sent (key order too)", async () => {
    const { platform, mgmt } = await makePlatformTenant({ grantScopes: null });
    const metadata = { zeta: 1, alpha: { nested: ["x"] }, note: "onboarding" };
    const res = await call(POST, { headers: mgmt, body: { scopes: ["campaign:read", "item:create"], metadata } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      sessionKey: expect.stringMatching(/^pls_test_[0-9a-f]{32}$/),
      url: `http://localhost:3000/business/connect/${res.body.sessionKey}`,
      status: "pending",
      scopes: ["campaign:read", "item:create"],
      metadata,
      businessId: null,
      grantId: null,
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
    });
    expect(Object.keys(res.body.metadata)).toEqual(["zeta", "alpha", "note"]);
    expect(Date.parse(res.body.expiresAt) - Date.parse(res.body.createdAt)).toBe(PLATFORM_LINK_SESSION_LIFETIME_MS);
    const row = await getDb().platformLinkSession.findUniqueOrThrow({ where: { sessionKey: res.body.sessionKey } });
    expect(row).toMatchObject({ platformId: platform.id, environment: "test", state: "pending" });
  });

  it("live keys make live sessions; metadata is optional (null)", async () => {
    const { mgmt } = await makePlatformTenant({ environment: "live", grantScopes: null });
    const res = await call(POST, { headers: mgmt, body: { scopes: ["item:read"] } });
    expect(res.status).toBe(201);
    expect(res.body.sessionKey).toMatch(/^pls_[0-9a-f]{32}$/);
    expect(res.body.metadata).toBeNull();
  });

  it("400 for bad bodies: no scopes, management or unknown scopes, metadata not an object or over 4 KB; nothing is created", async () => {
    const { platform, mgmt } = await makePlatformTenant({ grantScopes: null });
    for (const [body, field] of [
      [{}, "scopes"],
      [{ scopes: [] }, "scopes"],
      [{ scopes: ["platform.key:manage"] }, "scopes.0"],
      [{ scopes: ["item:read"], metadata: ["a"] }, "metadata"],
      [{ scopes: ["item:read"], metadata: "a" }, "metadata"],
      [{ scopes: ["item:read"], metadata: { big: "x".repeat(4100) } }, "metadata"],
      [{ scopes: ["item:read"], other: true }, "other"],
    ] as const) {
      const res = await call(POST, { headers: mgmt, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect(await getDb().platformLinkSession.count({ where: { platformId: platform.id } })).toBe(0);
  });

  it("with an Idempotency-Key a replay answers the same session (one exists); another body with the key is 422", async () => {
    const { platform, mgmt } = await makePlatformTenant({ grantScopes: null });
    const headers = { ...mgmt, ...idem() };
    const first = await call(POST, { headers, body: { scopes: ["item:read"] } });
    const again = await call(POST, { headers, body: { scopes: ["item:read"] } });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await getDb().platformLinkSession.count({ where: { platformId: platform.id } })).toBe(1);
    expect((await call(POST, { headers, body: { scopes: ["gift:read"] } })).body.code).toBe("IDEMPOTENCY_KEY_REUSED");
  });

  it("401 without a key; 403 naming platform.invite:manage and the set that lacks it", async () => {
    expect((await call(POST, { body: { scopes: ["item:read"] } })).status).toBe(401);
    const a = await makePlatformTenant({ approvedScopes: ["platform:read"] });
    expect((await call(POST, { headers: a.mgmt, body: { scopes: ["item:read"] } })).body.details).toEqual([
      { field: "platform.approvedScopes", message: expect.stringContaining("platform.invite:manage") },
    ]);
    const b = await makePlatformTenant({ keyScopes: ["platform:read"] });
    expect((await call(POST, { headers: b.mgmt, body: { scopes: ["item:read"] } })).body.details).toEqual([
      { field: "key.requestedScopes", message: expect.stringContaining("platform.invite:manage") },
    ]);
  });
});
