import { describe, expect, it } from "vitest";
import { GET } from "./route";
import { call } from "@/tests/support/http";
import { makeGame } from "@/tests/support/fixtures";
import { addPlatformKey, makePlatformTenant, platformHeaders } from "@/tests/support/platform";
import { getDb } from "@/lib/db/client";
import { ALL_SCOPES, MANAGEMENT_SCOPES } from "@/lib/platform/scopes";

describe("GET /v1/platform/me", () => {
  it("answers the platform, its approved scopes as the key's environment sees them, and the calling key", async () => {
    const { platform, key, mgmt } = await makePlatformTenant({
      approvedScopes: [...MANAGEMENT_SCOPES, "item:read"],
      keyScopes: ["platform:read", "item:read", "gift:read"],
    });
    await getDb().platform.update({
      where: { id: platform.id },
      data: { testApprovedScopes: ["gift:read"], pendingScopes: ["invoice:read"], description: "Tournaments" },
    });
    const res = await call(GET, { headers: mgmt });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      platformId: platform.id,
      name: platform.name,
      description: "Tournaments",
      status: "active",
      approvedScopes: [...MANAGEMENT_SCOPES, "item:read", "gift:read"],
      pendingScopes: [],
      keyInfo: {
        keyId: key.id,
        environment: "test",
        activeScopes: ["platform:read", "item:read", "gift:read"],
        requestedScopes: ["platform:read", "item:read", "gift:read"],
      },
    });
  });

  it("a live key sees only what an operator approved, and the live scopes still pending", async () => {
    const { platform, key, mgmt } = await makePlatformTenant({
      environment: "live",
      approvedScopes: [...MANAGEMENT_SCOPES, "item:read"],
      keyScopes: ["platform:read", "item:read", "gift:read"],
    });
    await getDb().platform.update({ where: { id: platform.id }, data: { testApprovedScopes: ["gift:read"], pendingScopes: ["gift:read"] } });
    const res = await call(GET, { headers: mgmt });
    expect(res.body.approvedScopes).toEqual([...MANAGEMENT_SCOPES, "item:read"]);
    expect(res.body.pendingScopes).toEqual(["gift:read"]);
    expect(res.body.keyInfo).toEqual({
      keyId: key.id,
      environment: "live",
      activeScopes: ["platform:read", "item:read"],
      requestedScopes: ["platform:read", "item:read", "gift:read"],
    });
  });

  it("needs no target business: platform:read is a management scope, and a sent X-Target-Business-Id changes nothing", async () => {
    const { tb, platform } = await makePlatformTenant({ grantScopes: ["item:read"] });
    const res = await call(GET, { headers: tb });
    expect(res.status).toBe(200);
    expect(res.body.platformId).toBe(platform.id);
  });

  it("401 without a key, with a malformed, unknown or revoked key, and with another kind of key", async () => {
    expect((await call(GET, {})).body.code).toBe("UNAUTHORIZED");
    expect((await call(GET, { headers: { authorization: "Bearer nope" } })).status).toBe(401);
    expect((await call(GET, { headers: platformHeaders(`service_platform_test_${"ab".repeat(24)}`) })).status).toBe(401);
    const { headers } = await makeGame();
    const wrongKind = await call(GET, { headers });
    expect(wrongKind.status).toBe(401);
    expect(wrongKind.body.error).toBe("This endpoint needs a platform key; a server key was sent.");
    const { platform } = await makePlatformTenant();
    const extra = await addPlatformKey(platform.id);
    await getDb().apiKey.update({ where: { id: extra.key.id }, data: { status: "revoked", revokedAt: new Date() } });
    expect((await call(GET, { headers: extra.headers })).status).toBe(401);
    await getDb().platform.update({ where: { id: platform.id }, data: { status: "suspended" } });
    const suspended = await call(GET, { headers: (await addPlatformKey(platform.id)).headers });
    expect(suspended.status).toBe(401);
    expect(suspended.body.error).toBe("The platform of this API key is not active.");
  });

  it("403 naming platform:read and the set that lacks it: the platform's approval, then the key", async () => {
    const notApproved = await makePlatformTenant({ approvedScopes: ALL_SCOPES.filter((s) => s !== "platform:read") });
    const a = await call(GET, { headers: notApproved.mgmt });
    expect(a.status).toBe(403);
    expect(a.body).toMatchObject({
      code: "INSUFFICIENT_SCOPE",
      error: "This call needs platform:read; the platform is not approved for it. Request it with POST /v1/platform/me/scopes.",
      details: [{ field: "platform.approvedScopes", message: expect.stringContaining("platform:read") }],
    });
    const notOnKey = await makePlatformTenant({ keyScopes: ALL_SCOPES.filter((s) => s !== "platform:read") });
    const b = await call(GET, { headers: notOnKey.mgmt });
    expect(b.status).toBe(403);
    expect(b.body.error).toBe("This call needs platform:read; your key does not hold it. Create a key with it (POST /v1/platform/me/keys).");
    expect(b.body.details).toEqual([{ field: "key.requestedScopes", message: b.body.error }]);
  });

  it("records the key's last use, at most once a minute", async () => {
    const { key, mgmt } = await makePlatformTenant();
    expect(key.lastUsedAt).toBeNull();
    await call(GET, { headers: mgmt });
    const first = (await getDb().apiKey.findUniqueOrThrow({ where: { id: key.id } })).lastUsedAt;
    expect(first).toBeInstanceOf(Date);
    await call(GET, { headers: mgmt });
    expect((await getDb().apiKey.findUniqueOrThrow({ where: { id: key.id } })).lastUsedAt).toEqual(first);
  });
});
