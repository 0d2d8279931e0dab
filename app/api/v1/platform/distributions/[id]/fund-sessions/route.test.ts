import { describe, expect, it } from "vitest";
import { POST } from "./route";
import { DELETE, GET } from "./[handle]/route";
import { POST as CANCEL_DISTRIBUTION } from "../cancel/route";
import { call } from "@/tests/support/http";
import { distributionSession, idemKey, makeFundDistribution, makeFundTenant } from "@/tests/support/fund-sessions";
import { makePlatformTenant, platformEventsOf } from "@/tests/support/platform";
import { getDb } from "@/lib/db/client";
import { ALL_SCOPES } from "@/lib/platform/scopes";

describe("POST /v1/platform/distributions/{id}/fund-sessions", () => {
  it("201 with Location for a 'fund_session' distribution; the session asks for total + fees; the same key returns it with 200", async () => {
    const { tb, business, platform } = await makeFundTenant();
    const d = await makeFundDistribution(tb);
    expect([d.totalAmountCents, d.totalFeeCents]).toEqual([1075, 11]);
    const headers = { ...tb, ...idemKey() };
    const res = await call(POST, { headers, params: { id: d._id }, body: {} });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      sessionKey: expect.stringMatching(/^fs_test_[A-Za-z0-9_-]{43}$/),
      url: expect.any(String),
      expiresAt: expect.any(String),
      metadata: null,
    });
    expect(res.headers.get("location")).toBe(res.body.url);
    expect(Date.parse(res.body.expiresAt) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    const row = await getDb().fundSession.findUniqueOrThrow({ where: { sessionKey: res.body.sessionKey } });
    expect(row).toMatchObject({
      targetType: "distribution",
      distributionId: d._id,
      businessId: business.id,
      platformId: platform.id,
      requestedMicros: 10_860_000n,
    });
    const replay = await call(POST, { headers, params: { id: d._id }, body: {} });
    expect([replay.status, replay.body]).toEqual([200, res.body]);
    // an empty body works too (the spec sends none)
    const bare = await call(POST, { headers: { ...tb, ...idemKey() }, params: { id: d._id } });
    expect(bare.status).toBe(201);
    expect(await getDb().fundSession.count({ where: { distributionId: d._id } })).toBe(2);
    expect((await platformEventsOf(platform.id)).map((e) => e.event)).toEqual(["Platform.Distribution.Created"]);
  });

  it("409 PAYOUT_PATH_MISMATCH on a 'partner' distribution; 409 DISTRIBUTION_NOT_PENDING once cancelled; nothing created", async () => {
    const { tb } = await makeFundTenant();
    const partner = await makeFundDistribution(tb, { payoutPath: "partner" });
    const res = await call(POST, { headers: { ...tb, ...idemKey() }, params: { id: partner._id }, body: {} });
    expect([res.status, res.body.code]).toEqual([409, "PAYOUT_PATH_MISMATCH"]);
    expect(res.body.error).toMatch(/partner/);
    const d = await makeFundDistribution(tb);
    await call(CANCEL_DISTRIBUTION, { headers: tb, params: { id: d._id } });
    const late = await call(POST, { headers: { ...tb, ...idemKey() }, params: { id: d._id }, body: {} });
    expect([late.status, late.body.code]).toEqual([409, "DISTRIBUTION_NOT_PENDING"]);
    expect(await getDb().fundSession.count({ where: { distributionId: { in: [partner._id, d._id] } } })).toBe(0);
  });

  it("401; 403 without distribution:funds:create; 404 for another business's distribution; 400 naming the field; key required", async () => {
    const { tb } = await makeFundTenant();
    const d = await makeFundDistribution(tb);
    const params = { id: d._id };
    expect((await call(POST, { headers: idemKey(), params, body: {} })).status).toBe(401);
    const noScope = await makePlatformTenant({ keyScopes: ALL_SCOPES.filter((s) => s !== "distribution:funds:create") });
    const r403 = await call(POST, { headers: { ...noScope.tb, ...idemKey() }, params, body: {} });
    expect([r403.status, r403.body.code]).toEqual([403, "INSUFFICIENT_SCOPE"]);
    const other = await makePlatformTenant();
    const foreign = await call(POST, { headers: { ...other.tb, ...idemKey() }, params, body: {} });
    expect([foreign.status, foreign.body.code]).toEqual([404, "DISTRIBUTION_NOT_FOUND"]);
    const bad = await call(POST, { headers: { ...tb, ...idemKey() }, params, body: { metadata: "x" } });
    expect([bad.status, bad.body.details[0].field]).toEqual([400, "metadata"]);
    expect((await call(POST, { headers: tb, params, body: {} })).body.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
    expect(await getDb().fundSession.count({ where: { distributionId: d._id } })).toBe(0);
  });
});

