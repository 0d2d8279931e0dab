// Business-level link sessions: initiate, details, the test helpers acting them out, and the link
// webhooks the platform receives (outbox rows, and one delivery to a real HTTP receiver, signed).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST } from "./route";
import { GET as DETAILS } from "../details/route";
import { POST as APPROVE } from "@/app/api/v1/test-helpers/link-sessions/[sessionKey]/approve/route";
import { POST as CANCEL } from "@/app/api/v1/test-helpers/link-sessions/[sessionKey]/cancel/route";
import { POST as FAIL } from "@/app/api/v1/test-helpers/link-sessions/[sessionKey]/fail/route";
import { POST as EXPIRE } from "@/app/api/v1/test-helpers/link-sessions/[sessionKey]/expire/route";
import { call } from "@/tests/support/http";
import { expectBusinessAuth, expectScopeRefusals, idem, makeBusinessTenant } from "@/tests/support/business";
import { startLinkSession, linkEventsOf } from "@/tests/support/linking";
import { makeGame } from "@/tests/support/fixtures";
import { startReceiver, type Receiver } from "@/tests/support/webhook-receiver";
import { getDb } from "@/lib/db/client";
import { deliverWebhook } from "@/lib/webhooks/deliver";
import { verifySignature } from "@/lib/webhooks/sign";

const base = "http://localhost:3000";
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
});

describe("POST /v1/platform/business/users/link/initiate", () => {
  it("201 with Location for a new session of the business (webhooks owned by the platform); 200 with the same session for the same email or Idempotency-Key", async () => {
    const t = await makeBusinessTenant();
    const first = await call(POST, { headers: t.tb, body: { email: "Jane@Example.com", metadata: { campaign: "spring", tier: 2 } } });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ url: `${base}/link/${first.body.sessionKey}`, sessionKey: expect.stringMatching(/^lks_test_[0-9a-f]{32}$/) });
    expect(first.headers.get("location")).toBe(first.body.url);
    const row = await getDb().linkSession.findUniqueOrThrow({ where: { sessionKey: first.body.sessionKey } });
    expect(row).toMatchObject({
      namespaceType: "business",
      namespaceId: t.business.id,
      environment: "test",
      ownerType: "platform",
      ownerId: t.platform.id,
      prefilledEmail: "jane@example.com",
      state: "pending",
      metadata: { campaign: "spring", tier: 2 },
    });
    const sameEmail = await call(POST, { headers: t.tb, body: { email: " jane@example.COM " } });
    expect(sameEmail.status).toBe(200);
    expect(sameEmail.body).toEqual(first.body);
    expect(sameEmail.headers.get("location")).toBeNull();

    const keyed = idem(t.tb);
    const byKey = await call(POST, { headers: keyed, body: {} });
    expect(byKey.status).toBe(201);
    const again = await call(POST, { headers: keyed, body: {} });
    expect([again.status, again.body.sessionKey]).toEqual([200, byKey.body.sessionKey]);
    expect(await getDb().linkSession.count({ where: { namespaceId: t.business.id } })).toBe(2);
  });

  it("without an email the Idempotency-Key is required; a bad email is 400 INVALID_EMAIL; bad metadata is 400; nothing is created", async () => {
    const t = await makeBusinessTenant();
    const noKey = await call(POST, { headers: t.tb, body: {} });
    expect([noKey.status, noKey.body.code]).toEqual([400, "IDEMPOTENCY_KEY_REQUIRED"]);
    const nullEmail = await call(POST, { headers: t.tb, body: { email: null } });
    expect(nullEmail.body.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
    const bad = await call(POST, { headers: idem(t.tb), body: { email: "jane@" } });
    expect([bad.status, bad.body.code, bad.body.details]).toEqual([400, "INVALID_EMAIL", [{ field: "email", message: expect.any(String) }]]);
    const meta = await call(POST, { headers: idem(t.tb), body: { email: "a@example.com", metadata: ["x"] } });
    expect([meta.status, meta.body.code, meta.body.details[0].field]).toEqual([400, "VALIDATION_ERROR", "metadata"]);
    const big = await call(POST, { headers: idem(t.tb), body: { email: "a@example.com", metadata: { x: "y".repeat(5000) } } });
    expect([big.status, big.body.details[0].field]).toEqual([400, "metadata"]);
    expect(await getDb().linkSession.count({ where: { namespaceId: t.business.id } })).toBe(0);
  });

  it("refuses strangers (401, 400, 403 without a grant) and each set lacking business:users:link:create, creating nothing", async () => {
    const t = await makeBusinessTenant();
    const before = await getDb().linkSession.count();
    await expectBusinessAuth(POST, { body: { email: "x@example.com" } }, t.tb);
    await expectScopeRefusals("business:users:link:create", (x) => call(POST, { headers: x.tb, body: { email: "x@example.com" } }));
    expect(await getDb().linkSession.count()).toBe(before);
  });
});

