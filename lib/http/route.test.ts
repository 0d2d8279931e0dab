// The kernel's own behaviour, through test-only route declarations against the real database.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { genericPlanPoolOf, getDb } from "../db/client.ts";
import { newId } from "../db/ids.ts";
import { call } from "../../tests/support/http.ts";
import { makeCampaign, makeGame, makePlatform } from "../../tests/support/fixtures.ts";
import { reply, route } from "./route.ts";
import { pruneIdempotencyRecords } from "../db/prune-idempotency-records.ts";
import { PositiveUnits } from "../core/schemas.ts";
import { AppError } from "../core/errors.ts";
import { buildOpenApiDocument } from "./openapi.ts";

// A write that the kernel wraps: it records a row, so "changed nothing" is observable.
// `extra` takes any JSON (as metadata does): the depth test nests inside it
const Body = z.object({ note: z.string().min(1), amountUnits: PositiveUnits, extra: z.unknown().optional() });
const writeNote = route({
  method: "POST",
  path: "/v1/__test/notes",
  summary: "test",
  tags: ["test"],
  auth: "server",
  idempotency: "required",
  body: Body,
  response: { status: 201 },
  handler: async ({ ctx, body }) => {
    const id = newId();
    await ctx.db.objectSequence.create({ data: { objectKey: `note:${id}`, last: Number(body.amountUnits) } });
    return reply({ id, note: body.note, amountUnits: String(body.amountUnits) }, { status: 201, headers: { location: `/notes/${id}` } });
  },
});

const noteCount = () => getDb().objectSequence.count({ where: { objectKey: { startsWith: "note:" } } });

/** A server-key route that answers with who acts and where, as the kernel resolved them. */
const callerProbe = (path: string) =>
  route({
    method: "GET",
    path,
    summary: "t",
    tags: ["t"],
    auth: "server",
    idempotency: "none",
    response: { status: 200 },
    handler: async ({ ctx }) => ({ actor: ctx.actor, scope: ctx.scope }),
  });

