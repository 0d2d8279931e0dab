import { describe, expect, it } from "vitest";
import { POST } from "./route";
import { POST as CANCEL } from "../cancel/route";
import { POST as EXPIRE } from "../expire/route";
import { call } from "@/tests/support/http";
import { startLinkSession as start, linkEventsOf as eventsOf } from "@/tests/support/linking";
import { makeGame } from "@/tests/support/fixtures";
import { getDb } from "@/lib/db/client";
import { initiateLinkSession } from "@/lib/linking/initiate-link-session";
import { makeCampaignWith } from "@/tests/support/campaigns";
import { grantPlatformOn } from "@/tests/support/platform";

describe("POST /v1/test-helpers/link-sessions/{sessionKey}/approve", () => {
  it("signs in the prefilled email, links the player and emits Succeeded; returns the details with userRef", async () => {
    const { game, headers } = await makeGame({ webhookUrl: "https://hooks.example.test/in" });
    const sessionKey = await start(headers, { email: "kim@example.com" });
    const res = await call(POST, { headers, params: { sessionKey } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      sessionKey,
      namespaceType: "game",
      gameId: game.id,
      state: "approved",
      status: "approved",
      prefilledEmail: "kim@example.com",
    });
    expect(res.body.userRef).toMatch(/^gmu_test_[0-9a-f]{24}$/);
    expect(Date.parse(res.body.approvedAt)).toBeGreaterThan(Date.now() - 10_000);

    const player = await getDb().player.findUniqueOrThrow({ where: { email: "kim@example.com" } });
    const link = await getDb().playerLink.findUniqueOrThrow({ where: { userRef: res.body.userRef } });
    expect(link).toMatchObject({ playerId: player.id, namespaceType: "game", namespaceId: game.id, environment: "test", status: "active" });
    const row = await getDb().linkSession.findUniqueOrThrow({ where: { sessionKey } });
    expect(row.playerId).toBe(player.id);

    expect(await eventsOf(sessionKey)).toEqual([
      { event: "User.Account.Link.Started", sequence: 1, data: { sessionKey } },
      { event: "User.Account.Link.Succeeded", sequence: 2, data: { sessionKey, user_ref: res.body.userRef, metadata: { idempotencyKey: null } } },
    ]);
  });

  it("Succeeded echoes the Idempotency-Key sent at initiation, and platform_metadata when the session has metadata", async () => {
    const { game, headers } = await makeGame();
    const withKey = await start(headers, {}, { "idempotency-key": "order-77" });
    const approved = await call(POST, { headers, params: { sessionKey: withKey } });
    expect((await eventsOf(withKey))[1].data).toEqual({ sessionKey: withKey, user_ref: approved.body.userRef, metadata: { idempotencyKey: "order-77" } });

    const scope = { namespace: { type: "game" as const, id: game.id }, environment: "test" as const, owner: { type: "game" as const, id: game.id } };
    const { session } = await initiateLinkSession({ db: getDb() }, { scope, metadata: { campaign: "spring", tier: 2 } });
    const res = await call(POST, { headers, params: { sessionKey: session.sessionKey } });
    expect((await eventsOf(session.sessionKey))[1].data).toEqual({
      sessionKey: session.sessionKey,
      user_ref: res.body.userRef,
      metadata: { idempotencyKey: null, platform_metadata: { campaign: "spring", tier: 2 } },
    });
  });

  it("uses the email and name given, or a new random test account when there is no email at all", async () => {
    const { headers } = await makeGame();
    const named = await start(headers, { email: "prefilled@example.com" });
    await call(POST, { headers, params: { sessionKey: named }, body: { email: "Other@Example.com", name: "Lee Other" } });
    expect(await getDb().player.findUnique({ where: { email: "other@example.com" } })).toMatchObject({ name: "Lee Other" });
    expect(await getDb().player.findUnique({ where: { email: "prefilled@example.com" } })).toBeNull();

    const anonymous = await start(headers);
    await call(POST, { headers, params: { sessionKey: anonymous } });
    const row = await getDb().linkSession.findUniqueOrThrow({ where: { sessionKey: anonymous } });
    const player = await getDb().player.findUniqueOrThrow({ where: { id: row.playerId! } });
    expect(player.email).toMatch(/^player-[0-9a-f]{12}@example\.test$/);
  });

  it("409 LINK_SESSION_NOT_PENDING naming the state when approved twice; nothing changes", async () => {
    const { headers } = await makeGame();
    const sessionKey = await start(headers, { email: "mo@example.com" });
    const first = await call(POST, { headers, params: { sessionKey } });
    const second = await call(POST, { headers, params: { sessionKey }, body: { email: "someone-else@example.com" } });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe("LINK_SESSION_NOT_PENDING");
    expect(second.body.error).toContain("is approved");
    expect(await getDb().player.findUnique({ where: { email: "someone-else@example.com" } })).toBeNull();
    expect((await getDb().linkSession.findUniqueOrThrow({ where: { sessionKey } })).userRef).toBe(first.body.userRef);
    expect(await eventsOf(sessionKey)).toHaveLength(2);
  });

  it("409 for a canceled, an expired and an overdue session", async () => {
    const { headers } = await makeGame();
    const canceled = await start(headers);
    await call(CANCEL, { headers, params: { sessionKey: canceled } });
    const expired = await start(headers);
    await call(EXPIRE, { headers, params: { sessionKey: expired } });
    const overdue = await start(headers);
    await getDb().linkSession.update({ where: { sessionKey: overdue }, data: { expiresAt: new Date(Date.now() - 1) } });
    for (const [sessionKey, state] of [
      [canceled, "canceled"],
      [expired, "expired"],
      [overdue, "expired"],
    ]) {
      const res = await call(POST, { headers, params: { sessionKey } });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe("LINK_SESSION_NOT_PENDING");
      expect(res.body.error).toContain(`is ${state}`);
      expect((await getDb().linkSession.findUniqueOrThrow({ where: { sessionKey } })).playerId).toBeNull();
    }
  });

  it("parallel approvals of one session: exactly one wins, the others get 409", async () => {
    const { game, headers } = await makeGame();
    const sessionKey = await start(headers);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => call(POST, { headers, params: { sessionKey }, body: { email: `p${i}@example.com` } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect((await eventsOf(sessionKey)).map((e) => e.event)).toEqual(["User.Account.Link.Started", "User.Account.Link.Succeeded"]);
    expect(await getDb().playerLink.count({ where: { namespaceId: game.id } })).toBe(1);
  });

  it("one player approving two sessions in parallel gets one link and the same userRef", async () => {
    const { game, headers } = await makeGame();
    const keys = [await start(headers), await start(headers)];
    const results = await Promise.all(keys.map((sessionKey) => call(POST, { headers, params: { sessionKey }, body: { email: "twin@example.com" } })));
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results[0].body.userRef).toBe(results[1].body.userRef);
    expect(await getDb().playerLink.count({ where: { namespaceId: game.id } })).toBe(1);
  });

  it("an Idempotency-Key replays the first response", async () => {
    const { headers } = await makeGame();
    const sessionKey = await start(headers);
    const h = { ...headers, "idempotency-key": "approve-1" };
    const first = await call(POST, { headers: h, params: { sessionKey } });
    const again = await call(POST, { headers: h, params: { sessionKey } });
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
  });

  it("404 for a live key, even for its own live session; the session stays pending", async () => {
    const { headers } = await makeGame({ environment: "live" });
    const sessionKey = await start(headers);
    const res = await call(POST, { headers, params: { sessionKey } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("NOT_FOUND");
    expect((await getDb().linkSession.findUniqueOrThrow({ where: { sessionKey } })).state).toBe("pending");
  });

  it("404 for another game's session and for an unknown one; nothing changes", async () => {
    const a = await makeGame();
    const b = await makeGame();
    const sessionKey = await start(a.headers, { email: "foreign@example.com" });
    const res = await call(POST, { headers: b.headers, params: { sessionKey } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("LINK_SESSION_NOT_FOUND");
    expect((await getDb().linkSession.findUniqueOrThrow({ where: { sessionKey } })).state).toBe("pending");
    expect(await getDb().player.findUnique({ where: { email: "foreign@example.com" } })).toBeNull();
    expect(await getDb().playerLink.count({ where: { namespaceId: { in: [a.game.id, b.game.id] } } })).toBe(0);
    expect((await call(POST, { headers: a.headers, params: { sessionKey: "lks_test_nope" } })).status).toBe(404);
  });

  it("400 naming email for an invalid email", async () => {
    const { headers } = await makeGame();
    const sessionKey = await start(headers);
    const res = await call(POST, { headers, params: { sessionKey }, body: { email: "nope" } });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: "email", message: "must be a valid email address, like name@example.com" }]);
    for (const [body, field, message] of [
      [{ email: 5 }, "email", "must be a string: an email address"],
      [{ name: 5 }, "name", "must be a string"],
    ] as const) {
      const wrong = await call(POST, { headers, params: { sessionKey }, body });
      expect([wrong.status, wrong.body.details]).toEqual([400, [{ field, message }]]);
    }
    expect((await getDb().linkSession.findUniqueOrThrow({ where: { sessionKey } })).state).toBe("pending");
  });

  it("404 for an unknown key of any format: long, or with a NUL character", async () => {
    const { headers } = await makeGame();
    for (const sessionKey of ["lks_test_" + "a".repeat(300), "lks_test_\u0000"]) {
      const res = await call(POST, { headers, params: { sessionKey } });
      expect([res.status, res.body.code]).toEqual([404, "LINK_SESSION_NOT_FOUND"]);
    }
  });

  it("a platform key acting for a business approves the sessions of that business's campaigns, not another business's or a deleted campaign's", async () => {
    const c = await makeCampaignWith();
    const p = await grantPlatformOn(c.business.id);
    const tb = { ...p.headers, "x-target-business-id": c.business.id };
    const scope = {
      namespace: { type: "campaign" as const, id: c.campaign.id },
      environment: "test" as const,
      owner: { type: "platform" as const, id: p.platform.id },
    };
    const mine = (await initiateLinkSession({ db: getDb() }, { scope, email: "pat@example.com" })).session.sessionKey;
    const res = await call(POST, { headers: tb, params: { sessionKey: mine } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sessionKey: mine, namespaceType: "campaign", campaignId: c.campaign.id, state: "approved" });
    expect(res.body.userRef).toMatch(/^pvu_test_[0-9a-f]{24}$/);

    const other = await makeCampaignWith();
    const otherScope = { ...scope, namespace: { type: "campaign" as const, id: other.campaign.id } };
    const theirs = (await initiateLinkSession({ db: getDb() }, { scope: otherScope })).session.sessionKey;
    const foreign = await call(POST, { headers: tb, params: { sessionKey: theirs } });
    expect([foreign.status, foreign.body.code]).toEqual([404, "LINK_SESSION_NOT_FOUND"]);
    const deleted = (await initiateLinkSession({ db: getDb() }, { scope, email: "del@example.com" })).session.sessionKey;
    await getDb().campaign.update({ where: { id: c.campaign.id }, data: { status: "deleted" } });
    const gone = await call(POST, { headers: tb, params: { sessionKey: deleted } });
    expect([gone.status, gone.body.code]).toEqual([404, "LINK_SESSION_NOT_FOUND"]);
    for (const sessionKey of [theirs, deleted]) expect((await getDb().linkSession.findUniqueOrThrow({ where: { sessionKey } })).state).toBe("pending");
  });

  it("401 without a key", async () => {
    expect((await call(POST, { params: { sessionKey: "lks_test_x" } })).status).toBe(401);
  });
});
