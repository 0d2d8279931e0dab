// A real /v1 call through the route handler leaves a RequestLog row (bodies redacted, ids found, the
// caller's business named), and a key's successful change an audit entry; refusals keep their error code.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getGame } from "@/app/api/v1/game/route";
import { POST as walletPurchase } from "@/app/api/v1/wallet/purchase/route";
import { POST as createPlatformKey } from "@/app/api/v1/platform/me/keys/route";
import { GET as listSplitTemplates } from "@/app/api/v1/platform/split-templates/route";
import { POST as initiateLink } from "@/app/api/v1/users/link/initiate/route";
import { POST as approveLink } from "@/app/api/v1/test-helpers/link-sessions/[sessionKey]/approve/route";
import { makeGame } from "@/tests/support/fixtures";
import { getDb } from "@/lib/db/client";
import { call } from "@/tests/support/http";
import { makePlatformTenant } from "@/tests/support/platform";
import { fundWallet, makeProductRow, makeStore } from "@/tests/support/purchases";
import { drainRequestLog, requestLogStats, setRequestCapture } from "./capture-request";
import { REDACTED } from "./redact";
import { recordRequests } from "./record-requests";
import { GET as listJournals } from "@/app/api/v1/vc/journals/route";
import { POST as DEBIT } from "@/app/api/v1/vc/debits/route";
import { fund, idem, makeVcGame } from "@/tests/support/vc";

const RAW_KEY = `service_server_test_${"0123456789abcdef".repeat(3)}`;

beforeAll(() => setRequestCapture(true));
afterAll(() => setRequestCapture(undefined));

const rowOf = async (requestId: string) => {
  await drainRequestLog();
  return getDb().requestLog.findFirstOrThrow({ where: { requestId } });
};