describe("GET and DELETE /v1/platform/distributions/{id}/fund-sessions/{handle}", () => {
  it("GET: the distribution fund session; DELETE cancels it once, then 409", async () => {
    const { tb } = await makeFundTenant();
    const d = await makeFundDistribution(tb);
    const s = await distributionSession(tb, d._id);
    const params = { id: d._id, handle: s.sessionKey };
    const res = await call(GET, { headers: tb, params });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      sessionKey: s.sessionKey,
      url: s.url,
      status: "pending",
      distributionId: d._id,
      amountUsdc: 10.86,
      transactionHash: null,
      completedAt: null,
      createdAt: expect.any(String),
      expiresAt: s.expiresAt,
      metadata: null,
    });
    const del = await call(DELETE, { headers: tb, params });
    expect([del.status, del.body]).toEqual([200, { success: true }]);
    expect((await call(GET, { headers: tb, params })).body.status).toBe("cancelled");
    const again = await call(DELETE, { headers: tb, params });
    expect([again.status, again.body.code]).toEqual([409, "FUND_SESSION_NOT_PENDING"]);
  });

  it("401; 403 for each missing scope; 404 for another business's distribution or session; nothing changes", async () => {
    const { tb } = await makeFundTenant();
    const d = await makeFundDistribution(tb);
    const s = await distributionSession(tb, d._id);
    const params = { id: d._id, handle: s.sessionKey };
    expect((await call(GET, { params })).status).toBe(401);
    expect((await call(DELETE, { params })).status).toBe(401);
    const noRead = await makePlatformTenant({ keyScopes: ALL_SCOPES.filter((x) => x !== "distribution:funds:read") });
    expect((await call(GET, { headers: noRead.tb, params })).status).toBe(403);
    const noCreate = await makePlatformTenant({ keyScopes: ALL_SCOPES.filter((x) => x !== "distribution:funds:create") });
    expect((await call(DELETE, { headers: noCreate.tb, params })).status).toBe(403);
    const other = await makeFundTenant();
    expect((await call(GET, { headers: other.tb, params })).body.code).toBe("DISTRIBUTION_NOT_FOUND");
    expect((await call(DELETE, { headers: other.tb, params })).body.code).toBe("DISTRIBUTION_NOT_FOUND");
    // the session under another distribution of the caller's own business
    const mine = await makeFundDistribution(other.tb);
    const wrong = await call(DELETE, { headers: other.tb, params: { id: mine._id, handle: s.sessionKey } });
    expect([wrong.status, wrong.body.code]).toEqual([404, "FUND_SESSION_NOT_FOUND"]);
    expect((await getDb().fundSession.findUniqueOrThrow({ where: { sessionKey: s.sessionKey } })).status).toBe("pending");
  });

  it("cancelling the distribution revokes its pending fund sessions", async () => {
    const { tb } = await makeFundTenant();
    const d = await makeFundDistribution(tb);
    const a = await distributionSession(tb, d._id);
    const b = await distributionSession(tb, d._id);
    expect((await call(CANCEL_DISTRIBUTION, { headers: tb, params: { id: d._id } })).status).toBe(200);
    for (const s of [a, b]) expect((await call(GET, { headers: tb, params: { id: d._id, handle: s.sessionKey } })).body.status).toBe("cancelled");
  });
});