describe("idempotency", () => {
  it("replays the first response byte for byte with Idempotent-Replayed, and writes once", async () => {
    const { headers } = await makeGame();
    const before = await noteCount();
    const h = { ...headers, "idempotency-key": "k-1" };
    const first = await call(writeNote, { headers: h, body: { note: "a", amountUnits: "5" } });
    const second = await call(writeNote, { headers: h, body: { note: "a", amountUnits: "5" } });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.text).toBe(first.text);
    expect(second.headers.get("location")).toBe(first.headers.get("location"));
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect(await noteCount()).toBe(before + 1);
  });

  it("422 IDEMPOTENCY_KEY_REUSED for the same key with a different body, and nothing written", async () => {
    const { headers } = await makeGame();
    const h = { ...headers, "idempotency-key": "k-2" };
    await call(writeNote, { headers: h, body: { note: "a", amountUnits: "5" } });
    const before = await noteCount();
    const res = await call(writeNote, { headers: h, body: { note: "b", amountUnits: "5" } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(await noteCount()).toBe(before);
  });

  it("keys are scoped to the key's owner: another game may use the same key", async () => {
    const a = await makeGame();
    const b = await makeGame();
    const ra = await call(writeNote, { headers: { ...a.headers, "idempotency-key": "shared" }, body: { note: "a", amountUnits: "1" } });
    const rb = await call(writeNote, { headers: { ...b.headers, "idempotency-key": "shared" }, body: { note: "a", amountUnits: "1" } });
    expect(rb.headers.get("idempotent-replayed")).toBeNull();
    expect(rb.body.id).not.toBe(ra.body.id);
  });

  it("400 IDEMPOTENCY_KEY_REQUIRED when a required key is missing", async () => {
    const { headers } = await makeGame();
    const before = await noteCount();
    const res = await call(writeNote, { headers, body: { note: "a", amountUnits: "5" } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
    expect(await noteCount()).toBe(before);
  });

  it("409 IDEMPOTENCY_IN_PROGRESS while the first request is still running; then replays", async () => {
    const { headers } = await makeGame();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    const slow = route({
      method: "POST",
      path: "/v1/__test/slow",
      summary: "test",
      tags: ["test"],
      auth: "server",
      idempotency: "required",
      body: z.object({ n: z.number() }),
      response: { status: 201 },
      handler: async ({ ctx, body }) => {
        entered();
        await gate;
        await ctx.db.objectSequence.create({ data: { objectKey: `note:${newId()}`, last: body.n } });
        return { n: body.n };
      },
    });
    const h = { ...headers, "idempotency-key": "slow-1" };
    const first = call(slow, { headers: h, body: { n: 1 } });
    await inside;
    const during = await call(slow, { headers: h, body: { n: 1 } });
    expect(during.status).toBe(409);
    expect(during.body.code).toBe("IDEMPOTENCY_IN_PROGRESS");
    release();
    expect((await first).status).toBe(201);
    const after = await call(slow, { headers: h, body: { n: 1 } });
    expect(after.headers.get("idempotent-replayed")).toBe("true");
    expect(after.body).toEqual({ n: 1 });
  });

  it("a failed request stores nothing, so the same key can be retried", async () => {
    const { headers } = await makeGame();
    let fail = true;
    const flaky = route({
      method: "POST",
      path: "/v1/__test/flaky",
      summary: "test",
      tags: ["test"],
      auth: "server",
      idempotency: "required",
      response: { status: 200 },
      handler: async ({ ctx }) => {
        await ctx.db.objectSequence.create({ data: { objectKey: `note:${newId()}`, last: 1 } });
        if (fail) throw new AppError("IDEMPOTENCY_IN_PROGRESS", "not now");
        return { ok: true };
      },
    });
    const before = await noteCount();
    const h = { ...headers, "idempotency-key": "flaky-1" };
    expect((await call(flaky, { headers: h })).body.code).toBe("IDEMPOTENCY_IN_PROGRESS");
    expect(await noteCount()).toBe(before); // the write rolled back with the error
    fail = false;
    const ok = await call(flaky, { headers: h });
    expect(ok.body).toEqual({ ok: true });
    expect(await noteCount()).toBe(before + 1);
  });

  it("prunes records older than 24 hours only", async () => {
    const { headers } = await makeGame();
    await call(writeNote, { headers: { ...headers, "idempotency-key": "old" }, body: { note: "a", amountUnits: "1" } });
    await call(writeNote, { headers: { ...headers, "idempotency-key": "new" }, body: { note: "a", amountUnits: "1" } });
    const db = getDb();
    await db.idempotencyRecord.updateMany({ where: { key: "old" }, data: { createdAt: new Date(Date.now() - 25 * 3600_000) } });
    expect(await pruneIdempotencyRecords(db, 1)).toBeGreaterThanOrEqual(1); // 1 h is raised to 24 h
    expect(await db.idempotencyRecord.count({ where: { key: "old" } })).toBe(0);
    expect(await db.idempotencyRecord.count({ where: { key: "new" } })).toBe(1);
  });
});

describe("validation and errors", () => {
  it("400 VALIDATION_ERROR naming every bad field, nothing written", async () => {
    const { headers } = await makeGame();
    const before = await noteCount();
    const res = await call(writeNote, { headers: { ...headers, "idempotency-key": "v-1" }, body: { amountUnits: "-3" } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("VALIDATION_ERROR");
    expect(res.body.details.map((d: { field: string }) => d.field).sort()).toEqual(["amountUnits", "note"]);
    expect(res.body.error).toMatch(/note is required/);
    expect(res.body.error).toMatch(/amountUnits must be a positive whole number/);
    expect(await noteCount()).toBe(before);
  });

  it.each([["0"], ["1.5"], ["abc"], [""], [-1], [1.5], ["9999999999999999"]])("rejects amountUnits %j", async (amount) => {
    const { headers } = await makeGame();
    const res = await call(writeNote, { headers: { ...headers, "idempotency-key": `amt-${String(amount)}` }, body: { note: "x", amountUnits: amount } });
    expect(res.status).toBe(400);
    expect(res.body.details[0].field).toBe("amountUnits");
  });

  it("400 INVALID_JSON for a body that is not JSON", async () => {
    const { headers } = await makeGame();
    const res = await call(writeNote, { headers: { ...headers, "idempotency-key": "j-1" }, rawBody: "{not json" });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("INVALID_JSON");
  });

  it("400 BODY_TOO_DEEP for a body nested more than 64 levels (JSON.stringify would overflow the stack), nothing written; 64 levels pass", async () => {
    const { headers } = await makeGame();
    const nested = (levels: number) => `{"note":"deep","amountUnits":"1","extra":${"[".repeat(levels - 1)}${"]".repeat(levels - 1)}}`;
    const before = await noteCount();
    for (const levels of [65, 6000]) {
      const res = await call(writeNote, { headers: { ...headers, "idempotency-key": `deep-${levels}` }, rawBody: nested(levels) });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: "BODY_TOO_DEEP", error: "The request body nests objects and arrays more than 64 levels deep; flatten it." });
    }
    expect(await noteCount()).toBe(before);
    const ok = await call(writeNote, { headers: { ...headers, "idempotency-key": "deep-64" }, rawBody: nested(64) });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ note: "deep", amountUnits: "1" });
  });

  it("400 VALIDATION_ERROR naming each unknown body field (issue 29), nothing written; the declared fields pass", async () => {
    const { headers } = await makeGame();
    const before = await noteCount();
    const res = await call(writeNote, {
      headers: { ...headers, "idempotency-key": "unknown-1" },
      body: { note: "a", amountUnits: "5", colour: "red", amountUnit: "6" },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: "VALIDATION_ERROR",
      error: "Invalid body: colour is not a field of this request (unknown field); amountUnit is not a field of this request (unknown field).",
      details: [
        { field: "colour", message: "is not a field of this request (unknown field)" },
        { field: "amountUnit", message: "is not a field of this request (unknown field)" },
      ],
    });
    expect(await noteCount()).toBe(before);
    const ok = await call(writeNote, { headers: { ...headers, "idempotency-key": "unknown-2" }, body: { note: "a", amountUnits: "5" } });
    expect(ok.status).toBe(201);
    expect(await noteCount()).toBe(before + 1);
  });

  it("an unexpected error is a generic 500 without internals", async () => {
    const { headers } = await makeGame();
    const boom = route({
      method: "GET",
      path: "/v1/__test/boom",
      summary: "test",
      tags: ["test"],
      auth: "server",
      idempotency: "none",
      response: { status: 200 },
      handler: async () => {
        throw new Error("secret internals at /srv/app.ts:12");
      },
    });
    const original = console.error;
    console.error = () => undefined;
    try {
      const res = await call(boom, { headers });
      expect(res.status).toBe(500);
      expect(res.body.code).toBe("INTERNAL_ERROR");
      expect(res.text).not.toMatch(/secret|app\.ts/);
      expect(res.body.error).toContain(res.body.requestId);
    } finally {
      console.error = original;
    }
  });

  it("a key from another environment or a revoked key is 401, from the request right after the revocation", async () => {
    const { headers, game, business } = await makeGame();
    const probe = callerProbe("/v1/__test/probe");
    expect((await call(probe, { headers })).body).toEqual({
      actor: { kind: "server", keyId: expect.any(String) },
      scope: { kind: "game", environment: "test", gameId: game.id, businessId: business.id },
    });
    await getDb().apiKey.updateMany({ where: { gameId: game.id }, data: { revokedAt: new Date() } });
    expect((await call(probe, { headers })).status).toBe(401);
    expect((await call(probe, { headers: { authorization: "Bearer service_server_test_zz", "x-game-id": game.id } })).status).toBe(401);
  });

  it("lookups of keys that arrive together are made together, and each request still gets its own caller or 401", async () => {
    const games = await Promise.all([makeGame(), makeGame(), makeGame()]);
    const revoked = await makeGame();
    await getDb().apiKey.updateMany({ where: { gameId: revoked.game.id }, data: { revokedAt: new Date() } });
    const probe = callerProbe("/v1/__test/probe-many");
    const callers = Array.from({ length: 40 }, (_, i) => (i % 4 === 3 ? revoked : games[i % 4]));
    // the lookups go to node-postgres as a prepared statement (lib/db/prepared.ts): count them there
    const lookups: string[][] = [];
    const pool = genericPlanPoolOf(getDb())!;
    const original = pool.query;
    pool.query = function (this: typeof pool, config: unknown, ...rest: unknown[]) {
      const q = config as { text?: string; values?: unknown[] };
      if (q?.text?.includes('FROM "ApiKey"')) lookups.push(q.values![0] as string[]);
      return (original as (...a: unknown[]) => unknown).call(this, config, ...rest);
    } as typeof pool.query;
    try {
      const answers = await Promise.all(callers.map((c) => call(probe, { headers: c.headers })));
      answers.forEach((res, i) => {
        const c = callers[i];
        if (c === revoked) expect({ i, status: res.status, code: res.body.code }).toEqual({ i, status: 401, code: "UNAUTHORIZED" });
        else
          expect({ i, body: res.body }).toEqual({
            i,
            body: {
              actor: { kind: "server", keyId: expect.any(String) },
              scope: { kind: "game", environment: "test", gameId: c.game.id, businessId: c.business.id },
            },
          });
      });
      expect(lookups.length).toBeGreaterThan(0);
      expect(lookups.length).toBeLessThan(callers.length);
      // some lookup carried several requests' keys
      expect(Math.max(...lookups.map((hashes) => hashes.length))).toBeGreaterThan(1);
    } finally {
      pool.query = original;
    }
  });

  it("a key's expiry is read in UTC whatever the process's time zone: expired an hour ago is 401, in an hour is 200", async () => {
    const probe = callerProbe("/v1/__test/probe-expiry");
    const [past, future] = [await makeGame(), await makeGame()];
    const hour = 3_600_000;
    await getDb().apiKey.updateMany({ where: { gameId: past.game.id }, data: { expiresAt: new Date(Date.now() - hour) } });
    await getDb().apiKey.updateMany({ where: { gameId: future.game.id }, data: { expiresAt: new Date(Date.now() + hour) } });
    const tz = process.env.TZ;
    try {
      // UTC+14 and UTC-10: a column read as local time would move each expiry by half a day or more
      for (const zone of ["Pacific/Kiritimati", "Pacific/Honolulu", "UTC"]) {
        process.env.TZ = zone;
        expect([zone, (await call(probe, { headers: past.headers })).status]).toEqual([zone, 401]);
        expect([zone, (await call(probe, { headers: future.headers })).status]).toEqual([zone, 200]);
      }
    } finally {
      if (tz === undefined) delete process.env.TZ;
      else process.env.TZ = tz;
    }
  });

  it("X-Game-Id of another game is 401 naming the mismatch", async () => {
    const a = await makeGame();
    const b = await makeGame();
    const probe = route({
      method: "GET",
      path: "/v1/__test/probe2",
      summary: "t",
      tags: ["t"],
      auth: "server",
      idempotency: "none",
      response: { status: 200 },
      handler: async () => ({}),
    });
    const res = await call(probe, { headers: { ...a.headers, "x-game-id": b.game.id } });
    expect([res.status, res.body.error]).toEqual([401, "X-Game-Id does not match the game of this API key."]);
  });
});

describe("campaign key", () => {
  const getCampaign = route({
    method: "GET",
    path: "/v1/campaign/{id}/__probe",
    summary: "t",
    tags: ["t"],
    auth: "campaign",
    idempotency: "none",
    successEnvelope: true,
    params: z.object({ id: z.string() }),
    response: { status: 200 },
    handler: async ({ params }) => ({ success: true, id: params.id }),
  });

  it("is limited to its own campaign: another id is a 404 with success false", async () => {
    const a = await makeCampaign();
    const b = await makeCampaign();
    expect((await call(getCampaign, { headers: a.headers, params: { id: a.campaign.id } })).body).toEqual({ success: true, id: a.campaign.id });
    const other = await call(getCampaign, { headers: a.headers, params: { id: b.campaign.id } });
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ success: false, code: "CAMPAIGN_NOT_FOUND" });
  });

  it("X-Campaign-Id of another campaign is 401", async () => {
    const a = await makeCampaign();
    const b = await makeCampaign();
    const res = await call(getCampaign, { headers: { ...a.headers, "x-campaign-id": b.campaign.id }, params: { id: b.campaign.id } });
    expect([res.status, res.body.error]).toEqual([401, "X-Campaign-Id does not match the campaign of this API key."]);
  });

  it("a server key cannot call a campaign route", async () => {
    const { headers } = await makeGame();
    const res = await call(getCampaign, { headers, params: { id: "x" } });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatch(/campaign key/);
  });
});