describe("request capture in the /v1 kernel", () => {
  it("a client's own X-Request-Id is kept per business: another tenant sending the same id does not push its row out", async () => {
    const [a, b] = [await makeStore({ players: 0 }), await makeStore({ players: 0 })];
    const requestId = `req_shared_${randomUUID()}`;
    for (const s of [a, b]) expect((await call(getGame, { headers: { ...s.headers, "x-request-id": requestId } })).status).toBe(200);
    await drainRequestLog();
    const rows = await getDb().requestLog.findMany({ where: { requestId }, orderBy: { createdAt: "asc" } });
    expect(rows.map((r) => r.businessId).sort()).toEqual([a.business.id, b.business.id].sort());
  });

  it("a server key's purchase: one row with its tenant, redacted bodies and the purchase id; one audit entry; a replay adds none", async () => {
    const s = await makeStore({ players: 1 });
    await fundWallet(s.playerIds[0], 20_000_000n);
    const item = await makeProductRow(s.game.id, { priceCents: 999, fulfillmentType: "WEBHOOK" });
    const key = randomUUID();
    const res = await call(walletPurchase, { headers: { ...s.headers, "idempotency-key": key }, body: { userId: s.users[0], itemId: item.id } });
    expect(res.status).toBe(200);
    const purchaseId: string = res.body.data.purchaseId;
    const requestId = res.headers.get("x-request-id")!;
    const row = await rowOf(requestId);
    const apiKey = await getDb().apiKey.findFirstOrThrow({ where: { gameId: s.game.id } });
    expect(row).toMatchObject({
      businessId: s.business.id,
      gameId: s.game.id,
      platformId: null,
      apiKeyId: apiKey.id,
      environment: "test",
      method: "POST",
      path: "/api/v1/wallet/purchase",
      status: 200,
      idempotencyKey: key,
      errorCode: null,
    });
    expect(row.latencyMs).toBeGreaterThanOrEqual(0);
    expect(JSON.parse(row.requestBody!)).toEqual({ userId: s.users[0], itemId: item.id });
    expect(JSON.parse(row.responseBody!).data.purchaseId).toBe(purchaseId);
    expect(row.objectIds).toContain(purchaseId);
    // the raw key never reaches the row
    expect(JSON.stringify(row)).not.toContain(s.serverKey);

    const audits = await getDb().auditEntry.findMany({ where: { businessId: s.business.id, requestId } });
    expect(audits).toEqual([
      expect.objectContaining({
        actorType: "key",
        actorId: apiKey.id,
        actorLabel: expect.stringContaining(apiKey.prefix),
        action: "POST /v1/wallet/purchase",
        objectId: purchaseId,
        environment: "test",
      }),
    ]);

    // the replay is logged (its own request id) but is no new change
    const again = await call(walletPurchase, { headers: { ...s.headers, "idempotency-key": key }, body: { userId: s.users[0], itemId: item.id } });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const replayRow = await rowOf(again.headers.get("x-request-id")!);
    expect(replayRow.status).toBe(200);
    expect(await getDb().auditEntry.count({ where: { businessId: s.business.id, action: "POST /v1/wallet/purchase" } })).toBe(1);
  });

  it("a platform key's created key: the raw key is redacted from the stored answer, the other values kept", async () => {
    const t = await makePlatformTenant();
    const res = await call(createPlatformKey, {
      headers: { ...t.mgmt, "idempotency-key": randomUUID() },
      body: { requestedScopes: ["platform:read"], label: "ci" },
    });
    expect(res.status).toBe(201);
    const row = await rowOf(res.headers.get("x-request-id")!);
    expect(row).toMatchObject({ platformId: t.platform.id, businessId: null, apiKeyId: t.key.id, status: 201 });
    const stored = JSON.parse(row.responseBody!);
    expect(stored.rawKey).toBe(REDACTED);
    expect(stored.key.label).toBe("ci");
    expect(row.responseBody).not.toContain(res.body.rawKey);
    expect(row.objectIds).toEqual([]);
    // no business: no audit entry (the audit log is per business)
    expect(await getDb().auditEntry.count({ where: { requestId: row.requestId } })).toBe(0);
  });

  it("refusals keep their code and error body, attributed to the key's business when the key matched", async () => {
    const s = await makeStore({ players: 1 });
    const bad = await call(walletPurchase, { headers: { ...s.headers, "idempotency-key": randomUUID() }, body: { userId: s.users[0] } });
    expect(bad.status).toBe(400);
    const row = await rowOf(bad.body.requestId);
    expect(row).toMatchObject({ businessId: s.business.id, status: 400, errorCode: "VALIDATION_ERROR" });
    expect(JSON.parse(row.responseBody!)).toEqual(bad.body);
    // the error body's requestId is not an object of the request
    expect(row.objectIds).toEqual([]);

    // a wrong X-Game-Id: the key is the business's own, so the business sees the refusal
    const wrong = await call(walletPurchase, { headers: { ...s.headers, "x-game-id": "nope", "idempotency-key": randomUUID() }, body: {} });
    expect(wrong.status).toBe(401);
    expect(await rowOf(wrong.body.requestId)).toMatchObject({ businessId: s.business.id, errorCode: "UNAUTHORIZED", requestBody: null });

    // no key at all: logged, but nobody's
    const none = await call(walletPurchase, { headers: {}, body: {} });
    expect(await rowOf(none.body.requestId)).toMatchObject({ businessId: null, apiKeyId: null, status: 401 });
  });

  it("a platform's scope refusal acting for a business is in that business's log, with the sets that lack the scope", async () => {
    const t = await makePlatformTenant({ grantScopes: ["business:read"] });
    const res = await call(listSplitTemplates, { headers: t.tb });
    expect(res.status).toBe(403);
    const row = await rowOf(res.body.requestId);
    expect(row).toMatchObject({ businessId: t.business.id, platformId: t.platform.id, errorCode: "INSUFFICIENT_SCOPE", status: 403 });
    expect(JSON.parse(row.responseBody!).details).toEqual([{ field: "grant.grantedScopes", message: expect.stringContaining("splitTemplate:read") }]);
  });

  it("a link session: its sessionKey is redacted from bodies and paths, and the session's id is among the objects", async () => {
    const g = await makeGame();
    const started = await call(initiateLink, { headers: { ...g.headers, "idempotency-key": randomUUID() }, body: { email: "linker@example.com" } });
    expect(started.status).toBe(201);
    const sessionKey: string = started.body.sessionKey;
    const session = await getDb().linkSession.findUniqueOrThrow({ where: { sessionKey } });
    const row = await rowOf(started.headers.get("x-request-id")!);
    expect(row.path).toBe("/api/v1/users/link/initiate");
    expect(row.responseBody).not.toContain(sessionKey);
    expect(JSON.parse(row.responseBody!).sessionKey).toBe(REDACTED);
    expect(row.objectIds).toContain(session.id);
    const approved = await call(approveLink, { headers: g.headers, params: { sessionKey }, body: {} });
    expect(approved.status).toBe(200);
    const approvedRow = await rowOf(approved.headers.get("x-request-id")!);
    expect(approvedRow.path).toBe(`/api/v1/test-helpers/link-sessions/${REDACTED}/approve`);
    expect(JSON.stringify(approvedRow)).not.toContain(sessionKey);
    expect(approvedRow.objectIds).toContain(session.id);
  });

  it("a burst of requests: every row written, none dropped", async () => {
    const s = await makeStore({ players: 1 });
    const before = requestLogStats().dropped;
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => call(walletPurchase, { headers: { ...s.headers, "idempotency-key": randomUUID() }, body: {} })),
    );
    await drainRequestLog();
    const ids = answers.map((a) => a.body.requestId as string);
    expect(await getDb().requestLog.count({ where: { requestId: { in: ids } } })).toBe(60);
    expect(requestLogStats().dropped).toBe(before);
  });

  it("a journals page through the kernel: kept as its first 4 KB as sent, unparsed; a page with a raw key in that part is redacted", async () => {
    const { headers, currencyId, users } = await makeVcGame({ players: 2 });
    await fund(headers, currencyId, users[0], 10_000);
    for (let i = 0; i < 24; i++) {
      const reason = i === 23 ? `refund for key ${RAW_KEY}` : `Shop purchase ${i}`;
      expect((await call(DEBIT, { headers: idem(headers), body: { currencyId, userRef: users[0], amountUnits: "1", reason } })).status).toBe(201);
    }
    // the newest journal (first on the page) holds a raw key in its description: the full redaction path
    const first = await call(listJournals, { headers, query: { currencyId, page: "1", limit: "50" } });
    expect(first.status).toBe(200);
    const sent = JSON.stringify(first.body);
    expect(sent.length).toBeGreaterThan(4096);
    const redacted = await rowOf(first.headers.get("x-request-id")!);
    expect(redacted.responseBody).not.toContain(RAW_KEY);
    expect(redacted.responseBody).toContain(REDACTED);
    // the second page (older journals, none with a key): its first 4 KB as sent, and the length that was sent
    const second = await call(listJournals, { headers, query: { currencyId, page: "2", limit: "12" } });
    const text = JSON.stringify(second.body);
    const row = await rowOf(second.headers.get("x-request-id")!);
    expect(text.length).toBeGreaterThan(4096);
    expect(row.responseBody).toBe(`${text.slice(0, 4096)}… [cut, ${text.length} characters]`);
    expect(row.objectIds).toEqual([]);
  });

  it("a string PostgreSQL text cannot hold (a NUL, half a surrogate pair) is stored replaced, and does not lose the batch", async () => {
    const tag = randomUUID();
    const row = (requestId: string, requestBody: string) => ({
      requestId,
      at: new Date(),
      method: "POST",
      path: `/api/v1/vc/credits?tag=${tag}`,
      route: "/v1/vc/credits",
      status: 400,
      latencyMs: 1,
      errorCode: "INVALID_JSON",
      requestBody,
      responseBody: '{"error":"The request body is not valid JSON.","code":"INVALID_JSON"}',
      facts: {},
    });
    await recordRequests({ db: getDb() }, [
      row(`req_nul_${tag}`, "not json \u0000 here"),
      row(`req_half_\ud800_${tag}`, "half \udfae pair"),
      row(`req_plain_${tag}`, "plain"),
    ]);
    const rows = await getDb().requestLog.findMany({ where: { path: { endsWith: `tag=${tag}` } }, orderBy: { requestId: "asc" } });
    expect(rows.map((r) => [r.requestId, r.requestBody])).toEqual([
      [`req_half_\ufffd_${tag}`, "half \ufffd pair"],
      [`req_nul_${tag}`, "not json \ufffd here"],
      [`req_plain_${tag}`, "plain"],
    ]);
  });
});
