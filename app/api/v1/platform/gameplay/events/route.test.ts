import { describe, expect, it } from "vitest";
import { POST } from "./route";
import { POST as REMOVE } from "@/app/api/v1/platform/business/users/[userRef]/link/remove/route";
import { call } from "@/tests/support/http";
import { expectBusinessAuth, expectScopeRefusals, idem, linkBusinessUser, makeBusinessTenant } from "@/tests/support/business";
import { getDb } from "@/lib/db/client";
import { createGame } from "@/lib/games/create-game";
import { approveBusinessForLive } from "@/tests/support/activation";

const eventsOf = (businessId: string) => getDb().gameplayEvent.findMany({ where: { businessId } });

describe("POST /v1/platform/gameplay/events", () => {
  it("records the event once per Idempotency-Key: recorded true, then the same eventId with recorded false; another body with the key is 422", async () => {
    const t = await makeBusinessTenant();
    const { userRef, player } = await linkBusinessUser(t.tb);
    const body = { userId: userRef, gameId: t.game.id, eventName: "level_complete", description: "Level 3" };
    const headers = idem(t.tb, "evt-1");
    const first = await call(POST, { headers, body });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ eventId: expect.stringMatching(/^[0-9a-f]{24}$/), recorded: true });
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect(await eventsOf(t.business.id)).toEqual([
      expect.objectContaining({
        id: first.body.eventId,
        platformId: t.platform.id,
        gameId: t.game.id,
        environment: "test",
        userRef,
        playerId: player.id,
        eventName: "level_complete",
        description: "Level 3",
        idempotencyKey: "evt-1",
      }),
    ]);
    const repeat = await call(POST, { headers, body });
    expect([repeat.status, repeat.body, repeat.headers.get("idempotent-replayed")]).toEqual([200, { eventId: first.body.eventId, recorded: false }, "true"]);
    const other = await call(POST, { headers, body: { ...body, eventName: "boss_defeated" } });
    expect([other.status, other.body.code]).toEqual([422, "IDEMPOTENCY_KEY_REUSED"]);
    const next = await call(POST, { headers: idem(t.tb, "evt-2"), body });
    expect(next.body).toEqual({ eventId: expect.any(String), recorded: true });
    expect(next.headers.get("idempotent-replayed")).toBeNull();
    expect(next.body.eventId).not.toBe(first.body.eventId);
    expect(await eventsOf(t.business.id)).toHaveLength(2);
    // the repeat answers even after the player was unlinked since
    await call(REMOVE, { headers: t.tb, params: { userRef } });
    expect((await call(POST, { headers, body })).body).toEqual({ eventId: first.body.eventId, recorded: false });
    expect((await call(POST, { headers: t.tb, body })).body.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
  });

  it("the same key sent at once records one event; the same key of another business records its own", async () => {
    const t = await makeBusinessTenant();
    const { userRef } = await linkBusinessUser(t.tb);
    const body = { userId: userRef, gameId: t.game.id, eventName: "race" };
    const results = await Promise.all([0, 1, 2, 3, 4].map(() => call(POST, { headers: idem(t.tb, "same"), body })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(results.filter((r) => r.body.recorded)).toHaveLength(1);
    expect(new Set(results.map((r) => r.body.eventId)).size).toBe(1);
    const other = await makeBusinessTenant();
    const theirs = await linkBusinessUser(other.tb);
    const res = await call(POST, { headers: idem(other.tb, "same"), body: { userId: theirs.userRef, gameId: other.game.id, eventName: "race" } });
    expect(res.body.recorded).toBe(true);
    expect(await eventsOf(t.business.id)).toHaveLength(1);
  });

  it("400 for bad bodies and references; 404 for another business's player or game, or a removed link; nothing recorded", async () => {
    const t = await makeBusinessTenant();
    const other = await makeBusinessTenant();
    const mine = await linkBusinessUser(t.tb);
    const theirs = await linkBusinessUser(other.tb);
    const gone = await linkBusinessUser(t.tb);
    await call(REMOVE, { headers: t.tb, params: { userRef: gone.userRef } });
    await approveBusinessForLive(t.business.id); // the test is about something else: a live business is an approved one
    const liveGame = await createGame({ db: getDb() }, { businessId: t.business.id, environment: "live", name: "Live" });
    const ok = { userId: mine.userRef, gameId: t.game.id, eventName: "x" };
    for (const [body, status, code] of [
      [{ ...ok, eventName: "" }, 400, "VALIDATION_ERROR"],
      [{ ...ok, eventName: "e".repeat(101) }, 400, "VALIDATION_ERROR"],
      [{ gameId: t.game.id, eventName: "x" }, 400, "VALIDATION_ERROR"],
      [{ ...ok, description: 5 }, 400, "VALIDATION_ERROR"],
      [{ ...ok, userId: "gmu_test_abc" }, 400, "INVALID_USER_REF"],
      [{ ...ok, userId: theirs.userRef }, 404, "USER_REF_NOT_FOUND"],
      [{ ...ok, userId: gone.userRef }, 404, "LINK_NOT_FOUND"],
      [{ ...ok, gameId: other.game.id }, 404, "GAME_NOT_FOUND"],
      [{ ...ok, gameId: liveGame.id }, 404, "GAME_NOT_FOUND"],
    ] as const) {
      const res = await call(POST, { headers: idem(t.tb), body });
      expect([res.status, res.body.code], JSON.stringify(body)).toEqual([status, code]);
    }
    expect(await eventsOf(t.business.id)).toEqual([]);
  });

  it("refuses strangers and each set lacking gameplay:event:create", async () => {
    const t = await makeBusinessTenant();
    const { userRef } = await linkBusinessUser(t.tb);
    const body = { userId: userRef, gameId: t.game.id, eventName: "x" };
    await expectBusinessAuth(POST, { body }, idem(t.tb));
    await expectScopeRefusals("gameplay:event:create", (x) => call(POST, { headers: idem(x.tb), body }));
    expect(await eventsOf(t.business.id)).toEqual([]);
  });
});
