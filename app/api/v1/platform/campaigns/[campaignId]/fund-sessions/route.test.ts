import { describe, expect, it } from "vitest";
import { POST } from "./route";
import { DELETE, GET } from "./[handle]/route";
import { call } from "@/tests/support/http";
import { campaignSession, idemKey, makeFundTenant } from "@/tests/support/fund-sessions";
import { platformEventsOf } from "@/tests/support/platform";
import { getDb } from "@/lib/db/client";
import { ALL_SCOPES, BUSINESS_SCOPES } from "@/lib/platform/scopes";
import { setClockOffsetForTests } from "@/lib/core/clock";

const KEY = /^fs_test_[A-Za-z0-9_-]{43}$/;

describe("POST /v1/platform/campaigns/{campaignId}/fund-sessions", () => {
  it("201 with Location: an unguessable key, the hosted url, expiresAt one hour out, metadata echoed; nothing else changes", async () => {
    const { mgmt, campaign, platform, key, business } = await makeFundTenant();
    const before = Date.now();
    const res = await call(POST, { headers: { ...mgmt, ...idemKey() }, params: { campaignId: campaign.id }, body: { metadata: { order: "o-1", n: 2 } } });
    expect(res.status).toBe(201);
    expect(res.body.sessionKey).toMatch(KEY);
    expect(res.body.url).toBe(`http://localhost:3000/fund/${res.body.sessionKey}`);
    expect(res.headers.get("location")).toBe(res.body.url);
    expect(res.body.metadata).toEqual({ order: "o-1", n: 2 });
    const expires = Date.parse(res.body.expiresAt);
    expect(expires - before).toBeGreaterThanOrEqual(3_600_000 - 1000);
    expect(expires - Date.now()).toBeLessThanOrEqual(3_600_000);
    const row = await getDb().fundSession.findUniqueOrThrow({ where: { sessionKey: res.body.sessionKey } });
    expect(row).toMatchObject({
      targetType: "campaign",
      campaignId: campaign.id,
      distributionId: null,
      businessId: business.id,
      platformId: platform.id,
      createdByKeyId: key.id,
      status: "pending",
      requestedMicros: null,
      environment: "test",
    });
    expect(await platformEventsOf(platform.id)).toEqual([]);
    expect(await getDb().ledgerJournal.count({ where: { reference: campaign.id } })).toBe(0);
  });

  it("the same Idempotency-Key returns the pending session with 200; after it ends the key starts a new one", async () => {
    const { mgmt, campaign } = await makeFundTenant();
    const headers = { ...mgmt, ...idemKey() };
    const first = await call(POST, { headers, params: { campaignId: campaign.id }, body: { metadata: { a: 1 } } });
    const again = await call(POST, { headers, params: { campaignId: campaign.id }, body: { metadata: { a: 1 } } });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect([first.headers.get("idempotent-replayed"), again.headers.get("idempotent-replayed")]).toEqual([null, "true"]);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("location")).toBeNull();
    // parallel repeats never create two sessions
    const k = { ...mgmt, ...idemKey() };
    const burst = await Promise.all(Array.from({ length: 8 }, () => call(POST, { headers: k, params: { campaignId: campaign.id }, body: {} })));
    expect(burst.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(burst.map((r) => `${r.status} ${r.headers.get("idempotent-replayed")}`).sort()).toEqual([...Array(7).fill("200 true"), "201 null"]);
    expect(new Set(burst.map((r) => r.body.sessionKey)).size).toBe(1);
    expect(await getDb().fundSession.count({ where: { campaignId: campaign.id } })).toBe(2);
    // a new key is a new session
    const other = await call(POST, { headers: { ...mgmt, ...idemKey() }, params: { campaignId: campaign.id }, body: {} });
    expect(other.status).toBe(201);
    expect(other.body.sessionKey).not.toBe(first.body.sessionKey);
    // once cancelled, the same key creates a new session
    await call(DELETE, { headers: mgmt, params: { campaignId: campaign.id, handle: first.body.sessionKey } });
    const after = await call(POST, { headers, params: { campaignId: campaign.id }, body: {} });
    expect(after.status).toBe(201);
    expect(after.body.sessionKey).not.toBe(first.body.sessionKey);
  });

  it("401 without a key; 403 for a missing scope; 404 for another business's campaign; 400 naming the field; Idempotency-Key required", async () => {
    const { mgmt, campaign } = await makeFundTenant();
    const params = { campaignId: campaign.id };
    expect((await call(POST, { headers: idemKey(), params, body: {} })).status).toBe(401);
    const noScope = await makeFundTenant({ keyScopes: ALL_SCOPES.filter((s) => s !== "campaign:funds:create") });
    const r403 = await call(POST, { headers: { ...noScope.mgmt, ...idemKey() }, params: { campaignId: noScope.campaign.id }, body: {} });
    expect([r403.status, r403.body.code]).toEqual([403, "INSUFFICIENT_SCOPE"]);
    const noGrantScope = await makeFundTenant({ grantScopes: BUSINESS_SCOPES.filter((s) => s !== "campaign:funds:create") });
    expect((await call(POST, { headers: { ...noGrantScope.mgmt, ...idemKey() }, params: { campaignId: noGrantScope.campaign.id }, body: {} })).status).toBe(
      403,
    );
    const other = await makeFundTenant();
    const foreign = await call(POST, { headers: { ...mgmt, ...idemKey() }, params: { campaignId: other.campaign.id }, body: {} });
    expect([foreign.status, foreign.body.code]).toEqual([404, "CAMPAIGN_NOT_FOUND"]);
    expect(await getDb().fundSession.count({ where: { campaignId: other.campaign.id } })).toBe(0);
    const bad = await call(POST, { headers: { ...mgmt, ...idemKey() }, params, body: { metadata: [1] } });
    expect([bad.status, bad.body.code, bad.body.details[0].field]).toEqual([400, "VALIDATION_ERROR", "metadata"]);
    const extra = await call(POST, { headers: { ...mgmt, ...idemKey() }, params, body: { amountUsdc: 5 } });
    expect(extra.status).toBe(400);
    const noKey = await call(POST, { headers: mgmt, params, body: {} });
    expect([noKey.status, noKey.body.code]).toEqual([400, "IDEMPOTENCY_KEY_REQUIRED"]);
    expect(await getDb().fundSession.count({ where: { campaignId: campaign.id } })).toBe(0);
  });
});

