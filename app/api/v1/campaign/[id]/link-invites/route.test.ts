import { describe, expect, it } from "vitest";
import { GET, POST } from "./route";
import { DELETE, PATCH } from "./[code]/route";
import { call } from "@/tests/support/http";
import { makeCampaign, makeGame } from "@/tests/support/fixtures";
import { getDb } from "@/lib/db/client";
import { appBaseUrl } from "@/lib/config/settings";

const HOUR = 3600_000;
const create = (c: { campaign: { id: string }; headers: Record<string, string> }, body: Record<string, unknown> = {}, extra: Record<string, string> = {}) =>
  call(POST, { headers: { ...c.headers, ...extra }, params: { id: c.campaign.id }, body });

describe("POST /v1/campaign/{id}/link-invites", () => {
  it("201: an active invite with no uses, Location = its url; unset maxUses and expiresAt are omitted", async () => {
    const c = await makeCampaign();
    const res = await create(c);
    expect(res.status).toBe(201);
    const { code } = res.body;
    expect(code).toMatch(/^inv_test_[0-9A-Za-z]{24}$/);
    expect(res.body).toEqual({
      code,
      status: "active",
      currentUses: 0,
      url: `${appBaseUrl()}/join/${code}`,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(res.headers.get("location")).toBe(res.body.url);
    expect(Date.parse(res.body.createdAt)).toBeGreaterThan(Date.now() - 10_000);
    const row = await getDb().linkInvite.findUniqueOrThrow({ where: { code } });
    expect(row).toMatchObject({
      namespaceType: "campaign",
      namespaceId: c.campaign.id,
      environment: "test",
      ownerType: "campaign",
      ownerId: c.campaign.id,
      status: "active",
      maxUses: null,
      expiresAt: null,
      label: null,
      currentUses: 0,
    });
  });

  it("keeps label (trimmed), maxUses and expiresAt; live codes have no test_ part", async () => {
    const c = await makeCampaign();
    const expiresAt = new Date(Date.now() + 48 * HOUR);
    const res = await create(c, { label: "  Discord launch  ", maxUses: 1_000_000, expiresAt: expiresAt.toISOString() });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ label: "Discord launch", maxUses: 1_000_000, expiresAt: expiresAt.toISOString(), currentUses: 0, status: "active" });
    expect(await create(c, { label: "x".repeat(120), maxUses: 1 })).toMatchObject({ status: 201, body: { label: "x".repeat(120), maxUses: 1 } });

    const live = await makeCampaign({ environment: "live" });
    const l = await create(live);
    expect(l.body.code).toMatch(/^inv_[0-9A-Za-z]{24}$/);
    expect((await getDb().linkInvite.findUniqueOrThrow({ where: { code: l.body.code } })).environment).toBe("live");
  });

  it("null is the same as leaving a field out: no label, unlimited, never expires", async () => {
    const c = await makeCampaign();
    const res = await create(c, { label: null, maxUses: null, expiresAt: null });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      code: res.body.code,
      status: "active",
      currentUses: 0,
      url: `${appBaseUrl()}/join/${res.body.code}`,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await getDb().linkInvite.findUniqueOrThrow({ where: { code: res.body.code } })).toMatchObject({ label: null, maxUses: null, expiresAt: null });
  });

  it("codes are distinct across many invites", async () => {
    const c = await makeCampaign();
    const codes = await Promise.all(Array.from({ length: 20 }, async () => (await create(c)).body.code));
    expect(new Set(codes).size).toBe(20);
  });

  it.each([
    [{ label: "x".repeat(121) }, "label", "must be at most 120 characters"],
    [{ label: "   " }, "label", "must not be empty (send null to clear it)"],
    [{ maxUses: 0 }, "maxUses", "must be at least 1"],
    [{ maxUses: 1_000_001 }, "maxUses", "must be at most 1,000,000"],
    [{ maxUses: 2.5 }, "maxUses", "must be a whole number from 1 to 1,000,000"],
    [{ maxUses: "10" }, "maxUses", "must be a whole number from 1 to 1,000,000"],
    [{ expiresAt: "next week" }, "expiresAt", 'must be an ISO 8601 timestamp with a time zone, e.g. "2030-01-31T12:00:00Z"'],
    [{ expiresAt: "2030-01-31T12:00:00" }, "expiresAt", 'must be an ISO 8601 timestamp with a time zone, e.g. "2030-01-31T12:00:00Z"'],
    [{ expiresAt: "2020-01-01T00:00:00Z" }, "expiresAt", "must be in the future"],
    [{ status: "paused" }, "status", "is not a field of this request (unknown field)"],
  ])("400 VALIDATION_ERROR for %j naming the field; nothing is created", async (body, field, message) => {
    const c = await makeCampaign();
    const res = await create(c, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: "VALIDATION_ERROR", details: [{ field, message }] });
    expect(await getDb().linkInvite.count({ where: { namespaceId: c.campaign.id } })).toBe(0);
  });

  it("an Idempotency-Key replays the first response and creates one invite", async () => {
    const c = await makeCampaign();
    const first = await create(c, { label: "once" }, { "idempotency-key": "inv-1" });
    const again = await create(c, { label: "once" }, { "idempotency-key": "inv-1" });
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("location")).toBe(first.body.url);
    expect(await getDb().linkInvite.count({ where: { namespaceId: c.campaign.id } })).toBe(1);
    const other = await create(c, { label: "twice" }, { "idempotency-key": "inv-1" });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
  });

  it("401 without a key and with a server key; 404 for another campaign's id; nothing is created", async () => {
    const c = await makeCampaign();
    const other = await makeCampaign();
    const game = await makeGame();
    expect((await call(POST, { params: { id: c.campaign.id }, body: {} })).status).toBe(401);
    expect((await call(POST, { headers: game.headers, params: { id: c.campaign.id }, body: {} })).status).toBe(401);
    const res = await call(POST, { headers: c.headers, params: { id: other.campaign.id }, body: {} });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: "CAMPAIGN_NOT_FOUND" });
    expect(await getDb().linkInvite.count({ where: { namespaceId: { in: [c.campaign.id, other.campaign.id] } } })).toBe(0);
  });
});

