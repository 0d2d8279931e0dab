import { afterEach, describe, expect, it } from "vitest";
import { POST } from "./route";
import { GET as KEY } from "../route";
import { GET as ME } from "../../../route";
import { GET as GRANTS } from "../../../../grants/route";
import { call } from "@/tests/support/http";
import { serveRoutes } from "@/tests/support/serve-routes";
import { addPlatformKey, idem, makePlatformTenant, platformHeaders } from "@/tests/support/platform";
import { getDb } from "@/lib/db/client";
import { setClockOffsetForTests } from "@/lib/core/clock";
import { MANAGEMENT_SCOPES } from "@/lib/platform/scopes";

const DAY = 86_400_000;
afterEach(() => setClockOffsetForTests(0));

describe("POST /v1/platform/me/keys/{keyId}/rotate", () => {
  it("creates a key with the same scopes and label; the old key works for 7 days by default, then gets 401 (test clock)", async () => {
    const { platform, key, rawKey, mgmt } = await makePlatformTenant();
    const before = Date.now();
    const res = await call(POST, { headers: { ...mgmt, ...idem() }, params: { keyId: key.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      newKey: expect.objectContaining({
        platformId: platform.id,
        environment: "test",
        requestedScopes: key.scopes,
        status: "active",
        label: "test",
        expiresAt: null,
      }),
      rawKey: expect.stringMatching(/^service_platform_test_[0-9a-f]{48}$/),
      oldKeyId: key.id,
      gracePeriodDays: 7,
      message: expect.stringMatching(/^Key rotated\. Store the new raw key now: it is not shown again\. The old key works until \d{4}-.*Z, then gets 401\.$/),
    });
    expect(res.body.rawKey).not.toBe(rawKey);
    const old = await getDb().apiKey.findUniqueOrThrow({ where: { id: key.id } });
    expect(old.replacedByKeyId).toBe(res.body.newKey.keyId);
    expect(old.expiresAt!.getTime() - before).toBeGreaterThanOrEqual(7 * DAY);
    expect(old.expiresAt!.getTime() - Date.now()).toBeLessThanOrEqual(7 * DAY);
    const newHeaders = platformHeaders(res.body.rawKey);
    // the old key in its grace period cannot manage keys (tests/security/21-rotated-key-grace.test.ts): its replacement reads it
    const oldView = (await call(KEY, { headers: newHeaders, params: { keyId: key.id } })).body.key;
    expect(oldView).toMatchObject({ status: "active", expiresAt: old.expiresAt!.toISOString(), replacedByKeyId: res.body.newKey.keyId });

    setClockOffsetForTests(7 * DAY - 60_000);
    expect((await call(ME, { headers: mgmt })).status).toBe(200);
    expect((await call(ME, { headers: newHeaders })).status).toBe(200);
    setClockOffsetForTests(7 * DAY + 1_000);
    const after = await call(ME, { headers: mgmt });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe("UNAUTHORIZED");
    expect((await call(ME, { headers: newHeaders })).status).toBe(200);
    expect((await call(KEY, { headers: newHeaders, params: { keyId: key.id } })).body.key.status).toBe("revoked");
  });

  it("gracePeriodDays from 1 to 30", async () => {
    for (const days of [1, 30]) {
      const { key, mgmt } = await makePlatformTenant();
      const res = await call(POST, { headers: { ...mgmt, ...idem() }, params: { keyId: key.id }, body: { gracePeriodDays: days } });
      expect(res.body.gracePeriodDays).toBe(days);
      const newHeaders = platformHeaders(res.body.rawKey);
      setClockOffsetForTests(days * DAY - 60_000);
      expect((await call(ME, { headers: mgmt })).status).toBe(200);
      setClockOffsetForTests(days * DAY + 1_000);
      expect((await call(ME, { headers: mgmt })).status).toBe(401);
      expect((await call(ME, { headers: newHeaders })).status).toBe(200);
      setClockOffsetForTests(0);
    }
  });

  it("under load: parallel requests with both keys during the grace period all succeed; after it the old key is 401 and the new one 200", async () => {
    const { key, rawKey, mgmt, tb, business } = await makePlatformTenant();
    const rotated = await call(POST, { headers: { ...mgmt, ...idem() }, params: { keyId: key.id }, body: { gracePeriodDays: 2 } });
    const server = await serveRoutes([ME, GRANTS]);
    try {
      const oldTb = tb;
      const newTb = platformHeaders(rotated.body.rawKey, business.id);
      const calls = Array.from({ length: 40 }, (_, i) =>
        server.api(i % 4 < 2 ? "/v1/platform/me" : "/v1/platform/grants", { headers: i % 2 === 0 ? oldTb : newTb }),
      );
      const results = await Promise.all(calls);
      expect(results.map((r) => r.status)).toEqual(Array(40).fill(200));
      expect(results.filter((_, i) => i % 4 === 0).every((r) => r.body.keyInfo.keyId === key.id)).toBe(true);
      expect(results.filter((_, i) => i % 4 === 1).every((r) => r.body.keyInfo.keyId === rotated.body.newKey.keyId)).toBe(true);

      setClockOffsetForTests(2 * DAY + 1_000);
      const late = await Promise.all(
        Array.from({ length: 20 }, (_, i) => server.api("/v1/platform/me", { headers: i % 2 === 0 ? platformHeaders(rawKey) : newTb })),
      );
      expect(late.map((r) => r.status)).toEqual(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? 401 : 200)));
    } finally {
      await server.close();
    }
  });

  it("409 API_KEY_ALREADY_ROTATED for a rotated key, 409 API_KEY_REVOKED for a revoked one; the replacement can be rotated", async () => {
    const { key, mgmt, platform: p1 } = await makePlatformTenant();
    const first = await call(POST, { headers: { ...mgmt, ...idem() }, params: { keyId: key.id } });
    // another key of the platform (the rotated one is in its grace period and manages no keys)
    const other = await addPlatformKey(p1.id);
    const again = await call(POST, { headers: { ...other.headers, ...idem() }, params: { keyId: key.id } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("API_KEY_ALREADY_ROTATED");
    expect((await call(POST, { headers: { ...other.headers, ...idem() }, params: { keyId: first.body.newKey.keyId } })).status).toBe(200);
    const { platform, mgmt: m2 } = await makePlatformTenant();
    const dead = await addPlatformKey(platform.id);
    await getDb().apiKey.update({ where: { id: dead.key.id }, data: { status: "revoked", revokedAt: new Date() } });
    const revoked = await call(POST, { headers: { ...m2, ...idem() }, params: { keyId: dead.key.id } });
    expect(revoked.status).toBe(409);
    expect(revoked.body.code).toBe("API_KEY_REVOKED");
  });

  it("403 SCOPE_NOT_HELD when the caller would get a key with more scopes than its own; nothing changes", async () => {
    const { platform, key } = await makePlatformTenant();
    const weak = await addPlatformKey(platform.id, { scopes: MANAGEMENT_SCOPES });
    const res = await call(POST, { headers: { ...weak.headers, ...idem() }, params: { keyId: key.id } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("SCOPE_NOT_HELD");
    expect((await getDb().apiKey.findUniqueOrThrow({ where: { id: key.id } })).expiresAt).toBeNull();
    expect(await getDb().apiKey.count({ where: { platformId: platform.id } })).toBe(2);
  });

  it("400 for a grace period outside 1–30 days or not whole; nothing changes", async () => {
    const { platform, key, mgmt } = await makePlatformTenant();
    for (const gracePeriodDays of [0, 31, 1.5, "7", null]) {
      const res = await call(POST, { headers: { ...mgmt, ...idem() }, params: { keyId: key.id }, body: { gracePeriodDays } });
      expect(res.status, String(gracePeriodDays)).toBe(400);
      expect(res.body.details[0].field).toBe("gracePeriodDays");
    }
    expect(await getDb().apiKey.count({ where: { platformId: platform.id } })).toBe(1);
  });

  it("404 for another platform's key or a live key; nothing changes", async () => {
    const { platform, mgmt } = await makePlatformTenant();
    const stranger = await makePlatformTenant();
    const live = await addPlatformKey(platform.id, { environment: "live" });
    for (const keyId of [stranger.key.id, live.key.id]) {
      const res = await call(POST, { headers: { ...mgmt, ...idem() }, params: { keyId } });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("API_KEY_NOT_FOUND");
      expect((await getDb().apiKey.findUniqueOrThrow({ where: { id: keyId } })).expiresAt).toBeNull();
    }
  });

  it("a replay with the same Idempotency-Key answers the same new key (one rotation); another body is 422; no key is 400", async () => {
    const { platform, key, mgmt } = await makePlatformTenant();
    const headers = { ...mgmt, ...idem() };
    const first = await call(POST, { headers, params: { keyId: key.id }, body: { gracePeriodDays: 3 } });
    const again = await call(POST, { headers, params: { keyId: key.id }, body: { gracePeriodDays: 3 } });
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await getDb().apiKey.count({ where: { platformId: platform.id } })).toBe(2);
    expect((await call(POST, { headers, params: { keyId: key.id }, body: { gracePeriodDays: 4 } })).body.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect((await call(POST, { headers: mgmt, params: { keyId: key.id } })).body.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
  });

  it("401 without a key; 403 naming platform.key:manage and the set that lacks it", async () => {
    const { key } = await makePlatformTenant();
    expect((await call(POST, { headers: idem(), params: { keyId: key.id } })).status).toBe(401);
    const b = await makePlatformTenant({ approvedScopes: ["platform:read"] });
    const res = await call(POST, { headers: { ...b.mgmt, ...idem() }, params: { keyId: b.key.id } });
    expect(res.status).toBe(403);
    expect(res.body.details).toEqual([{ field: "platform.approvedScopes", message: expect.stringContaining("platform.key:manage") }]);
  });
});
