import { describe, expect, it } from "vitest";
import { GET, POST } from "./route";
import { GET as ME } from "../route";
import { call } from "@/tests/support/http";
import { addPlatformKey, idem, makePlatformTenant, platformHeaders } from "@/tests/support/platform";
import { getDb } from "@/lib/db/client";
import { hashKey } from "@/lib/tenants/keys";
import { ALL_SCOPES, MANAGEMENT_SCOPES } from "@/lib/platform/scopes";

const KEY_FIELDS = {
  keyId: expect.stringMatching(/^[0-9a-f]{24}$/),
  createdAt: expect.any(String),
  updatedAt: expect.any(String),
  lastUsedAt: null,
  expiresAt: null,
  replacedByKeyId: null,
};

describe("POST /v1/platform/me/keys", () => {
  it("creates a key of the caller's environment and shows the raw key once; only its hash is stored; the new key works", async () => {
    const { platform, mgmt } = await makePlatformTenant();
    const res = await call(POST, { headers: { ...mgmt, ...idem() }, body: { requestedScopes: ["platform:read", "item:read"], label: "  CI runner  " } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      key: {
        ...KEY_FIELDS,
        platformId: platform.id,
        environment: "test",
        requestedScopes: ["platform:read", "item:read"],
        activeScopes: ["platform:read", "item:read"],
        status: "active",
        label: "CI runner",
        prefix: res.body.rawKey.slice(0, "service_platform_test_".length + 4),
      },
      rawKey: expect.stringMatching(/^service_platform_test_[0-9a-f]{48}$/),
      message: "Key created. Store the raw key now: it is not shown again.",
    });
    const row = await getDb().apiKey.findUniqueOrThrow({ where: { id: res.body.key.keyId } });
    expect(row.hash).toBe(hashKey(res.body.rawKey));
    expect(JSON.stringify(row)).not.toContain(res.body.rawKey);
    const me = await call(ME, { headers: platformHeaders(res.body.rawKey) });
    expect(me.body.keyInfo).toEqual({
      keyId: res.body.key.keyId,
      environment: "test",
      activeScopes: ["platform:read", "item:read"],
      requestedScopes: ["platform:read", "item:read"],
    });
  });

  it("a live key with scopes the platform is not approved for is pending: they are requested, and the key works for the others", async () => {
    const { platform, mgmt } = await makePlatformTenant({ environment: "live", approvedScopes: MANAGEMENT_SCOPES });
    const res = await call(POST, { headers: { ...mgmt, ...idem() }, body: { requestedScopes: ["platform:read", "item:read"], label: "prod" } });
    expect(res.status).toBe(201);
    expect(res.body.key).toMatchObject({
      environment: "live",
      status: "pending",
      requestedScopes: ["platform:read", "item:read"],
      activeScopes: ["platform:read"],
    });
    expect(res.body.rawKey).toMatch(/^service_platform_live_[0-9a-f]{48}$/);
    expect(res.body.message).toMatch(/Some scopes wait for approval/);
    expect((await getDb().platform.findUniqueOrThrow({ where: { id: platform.id } })).pendingScopes).toEqual(["item:read"]);
    expect((await call(ME, { headers: platformHeaders(res.body.rawKey) })).status).toBe(200);
  });

  it("in test, a new key's scopes are approved at once", async () => {
    const { platform, mgmt } = await makePlatformTenant({ approvedScopes: MANAGEMENT_SCOPES });
    const res = await call(POST, { headers: { ...mgmt, ...idem() }, body: { requestedScopes: ["item:read"], label: "t" } });
    expect(res.body.key).toMatchObject({ status: "active", activeScopes: ["item:read"] });
    expect((await getDb().platform.findUniqueOrThrow({ where: { id: platform.id } })).testApprovedScopes).toEqual(["item:read"]);
  });

  it("403 SCOPE_NOT_HELD when the calling key does not hold a scope it hands out; nothing is created", async () => {
    const { platform, mgmt } = await makePlatformTenant({ keyScopes: [...MANAGEMENT_SCOPES, "item:read"] });
    const res = await call(POST, { headers: { ...mgmt, ...idem() }, body: { requestedScopes: ["item:read", "gift:create", "invoice:read"], label: "x" } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      code: "SCOPE_NOT_HELD",
      error: "Your key does not hold gift:create, invoice:read, so it cannot give them to another key.",
      details: [
        { field: "requestedScopes", message: "gift:create is not held by the calling key" },
        { field: "requestedScopes", message: "invoice:read is not held by the calling key" },
      ],
    });
    expect(await getDb().apiKey.count({ where: { platformId: platform.id } })).toBe(1);
  });

  it("400 for bad bodies, naming the field; nothing is created", async () => {
    const { platform, mgmt } = await makePlatformTenant();
    for (const [body, field] of [
      [{ requestedScopes: ["item:read"] }, "label"],
      [{ requestedScopes: ["item:read"], label: "   " }, "label"],
      [{ requestedScopes: ["item:read"], label: "x".repeat(101) }, "label"],
      [{ requestedScopes: [], label: "x" }, "requestedScopes"],
      [{ requestedScopes: ["root"], label: "x" }, "requestedScopes.0"],
      [{ label: "x" }, "requestedScopes"],
    ] as const) {
      const res = await call(POST, { headers: { ...mgmt, ...idem() }, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect((await call(POST, { headers: { ...mgmt, ...idem() }, rawBody: "{" })).body.code).toBe("INVALID_JSON");
    expect(await getDb().apiKey.count({ where: { platformId: platform.id } })).toBe(1);
  });

  it("a replay with the same Idempotency-Key answers the same key (one key exists); another body with it is 422", async () => {
    const { platform, mgmt } = await makePlatformTenant();
    const headers = { ...mgmt, ...idem() };
    const body = { requestedScopes: ["item:read"], label: "retry" };
    const first = await call(POST, { headers, body });
    const again = await call(POST, { headers, body });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await getDb().apiKey.count({ where: { platformId: platform.id } })).toBe(2);
    expect((await call(POST, { headers, body: { ...body, label: "other" } })).body.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect((await call(POST, { headers: mgmt, body })).body.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
  });

  it("401 without a key; 403 naming platform.key:manage and the set that lacks it", async () => {
    expect((await call(POST, { headers: idem(), body: { requestedScopes: ["item:read"], label: "x" } })).status).toBe(401);
    const a = await makePlatformTenant({ approvedScopes: ALL_SCOPES.filter((s) => s !== "platform.key:manage") });
    expect((await call(POST, { headers: { ...a.mgmt, ...idem() }, body: { requestedScopes: ["item:read"], label: "x" } })).body.details).toEqual([
      { field: "platform.approvedScopes", message: expect.stringContaining("platform.key:manage") },
    ]);
    const b = await makePlatformTenant({ keyScopes: ALL_SCOPES.filter((s) => s !== "platform.key:manage") });
    expect((await call(POST, { headers: { ...b.mgmt, ...idem() }, body: { requestedScopes: ["item:read"], label: "x" } })).body.details).toEqual([
      { field: "key.requestedScopes", message: expect.stringContaining("platform.key:manage") },
    ]);
  });
});

describe("GET /v1/platform/me/keys", () => {
  it("lists the platform's keys of the caller's environment, newest first, revoked ones included", async () => {
    const { platform, key, mgmt } = await makePlatformTenant();
    const second = await addPlatformKey(platform.id, { scopes: ["platform:read"] });
    await getDb().apiKey.update({ where: { id: second.key.id }, data: { status: "revoked", revokedAt: new Date() } });
    await addPlatformKey(platform.id, { environment: "live" });
    await makePlatformTenant(); // another platform's key
    const res = await call(GET, { headers: mgmt });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.keys.map((k: { keyId: string; status: string }) => [k.keyId, k.status])).toEqual([
      [second.key.id, "revoked"],
      [key.id, "active"],
    ]);
    expect(res.body.keys[1]).toMatchObject({
      platformId: platform.id,
      environment: "test",
      label: "test",
      requestedScopes: ALL_SCOPES,
      activeScopes: ALL_SCOPES,
    });
    expect(res.body.keys[1].lastUsedAt).toEqual(expect.any(String));
    expect(JSON.stringify(res.body)).not.toMatch(/service_platform_test_[0-9a-f]{48}/);
  });

  it("401 without a key; 403 without platform.key:manage on the key", async () => {
    expect((await call(GET, {})).status).toBe(401);
    const b = await makePlatformTenant({ keyScopes: ["platform:read"] });
    const res = await call(GET, { headers: b.mgmt });
    expect(res.status).toBe(403);
    expect(res.body.details[0].field).toBe("key.requestedScopes");
  });
});