describe("platform key", () => {
  const probe = (scope: string, targetBusiness = true) =>
    route({
      method: "GET",
      path: `/v1/platform/__probe/${scope}`,
      summary: "t",
      tags: ["t"],
      auth: "platform",
      scope,
      targetBusiness,
      idempotency: "none",
      response: { status: 200 },
      handler: async ({ ctx }) => ({ actor: ctx.actor, scope: ctx.scope }),
    });

  it("passes with the scope in platform, key and grant, and carries the business", async () => {
    const p = await makePlatform();
    const res = await call(probe("campaign:read"), { headers: p.headers });
    expect(res.status).toBe(200);
    expect(res.body.actor).toMatchObject({ kind: "platform", platformId: p.platform.id });
    expect(res.body.scope).toEqual({ kind: "business", environment: "test", platformId: p.platform.id, businessId: p.business.id, grantId: p.grant.id });
  });

  it.each([
    ["the key", { keyScopes: ["campaign:create"] }],
    ["the grant", { grantScopes: ["campaign:create"] }],
    ["the platform approval", { approvedScopes: ["campaign:create"] }],
  ])("403 INSUFFICIENT_SCOPE when %s lacks the scope", async (_, opts) => {
    const p = await makePlatform(opts);
    const res = await call(probe("campaign:read"), { headers: p.headers });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("INSUFFICIENT_SCOPE");
    expect(res.body.error).toContain("campaign:read");
  });

  it("TB: 400 without X-Target-Business-Id, 404 BUSINESS_NOT_FOUND for an unknown business, 403 without a grant", async () => {
    const p = await makePlatform();
    const other = await makePlatform();
    const { ["x-target-business-id"]: _, ...noTarget } = p.headers;
    expect((await call(probe("campaign:read"), { headers: noTarget })).body.code).toBe("TARGET_BUSINESS_REQUIRED");
    expect((await call(probe("campaign:read"), { headers: { ...p.headers, "x-target-business-id": newId() } })).body.code).toBe("BUSINESS_NOT_FOUND");
    const noGrant = await call(probe("campaign:read"), { headers: { ...p.headers, "x-target-business-id": other.business.id } });
    expect(noGrant.status).toBe(403);
    expect(noGrant.body.code).toBe("GRANT_REQUIRED");
  });

  it("401 once the platform is no longer active, from the next request", async () => {
    const p = await makePlatform({ grantScopes: [] });
    const { ["x-target-business-id"]: _, ...noTarget } = p.headers;
    expect((await call(probe("platform:read", false), { headers: noTarget })).status).toBe(200);
    await getDb().platform.update({ where: { id: p.platform.id }, data: { status: "suspended" } });
    const res = await call(probe("platform:read", false), { headers: noTarget });
    expect([res.status, res.body.error]).toEqual([401, "The platform of this API key is not active."]);
  });

  it("management scopes need no grant", async () => {
    const p = await makePlatform({ grantScopes: [] });
    const { ["x-target-business-id"]: _, ...noTarget } = p.headers;
    expect((await call(probe("platform:read", false), { headers: noTarget })).status).toBe(200);
  });
});

