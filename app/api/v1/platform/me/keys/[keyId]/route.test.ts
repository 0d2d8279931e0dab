import { describe, expect, it } from "vitest";
import { DELETE, GET } from "./route";
import { GET as ME } from "../../route";
import { call } from "@/tests/support/http";
import { addPlatformKey, makePlatformTenant } from "@/tests/support/platform";
import { getDb } from "@/lib/db/client";

describe("GET /v1/platform/me/keys/{keyId}", () => {
  it("answers one key of the platform", async () => {
    const { platform, mgmt } = await makePlatformTenant();
    const other = await addPlatformKey(platform.id, { scopes: ["platform:read", "item:read"] });
    const res = await call(GET, { headers: mgmt, params: { keyId: other.key.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      key: {
        keyId: other.key.id,
        platformId: platform.id,
        environment: "test",
        requestedScopes: ["platform:read", "item:read"],
        activeScopes: ["platform:read", "item:read"],
        status: "active",
        label: "extra",
        prefix: other.key.prefix,
        createdAt: other.key.createdAt.toISOString(),
        updatedAt: expect.any(String),
        lastUsedAt: null,
        expiresAt: null,
        replacedByKeyId: null,
      },
    });
  });

  it("404 for another platform's key, for a live key seen from a test key, and for an unknown id", async () => {
    const { platform, mgmt } = await makePlatformTenant();
    const stranger = await makePlatformTenant();
    const live = await addPlatformKey(platform.id, { environment: "live" });
    for (const keyId of [stranger.key.id, live.key.id, "000000000000000000000000"]) {
      const res = await call(GET, { headers: mgmt, params: { keyId } });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("API_KEY_NOT_FOUND");
    }
  });

  it("401 without a key; 403 without platform.key:manage", async () => {
    const { key } = await makePlatformTenant();
    expect((await call(GET, { params: { keyId: key.id } })).status).toBe(401);
    const b = await makePlatformTenant({ keyScopes: ["platform:read"] });
    expect((await call(GET, { headers: b.mgmt, params: { keyId: b.key.id } })).status).toBe(403);
  });
});

describe("DELETE /v1/platform/me/keys/{keyId}", () => {
  it("revokes the key for good: its next call gets 401, and the key reads as revoked", async () => {
    const { platform, mgmt } = await makePlatformTenant();
    const other = await addPlatformKey(platform.id);
    expect((await call(ME, { headers: other.headers })).status).toBe(200);
    const res = await call(DELETE, { headers: mgmt, params: { keyId: other.key.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Key revoked. Requests with it now get 401.", keyId: other.key.id });
    expect((await call(ME, { headers: other.headers })).status).toBe(401);
    const row = await getDb().apiKey.findUniqueOrThrow({ where: { id: other.key.id } });
    expect(row.status).toBe("revoked");
    expect(row.revokedAt).toBeInstanceOf(Date);
    expect((await call(GET, { headers: mgmt, params: { keyId: other.key.id } })).body.key.status).toBe("revoked");
    const twice = await call(DELETE, { headers: mgmt, params: { keyId: other.key.id } });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe("API_KEY_REVOKED");
  });

  it("409 API_KEY_IN_USE: a key cannot delete itself, and keeps working", async () => {
    const { key, mgmt } = await makePlatformTenant();
    const res = await call(DELETE, { headers: mgmt, params: { keyId: key.id } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("API_KEY_IN_USE");
    expect((await call(ME, { headers: mgmt })).status).toBe(200);
  });

  it("404 for another platform's key or a live key, and that key keeps working", async () => {
    const { platform, mgmt } = await makePlatformTenant();
    const stranger = await makePlatformTenant();
    const live = await addPlatformKey(platform.id, { environment: "live" });
    for (const other of [stranger, { key: live.key, mgmt: live.headers }]) {
      const res = await call(DELETE, { headers: mgmt, params: { keyId: other.key.id } });
      expect(res.status).toBe(404);
      expect((await getDb().apiKey.findUniqueOrThrow({ where: { id: other.key.id } })).status).toBe("active");
      expect((await call(ME, { headers: other.mgmt })).status).toBe(200);
    }
  });

  it("401 without a key; 403 without platform.key:manage (nothing revoked)", async () => {
    const { platform, key } = await makePlatformTenant();
    expect((await call(DELETE, { params: { keyId: key.id } })).status).toBe(401);
    const weak = await addPlatformKey(platform.id, { scopes: ["platform:read"] });
    expect((await call(DELETE, { headers: weak.headers, params: { keyId: key.id } })).status).toBe(403);
    expect((await getDb().apiKey.findUniqueOrThrow({ where: { id: key.id } })).status).toBe("active");
  });
});