describe("GET /v1/platform/business/users/link/details", () => {
  it("pending, then approved with the obu_test_ userRef; another business's or a game's session is 404", async () => {
    const t = await makeBusinessTenant();
    const { sessionKey } = (await call(POST, { headers: t.tb, body: { email: "sam@example.com" } })).body;
    const pending = await call(DETAILS, { headers: t.tb, query: { session: sessionKey } });
    expect(pending.status).toBe(200);
    expect(pending.body).toMatchObject({
      namespaceType: "business",
      businessId: t.business.id,
      businessName: t.business.name,
      prefilledEmail: "sam@example.com",
      status: "pending",
      state: "pending",
      environment: "test",
      approvedAt: null,
    });
    expect(pending.body).not.toHaveProperty("userRef");
    await call(APPROVE, { headers: t.tb, params: { sessionKey }, body: {} });
    const approved = await call(DETAILS, { headers: t.tb, query: { session: sessionKey } });
    expect(approved.body).toMatchObject({ status: "approved", userRef: expect.stringMatching(/^obu_test_[0-9a-f]{24}$/), approvedAt: expect.any(String) });
    const link = await getDb().playerLink.findUniqueOrThrow({ where: { userRef: approved.body.userRef }, include: { player: true } });
    expect(link).toMatchObject({
      namespaceType: "business",
      namespaceId: t.business.id,
      status: "active",
      approvalScopes: ["balance:read", "wallet:spend", "vc:spend"],
    });
    expect(link.player.email).toBe("sam@example.com");

    const other = await makeBusinessTenant();
    const foreign = await call(DETAILS, { headers: other.tb, query: { session: sessionKey } });
    expect([foreign.status, foreign.body.code]).toEqual([404, "LINK_SESSION_NOT_FOUND"]);
    const game = await makeGame();
    const gameKey = await startLinkSession(game.headers, { email: "g@example.com" });
    const gameLevel = await call(DETAILS, { headers: t.tb, query: { session: gameKey } });
    expect(gameLevel.status).toBe(404);
    const missing = await call(DETAILS, { headers: t.tb, query: {} });
    expect([missing.status, missing.body.code, missing.body.details[0].field]).toEqual([400, "VALIDATION_ERROR", "session"]);
  });

  it("refuses strangers and each set lacking business:users:link:read", async () => {
    const t = await makeBusinessTenant();
    const { sessionKey } = (await call(POST, { headers: t.tb, body: { email: "d@example.com" } })).body;
    await expectBusinessAuth(DETAILS, { query: { session: sessionKey } }, t.tb);
    await expectScopeRefusals("business:users:link:read", (x) => call(DETAILS, { headers: x.tb, query: { session: sessionKey } }));
  });
});