describe("validation messages", () => {
  it("a missing field is 'required' even when its schema is a union", async () => {
    const { headers } = await makeGame();
    const res = await call(writeNote, { headers: { ...headers, "idempotency-key": "m-1" }, body: {} });
    expect(res.body.details).toEqual([
      { field: "note", message: "is required" },
      { field: "amountUnits", message: "is required" },
    ]);
  });
});

describe("server key in x-server-api-key", () => {
  const whoami = route({
    method: "GET",
    path: "/v1/__test/whoami",
    summary: "t",
    tags: ["t"],
    auth: "server",
    idempotency: "none",
    response: { status: 200 },
    handler: async ({ ctx }) => ({ gameId: ctx.scope.gameId }),
  });

  it("authenticates without X-Game-Id (the key names its game), and still checks X-Game-Id when sent", async () => {
    const a = await makeGame();
    const b = await makeGame();
    expect((await call(whoami, { headers: { "x-server-api-key": a.serverKey } })).body).toEqual({ gameId: a.game.id });
    expect((await call(whoami, { headers: { "x-server-api-key": a.serverKey, "x-game-id": a.game.id } })).status).toBe(200);
    expect((await call(whoami, { headers: { "x-server-api-key": a.serverKey, "x-game-id": b.game.id } })).status).toBe(401);
  });

  it("is only for server keys, and a Bearer key still needs X-Game-Id", async () => {
    const { serverKey } = await makeGame();
    expect((await call(whoami, { headers: { authorization: `Bearer ${serverKey}` } })).status).toBe(401);
    const campaign = await makeCampaign();
    const probe = route({
      method: "GET",
      path: "/v1/campaign/{id}/__who",
      summary: "t",
      tags: ["t"],
      auth: "campaign",
      idempotency: "none",
      params: z.object({ id: z.string() }),
      response: { status: 200 },
      handler: async () => ({ ok: true }),
    });
    const res = await call(probe, {
      headers: { "x-server-api-key": campaign.campaignKey, "x-campaign-id": campaign.campaign.id },
      params: { id: campaign.campaign.id },
    });
    expect(res.status).toBe(401);
  });
});