describe("GET /v1/platform/campaigns/{campaignId}/fund-sessions/{handle}", () => {
  it("the campaign fund session resource; a GET changes nothing; past expiresAt it reads expired", async () => {
    const { mgmt, campaign } = await makeFundTenant();
    const s = await campaignSession(mgmt, campaign.id, { metadata: { ref: "x" } });
    const res = await call(GET, { headers: mgmt, params: { campaignId: campaign.id, handle: s.sessionKey } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      sessionKey: s.sessionKey,
      url: s.url,
      status: "pending",
      campaignId: campaign.id,
      amountUsdc: null,
      transactionHash: null,
      completedAt: null,
      createdAt: expect.any(String),
      expiresAt: s.expiresAt,
      metadata: { ref: "x" },
    });
    const row = await getDb().fundSession.findUniqueOrThrow({ where: { sessionKey: s.sessionKey } });
    setClockOffsetForTests(3_600_001);
    try {
      const later = await call(GET, { headers: mgmt, params: { campaignId: campaign.id, handle: s.sessionKey } });
      expect(later.body.status).toBe("expired");
    } finally {
      setClockOffsetForTests(0);
    }
    expect(await getDb().fundSession.findUniqueOrThrow({ where: { sessionKey: s.sessionKey } })).toEqual(row);
  });

  it("401, 403 without campaign:funds:read, 404 for another campaign's or platform's session and for an unknown key", async () => {
    const { mgmt, campaign, platform, business } = await makeFundTenant();
    const s = await campaignSession(mgmt, campaign.id);
    const params = { campaignId: campaign.id, handle: s.sessionKey };
    expect((await call(GET, { params })).status).toBe(401);
    const noScope = await makeFundTenant({ keyScopes: ALL_SCOPES.filter((x) => x !== "campaign:funds:read") });
    const ns = await call(GET, { headers: noScope.mgmt, params: { campaignId: noScope.campaign.id, handle: s.sessionKey } });
    expect([ns.status, ns.body.code]).toEqual([403, "INSUFFICIENT_SCOPE"]);
    const other = await makeFundTenant();
    expect((await call(GET, { headers: other.mgmt, params: { campaignId: other.campaign.id, handle: s.sessionKey } })).body.code).toBe(
      "FUND_SESSION_NOT_FOUND",
    );
    expect((await call(GET, { headers: other.mgmt, params })).body.code).toBe("CAMPAIGN_NOT_FOUND");
    // another campaign of the same business
    const { createCampaign } = await import("@/lib/campaigns/create-campaign");
    const second = await createCampaign(
      { db: getDb() },
      { businessId: business.id, environment: "test", name: "Other", events: [], createdByPlatformId: platform.id },
    );
    const wrong = await call(GET, { headers: mgmt, params: { campaignId: second.id, handle: s.sessionKey } });
    expect([wrong.status, wrong.body.code]).toEqual([404, "FUND_SESSION_NOT_FOUND"]);
    expect((await call(GET, { headers: mgmt, params: { campaignId: campaign.id, handle: "fs_test_nope" } })).status).toBe(404);
  });
});

describe("DELETE /v1/platform/campaigns/{campaignId}/fund-sessions/{handle}", () => {
  it("cancels a pending session ({success: true}); a second DELETE is 409 FUND_SESSION_NOT_PENDING", async () => {
    const { mgmt, campaign } = await makeFundTenant();
    const s = await campaignSession(mgmt, campaign.id);
    const params = { campaignId: campaign.id, handle: s.sessionKey };
    const res = await call(DELETE, { headers: mgmt, params });
    expect([res.status, res.body]).toEqual([200, { success: true }]);
    expect((await call(GET, { headers: mgmt, params })).body.status).toBe("cancelled");
    const again = await call(DELETE, { headers: mgmt, params });
    expect([again.status, again.body.code]).toEqual([409, "FUND_SESSION_NOT_PENDING"]);
    expect(again.body.error).toMatch(/cancelled/);
  });

  it("401, 403 without campaign:funds:create, 404 for another business; nothing changes", async () => {
    const { mgmt, campaign } = await makeFundTenant();
    const s = await campaignSession(mgmt, campaign.id);
    const params = { campaignId: campaign.id, handle: s.sessionKey };
    expect((await call(DELETE, { params })).status).toBe(401);
    const noScope = await makeFundTenant({ keyScopes: ALL_SCOPES.filter((x) => x !== "campaign:funds:create") });
    expect((await call(DELETE, { headers: noScope.mgmt, params: { campaignId: noScope.campaign.id, handle: s.sessionKey } })).status).toBe(403);
    const other = await makeFundTenant();
    expect((await call(DELETE, { headers: other.mgmt, params })).status).toBe(404);
    expect((await call(DELETE, { headers: other.mgmt, params: { campaignId: other.campaign.id, handle: s.sessionKey } })).status).toBe(404);
    expect((await getDb().fundSession.findUniqueOrThrow({ where: { sessionKey: s.sessionKey } })).status).toBe("pending");
  });
});