describe("business-level link sessions with the test helpers, and their webhooks to the platform", () => {
  it("Started and Succeeded carry sessionKey, user_ref, businessId and metadata {idempotencyKey, platform_metadata}; delivered to the platform's endpoint, signed with its secret", async () => {
    const t = await makeBusinessTenant({ webhookUrl: receiver.url });
    const headers = idem(t.tb, "init-key-1");
    const started = await call(POST, { headers, body: { metadata: { order: 7, note: "é" } } });
    const { sessionKey } = started.body;
    const approved = await call(APPROVE, { headers: t.tb, params: { sessionKey }, body: { email: "lee@example.com", name: "Lee" } });
    expect(approved.status).toBe(200);
    const userRef = approved.body.userRef;
    expect(approved.body).toMatchObject({
      namespaceType: "business",
      businessId: t.business.id,
      status: "approved",
      userRef: expect.stringMatching(/^obu_test_/),
    });
    const metadata = { idempotencyKey: "init-key-1", platform_metadata: { order: 7, note: "é" } };
    expect(await linkEventsOf(sessionKey, { withOwner: true })).toEqual([
      {
        event: "User.Account.Link.Started",
        sequence: 1,
        ownerType: "platform",
        ownerId: t.platform.id,
        data: { sessionKey, user_ref: null, businessId: t.business.id, metadata },
      },
      {
        event: "User.Account.Link.Succeeded",
        sequence: 2,
        ownerType: "platform",
        ownerId: t.platform.id,
        data: { sessionKey, user_ref: userRef, metadata, businessId: t.business.id },
      },
    ]);
    // every event of the session is the platform's (above): no game or campaign endpoint hears of it

    const event = await getDb().webhookEvent.findFirstOrThrow({ where: { event: "User.Account.Link.Succeeded", ownerId: t.platform.id } });
    const delivery = await getDb().webhookDelivery.findFirstOrThrow({ where: { eventId: event.id } });
    expect(delivery.url).toBe(receiver.url);
    // per-object order: Succeeded waits until the session's Started is delivered
    expect(await deliverWebhook(getDb(), delivery.id)).toBe("deferred");
    const startedEvent = await getDb().webhookEvent.findFirstOrThrow({ where: { event: "User.Account.Link.Started", ownerId: t.platform.id } });
    for (const d of await getDb().webhookDelivery.findMany({ where: { eventId: startedEvent.id } }))
      expect(await deliverWebhook(getDb(), d.id)).toBe("succeeded");
    expect(await deliverWebhook(getDb(), delivery.id)).toBe("succeeded");
    const [req] = receiver.forEvent(event.id);
    expect(verifySignature(req.rawBody, t.platform.webhookSecret, req.headers["x-service-signature"] as string)).toBe(true);
    expect(JSON.parse(req.rawBody)).toEqual({
      event: "User.Account.Link.Succeeded",
      data: { sessionKey, user_ref: userRef, metadata, businessId: t.business.id },
      timestamp: expect.any(String),
    });
  });

  it("cancel, fail and expire work on business-level sessions with the platform key (Canceled and Failed carry businessId); another business's session is 404", async () => {
    const t = await makeBusinessTenant();
    const start = async () => (await call(POST, { headers: idem(t.tb), body: {} })).body.sessionKey as string;
    const [c, f, e] = [await start(), await start(), await start()];
    expect((await call(CANCEL, { headers: t.tb, params: { sessionKey: c } })).body).toMatchObject({ businessId: t.business.id, status: "canceled" });
    expect((await call(FAIL, { headers: t.tb, params: { sessionKey: f }, body: { message: "Region blocked" } })).body.status).toBe("failed");
    expect((await call(EXPIRE, { headers: t.tb, params: { sessionKey: e } })).body.status).toBe("expired");
    expect((await linkEventsOf(c)).map((x) => [x.event, x.data])).toEqual([
      ["User.Account.Link.Started", expect.objectContaining({ user_ref: null, businessId: t.business.id })],
      ["User.Account.Link.Canceled", { sessionKey: c, user_ref: null, businessId: t.business.id, metadata: { idempotencyKey: expect.any(String) } }],
    ]);
    expect((await linkEventsOf(f))[1]).toEqual({
      event: "User.Account.Link.Failed",
      sequence: 2,
      data: { sessionKey: f, message: "Region blocked", user_ref: null, businessId: t.business.id, metadata: { idempotencyKey: expect.any(String) } },
    });
    expect((await linkEventsOf(e)).map((x) => x.event)).toEqual(["User.Account.Link.Started"]);

    const other = await makeBusinessTenant();
    const theirs = (await call(POST, { headers: idem(other.tb), body: {} })).body.sessionKey;
    for (const helper of [APPROVE, CANCEL, EXPIRE]) {
      const res = await call(helper, { headers: t.tb, params: { sessionKey: theirs }, body: {} });
      expect([res.status, res.body.code]).toEqual([404, "LINK_SESSION_NOT_FOUND"]);
    }
    expect((await getDb().linkSession.findUniqueOrThrow({ where: { sessionKey: theirs } })).state).toBe("pending");
    const live = await makeBusinessTenant({ environment: "live" });
    const liveHelper = await call(APPROVE, { headers: live.tb, params: { sessionKey: theirs }, body: {} });
    expect(liveHelper.status).toBe(404);
  });
});