describe("request bodies", () => {
  it("413 BODY_TOO_LARGE over 1 MB, nothing written", async () => {
    const { headers } = await makeGame();
    const before = await noteCount();
    const res = await call(writeNote, { headers: { ...headers, "idempotency-key": "big" }, body: { note: "x".repeat(1_000_001), amountUnits: "1" } });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe("BODY_TOO_LARGE");
    expect(await noteCount()).toBe(before);
  });

  it("a body that breaks off mid-stream is a 400 REQUEST_ABORTED, not a 500", async () => {
    const { headers } = await makeGame();
    const broken = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"note":'));
        controller.error(new Error("aborted"));
      },
    });
    const req = new Request("http://localhost/api/v1/__test/notes", {
      method: "POST",
      headers: { ...headers, "idempotency-key": "abort-1", "content-type": "application/json" },
      body: broken,
      duplex: "half",
    } as RequestInit);
    const res = await writeNote(req, { params: Promise.resolve({}) });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe("REQUEST_ABORTED");
  });
});

describe("multipart bodies", () => {
  // Echoes the first file part's bytes (as hex) and records a row, so replays and "nothing written" are observable.
  const upload = route({
    method: "POST",
    path: "/v1/__test/uploads",
    summary: "test",
    tags: ["test"],
    auth: "server",
    idempotency: "required",
    bodyType: "multipart",
    response: { status: 201 },
    handler: async ({ ctx, form }) => {
      const file = [...(form?.values() ?? [])].find((v): v is File => typeof v !== "string");
      const bytes = new Uint8Array(await file!.arrayBuffer());
      await ctx.db.objectSequence.create({ data: { objectKey: `upload:${newId()}`, last: bytes.length } });
      return reply({ name: file!.name, hex: Buffer.from(bytes).toString("hex"), label: form?.get("label") }, { status: 201 });
    },
  });
  const uploads = () => getDb().objectSequence.count({ where: { objectKey: { startsWith: "upload:" } } });
  const binary = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0xfe, 0x80, 0x0d, 0x0a]);
  const send = (headers: Record<string, string>, bytes: Uint8Array<ArrayBuffer>, label = "x") => {
    const fd = new FormData();
    fd.set("label", label);
    fd.set("file", new Blob([bytes], { type: "application/octet-stream" }), "a.bin");
    return upload(new Request("http://localhost/api/v1/__test/uploads", { method: "POST", headers, body: fd }), { params: Promise.resolve({}) });
  };

  it("hands the parsed form to the handler with binary bytes intact; a replay (new boundary) is byte for byte, another file is 422", async () => {
    const { headers } = await makeGame();
    const before = await uploads();
    const h = { ...headers, "idempotency-key": "mp-1" };
    const first = await send(h, binary);
    expect(first.status).toBe(201);
    const firstText = await first.text();
    expect(JSON.parse(firstText)).toEqual({ name: "a.bin", hex: "89504e4700fffe800d0a", label: "x" });
    const replay = await send(h, binary);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await replay.text()).toBe(firstText);
    const other = await send(h, new Uint8Array([...binary.slice(0, 9), 0x0b]));
    expect(other.status).toBe(422);
    expect((await other.json()).code).toBe("IDEMPOTENCY_KEY_REUSED");
    const otherLabel = await send(h, binary, "y");
    expect(otherLabel.status).toBe(422);
    expect(await uploads()).toBe(before + 1);
  });

  it("415 for a JSON body, 413 over 6 MB, 400 for a broken multipart body; nothing written", async () => {
    const { headers } = await makeGame();
    const before = await uploads();
    const json = await call(upload, { headers: { ...headers, "idempotency-key": "mp-2" }, body: { a: 1 } });
    expect(json.status).toBe(415);
    expect(json.body.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    const big = await send({ ...headers, "idempotency-key": "mp-3" }, new Uint8Array(6_000_001));
    expect(big.status).toBe(413);
    expect((await big.json()).code).toBe("BODY_TOO_LARGE");
    const broken = await upload(
      new Request("http://localhost/api/v1/__test/uploads", {
        method: "POST",
        headers: { ...headers, "idempotency-key": "mp-4", "content-type": "multipart/form-data; boundary=zzz" },
        body: "not a multipart body",
      }),
      { params: Promise.resolve({}) },
    );
    expect(broken.status).toBe(400);
    expect((await broken.json()).code).toBe("INVALID_MULTIPART");
    expect(await uploads()).toBe(before);
  });
});