describe("GET /v1/campaign/{id}/link-invites", () => {
  it("lists the campaign's invites newest first, without revoked ones unless includeRevoked=true", async () => {
    const c = await makeCampaign();
    const other = await makeCampaign();
    await create(other, { label: "not mine" });
    const a = (await create(c, { label: "a" })).body;
    await new Promise((r) => setTimeout(r, 5));
    const b = (await create(c, { label: "b", maxUses: 3 })).body;
    await new Promise((r) => setTimeout(r, 5));
    const d = (await create(c, { label: "d" })).body;
    await call(PATCH, { headers: c.headers, params: { id: c.campaign.id, code: b.code }, body: { status: "paused" } });
    const revoked = (await call(DELETE, { headers: c.headers, params: { id: c.campaign.id, code: d.code } })).body;

    const res = await call(GET, { headers: c.headers, params: { id: c.campaign.id } });
    expect(res.status).toBe(200);
    expect(res.body.invites.map((i: { label: string; status: string }) => [i.label, i.status])).toEqual([
      ["b", "paused"],
      ["a", "active"],
    ]);
    expect(res.body.invites[1]).toEqual(a);

    const all = await call(GET, { headers: c.headers, params: { id: c.campaign.id }, query: { includeRevoked: true } });
    expect(all.body.invites.map((i: { code: string }) => i.code)).toEqual([d.code, b.code, a.code]);
    expect(all.body.invites[0]).toEqual(revoked);
    const explicit = await call(GET, { headers: c.headers, params: { id: c.campaign.id }, query: { includeRevoked: false } });
    expect(explicit.body.invites).toHaveLength(2);
  });

  it("400 naming includeRevoked for anything but true or false", async () => {
    const c = await makeCampaign();
    for (const v of ["yes", "1", "TRUE", ""]) {
      const res = await call(GET, { headers: c.headers, params: { id: c.campaign.id }, query: { includeRevoked: v } });
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([{ field: "includeRevoked", message: "must be true or false" }]);
    }
  });

  it("an empty list for a campaign without invites; 401 without a key or with a server key; 404 for another campaign", async () => {
    const c = await makeCampaign();
    const other = await makeCampaign();
    await create(other);
    expect((await call(GET, { headers: c.headers, params: { id: c.campaign.id } })).body).toEqual({ invites: [] });
    expect((await call(GET, { params: { id: c.campaign.id } })).status).toBe(401);
    expect((await call(GET, { headers: (await makeGame()).headers, params: { id: c.campaign.id } })).status).toBe(401);
    const res = await call(GET, { headers: c.headers, params: { id: other.campaign.id } });
    expect(res.status).toBe(404);
    expect(res.body.invites).toBeUndefined();
  });
});
