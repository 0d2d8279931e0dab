// A rotated key keeps working for its grace period so integrations can switch over. Attack: the old key (the
// one that may have leaked) uses those days to mint a key that never expires, delete or rotate its
// replacement, or ask for more scopes. Rule (one for every key kind, in the kernel): a key in its grace period
// calls the API as before but cannot manage keys or scopes: 403 API_KEY_IN_GRACE_PERIOD, nothing changes.
import { describe, expect, it } from "vitest";
import { GET as LIST_KEYS, POST as CREATE_KEY } from "@/app/api/v1/platform/me/keys/route";
import { DELETE as DELETE_KEY, GET as GET_KEY } from "@/app/api/v1/platform/me/keys/[keyId]/route";
import { POST as ROTATE } from "@/app/api/v1/platform/me/keys/[keyId]/rotate/route";
import { POST as REQUEST_SCOPES } from "@/app/api/v1/platform/me/scopes/route";
import { GET as ME } from "@/app/api/v1/platform/me/route";
import { GET as GRANTS } from "@/app/api/v1/platform/grants/route";
import { GET as BUSINESS } from "@/app/api/v1/platform/business/route";
import { GET as GAME } from "@/app/api/v1/game/route";
import { getDb } from "@/lib/db/client";
import { call } from "@/tests/support/http";
import { makeGame } from "@/tests/support/fixtures";
import { idem, makePlatformTenant, platformHeaders } from "@/tests/support/platform";

const keyRows = async (platformId: string) =>
  (await getDb().apiKey.findMany({ where: { platformId }, orderBy: { createdAt: "asc" } })).map((k) => ({
    id: k.id,
    status: k.status,
    revokedAt: k.revokedAt,
    expiresAt: k.expiresAt?.toISOString() ?? null,
    replacedByKeyId: k.replacedByKeyId,
    scopes: k.scopes,
  }));

const rotated = async () => {
  const t = await makePlatformTenant();
  const res = await call(ROTATE, { headers: { ...t.mgmt, ...idem() }, params: { keyId: t.key.id } });
  expect(res.status).toBe(200);
  return { ...t, old: t.mgmt, oldTb: t.tb, fresh: platformHeaders(res.body.rawKey), freshKeyId: res.body.newKey.keyId as string };
};

const expectGraceRefusal = (res: { status: number; body: { code: string; error: string } }) => {
  expect([res.status, res.body.code]).toEqual([403, "API_KEY_IN_GRACE_PERIOD"]);
  expect(res.body.error).toMatch(/rotated/);
};

describe("a platform key in its rotation grace period", () => {
  it("cannot create, read, delete or rotate keys, nor request scopes; nothing changes", async () => {
    const t = await rotated();
    const before = await keyRows(t.platform.id);
    const requestsBefore = await getDb().platformScopeRequest.count({ where: { platformId: t.platform.id } });

    expectGraceRefusal(await call(CREATE_KEY, { headers: { ...t.old, ...idem() }, body: { requestedScopes: ["platform:read"], label: "forever" } }));
    expectGraceRefusal(await call(LIST_KEYS, { headers: t.old }));
    expectGraceRefusal(await call(GET_KEY, { headers: t.old, params: { keyId: t.freshKeyId } }));
    expectGraceRefusal(await call(DELETE_KEY, { headers: t.old, params: { keyId: t.freshKeyId } }));
    expectGraceRefusal(await call(ROTATE, { headers: { ...t.old, ...idem() }, params: { keyId: t.freshKeyId } }));
    expectGraceRefusal(await call(REQUEST_SCOPES, { headers: { ...t.old, ...idem() }, body: { scopes: ["campaign:read"] } }));

    expect(await keyRows(t.platform.id)).toEqual(before);
    expect(await getDb().platformScopeRequest.count({ where: { platformId: t.platform.id } })).toBe(requestsBefore);
  });

  it("still calls the rest of the API (its platform, grants, a business) until the grace period ends", async () => {
    const t = await rotated();
    const me = await call(ME, { headers: t.old });
    expect([me.status, me.body.platformId]).toEqual([200, t.platform.id]);
    const grants = await call(GRANTS, { headers: t.old });
    expect([grants.status, grants.body.total]).toEqual([200, 1]);
    const business = await call(BUSINESS, { headers: t.oldTb });
    expect(business.status).toBe(200);
  });

  it("a retry of its own rotation with the same Idempotency-Key still replays the new raw key (it is not lost)", async () => {
    const t = await makePlatformTenant();
    const headers = { ...t.mgmt, ...idem() };
    const first = await call(ROTATE, { headers, params: { keyId: t.key.id } });
    expect(first.status).toBe(200);
    const retry = await call(ROTATE, { headers, params: { keyId: t.key.id } });
    expect([retry.status, retry.text, retry.headers.get("idempotent-replayed")]).toEqual([200, first.text, "true"]);
  });

  it("its replacement manages keys as before", async () => {
    const t = await rotated();
    const created = await call(CREATE_KEY, { headers: { ...t.fresh, ...idem() }, body: { requestedScopes: ["platform:read"], label: "next" } });
    expect(created.status).toBe(201);
    expect(created.body.key).toMatchObject({ label: "next", status: "active", expiresAt: null });
  });
});

describe("one rule for every key kind", () => {
  it("a rotated game server key in its grace period still calls the game API (server keys manage no keys or scopes through the API)", async () => {
    const g = await makeGame();
    const serverKey = await getDb().apiKey.findFirstOrThrow({ where: { gameId: g.game.id, kind: "server" } });
    await getDb().apiKey.update({ where: { id: serverKey.id }, data: { expiresAt: new Date(Date.now() + 86_400_000), replacedByKeyId: serverKey.id } });
    const res = await call(GAME, { headers: g.headers });
    expect(res.status).toBe(200);
  });
});