describe("versioning and deprecation (docs/api-versioning.md)", () => {
  const since = new Date("2026-11-01T00:00:00Z");
  const sunset = new Date("2027-05-01T00:00:00Z");
  const link = "https://coinop.example/docs/changelog#deprecated";
  const old = route({
    method: "GET",
    path: "/v1/__test/deprecated",
    summary: "test",
    tags: ["test"],
    auth: "server",
    idempotency: "none",
    deprecated: { since, sunset, link },
    response: { status: 200 },
    handler: async () => ({ ok: true }),
  });
  const deprecationOf = (res: { headers: Headers }) => ["deprecation", "sunset", "link"].map((h) => res.headers.get(h));

  it("every answer names the API version; a deprecated route adds Deprecation, Sunset and Link to each, errors included", async () => {
    const { headers } = await makeGame();
    const ok = await call(old, { headers });
    expect([ok.status, ok.body]).toEqual([200, { ok: true }]);
    expect(ok.headers.get("x-service-api-version")).toBe("v1");
    expect(deprecationOf(ok)).toEqual([
      "@1793491200",
      "Sat, 01 May 2027 00:00:00 GMT",
      `<${link}>; rel="deprecation"; type="text/html", <${link}>; rel="sunset"; type="text/html"`,
    ]);
    const refused = await call(old, { headers: {} });
    expect([refused.status, refused.headers.get("x-service-api-version"), ...deprecationOf(refused)]).toEqual([401, "v1", ...deprecationOf(ok)]);
    // a route that is not deprecated sends none of the three; the version always
    const current = await call(writeNote, { headers: { ...headers, "idempotency-key": "v-1" }, body: { note: "a", amountUnits: "1" } });
    expect([current.status, current.headers.get("x-service-api-version"), ...deprecationOf(current)]).toEqual([201, "v1", null, null, null]);
    const wrongVersion = await call(writeNote, { headers: { ...headers, "x-service-api-version": "v2" }, body: { note: "a", amountUnits: "1" } });
    expect([wrongVersion.status, wrongVersion.body.code, wrongVersion.headers.get("x-service-api-version")]).toEqual([400, "UNSUPPORTED_API_VERSION", "v1"]);
  });

  it("the API document marks the operation deprecated and lists the headers on its answers", () => {
    const doc = buildOpenApiDocument([old.definition, writeNote.definition], "https://coinop.example") as {
      paths: Record<string, Record<string, { deprecated?: boolean; "x-sunset"?: string; responses: Record<string, { headers: Record<string, unknown> }> }>>;
      components: { headers: Record<string, { required?: boolean }> };
    };
    const op = doc.paths["/v1/__test/deprecated"]!.get!;
    expect([op.deprecated, op["x-sunset"]]).toEqual([true, "2027-05-01T00:00:00.000Z"]);
    for (const status of ["200", "401"])
      expect(Object.keys(op.responses[status]!.headers)).toEqual(expect.arrayContaining(["X-Service-API-Version", "Deprecation", "Sunset", "Link"]));
    const current = doc.paths["/v1/__test/notes"]!.post!;
    expect(current.deprecated).toBeUndefined();
    expect(Object.keys(current.responses["201"]!.headers)).toContain("X-Service-API-Version");
    expect(Object.keys(current.responses["201"]!.headers)).not.toContain("Deprecation");
    expect(doc.components.headers.ApiVersion!.required).toBe(true);
  });
});
