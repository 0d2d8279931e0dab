// Issue 26, rate limits, written as the attack: nothing limited how fast one API key called /v1, so one
// game (or a leaked or buggy key) could take a whole process's capacity from every other tenant, and a
// client had no header telling it how close it was. Rule (docs/decisions/kernel.md, "Rate limits"): every
// key has a token bucket per process (RATE_LIMIT_* settings, live and test keys apart), checked right after
// authentication and before the body is read, idempotency or any transaction. Past its burst a key gets
// 429 RATE_LIMITED with Retry-After, and the refused call changes nothing: no journal, no balance, no
// idempotency record (a retry with the same Idempotency-Key after the wait applies once). Every response to
// an authenticated request carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset; 0 lifts the limit.
//
// Over the route handlers, on the file's real PostgreSQL. The bucket's refill over time is tested with a
// controlled clock beside it (lib/http/rate-limit.test.ts); here the one wait is the Retry-After second.
import { appBaseUrl } from "@/lib/config/settings";
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { GET as getGame } from "@/app/api/v1/game/route";
import { GET as getUser } from "@/app/api/v1/users/[userRef]/route";
import { POST as credit } from "@/app/api/v1/vc/credits/route";
import { getDb } from "@/lib/db/client";
import { makeGame } from "@/tests/support/fixtures";
import { call, type CallResult } from "@/tests/support/http";
import { balanceOf, idem, makeVcGame, vcSnapshot } from "@/tests/support/vc";

const SETTINGS = ["RATE_LIMIT_PER_SECOND", "RATE_LIMIT_BURST", "RATE_LIMIT_TEST_PER_SECOND", "RATE_LIMIT_TEST_BURST"] as const;
const limitTestKeys = (perSecond: number, burst?: number) => {
  process.env.RATE_LIMIT_TEST_PER_SECOND = String(perSecond);
  if (burst === undefined) delete process.env.RATE_LIMIT_TEST_BURST;
  else process.env.RATE_LIMIT_TEST_BURST = String(burst);
};
afterEach(() => {
  for (const name of SETTINGS) delete process.env[name];
});

/** The three RateLimit headers and Retry-After of a response (null when absent). */
const limitHeaders = (res: CallResult) => ({
  limit: res.headers.get("ratelimit-limit"),
  remaining: res.headers.get("ratelimit-remaining"),
  reset: res.headers.get("ratelimit-reset"),
  retryAfter: res.headers.get("retry-after"),
});

/** Everything a refused credit could have written for this game: ledger, idempotency records, outbox. */
const effects = async (gameId: string, currencyId: string) => ({
  vc: await vcSnapshot(currencyId),
  idempotencyRecords: await getDb().idempotencyRecord.count({ where: { scope: { contains: gameId } } }),
  events: await getDb().webhookEvent.count({ where: { ownerId: gameId } }),
});

describe("per-key rate limits on /v1", () => {
  it("past its burst a key gets 429 RATE_LIMITED with Retry-After and the headers; the refused credit changed nothing and applies once after the wait", async () => {
    const game = await makeVcGame({ players: 1 });
    const other = await makeVcGame({ players: 1 });
    const [userRef] = game.users;
    // a small limit for test keys from here on: 1 a second, bursts of 5 (the setup's calls left the bucket full)
    limitTestKeys(1, 5);
    const before = await effects(game.game.id, game.currencyId);

    // five reads at once take the whole burst
    const reads = await Promise.all(Array.from({ length: 5 }, () => call(getGame, { headers: game.headers })));
    expect(reads.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(reads.map((r) => r.headers.get("ratelimit-limit"))).toEqual(["5", "5", "5", "5", "5"]);
    expect(reads.map((r) => Number(r.headers.get("ratelimit-remaining"))).sort()).toEqual([0, 1, 2, 3, 4]);
    for (const r of reads) expect(Number(r.headers.get("ratelimit-reset"))).toBeGreaterThanOrEqual(1);
    for (const r of reads) expect(r.headers.get("retry-after")).toBeNull();

    const key = randomUUID();
    const body = { currencyId: game.currencyId, userRef, amountUnits: "7", orderId: "order-rl-1" };
    const refused = await call(credit, { headers: idem(game.headers, key), body });
    expect(refused.status, refused.text).toBe(429);
    expect(refused.body).toEqual({
      error: expect.stringMatching(/retry in 1 s/i),
      code: "RATE_LIMITED",
      docUrl: `${appBaseUrl()}/docs/errors#RATE_LIMITED`,
      requestId: expect.any(String),
    });
    // 1 token a second and less than one left: the next one is at most a second away; full again in 5 s
    expect(limitHeaders(refused)).toEqual({ limit: "5", remaining: "0", reset: "5", retryAfter: "1" });
    expect(refused.headers.get("idempotent-replayed")).toBeNull();

    // another game's key, at the same moment, has its own full bucket
    const neighbour = await call(getGame, { headers: other.headers });
    expect(neighbour.status).toBe(200);
    expect(limitHeaders(neighbour)).toEqual({ limit: "5", remaining: "4", reset: "1", retryAfter: null });
    const neighbourCredit = await call(credit, {
      headers: idem(other.headers),
      body: { currencyId: other.currencyId, userRef: other.users[0], amountUnits: "3", orderId: "order-n" },
    });
    expect(neighbourCredit.status, neighbourCredit.text).toBe(201);
    expect(await balanceOf(other.currencyId, other.users[0])).toBe(3n);

    // the refused credit wrote nothing: no journal, no balance, no idempotency record, no event
    expect(await effects(game.game.id, game.currencyId)).toEqual(before);
    expect(await balanceOf(game.currencyId, userRef)).toBe(0n);
    expect(await getDb().idempotencyRecord.findFirst({ where: { key } })).toBeNull();

    // after Retry-After, the same Idempotency-Key runs the credit (not a replay), once
    await new Promise((r) => setTimeout(r, Number(refused.headers.get("retry-after")) * 1000 + 50));
    const retried = await call(credit, { headers: idem(game.headers, key), body });
    expect(retried.status, retried.text).toBe(201);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
    expect(await balanceOf(game.currencyId, userRef)).toBe(7n);
    const after = await effects(game.game.id, game.currencyId);
    expect(after.vc.journals).toBe(before.vc.journals + 1);
    expect(after.idempotencyRecords).toBe(before.idempotencyRecords + 1);
  });

  it("the headers are on a 200 and on a 404 of an authenticated request, and live keys have their own limit", async () => {
    limitTestKeys(2, 10);
    const g = await makeGame();
    const ok = await call(getGame, { headers: g.headers });
    expect(ok.status).toBe(200);
    expect(limitHeaders(ok)).toEqual({ limit: "10", remaining: "9", reset: "1", retryAfter: null });
    const missing = await call(getUser, { headers: g.headers, params: { userRef: `nobody-${randomUUID()}` } });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("USER_REF_NOT_FOUND");
    expect(limitHeaders(missing)).toMatchObject({ limit: "10", remaining: "8", retryAfter: null });
    expect(Number(missing.headers.get("ratelimit-reset"))).toBe(1);

    // a request that fails authentication counts against no key and carries no limit headers
    const anonymous = await call(getGame, { headers: { "x-game-id": g.game.id } });
    expect(anonymous.status).toBe(401);
    expect(limitHeaders(anonymous)).toEqual({ limit: null, remaining: null, reset: null, retryAfter: null });

    process.env.RATE_LIMIT_PER_SECOND = "3";
    process.env.RATE_LIMIT_BURST = "7";
    const live = await makeGame({ environment: "live" });
    const liveRead = await call(getGame, { headers: live.headers });
    expect(liveRead.status).toBe(200);
    expect(limitHeaders(liveRead)).toEqual({ limit: "7", remaining: "6", reset: "1", retryAfter: null });
  });

  it("a valid key's refusals after the key check (a wrong X-Game-Id, a scope, a grant) count against it and carry the headers", async () => {
    limitTestKeys(1, 2);
    const g = await makeGame();
    const other = await makeGame();
    const wrongGame = { ...g.headers, "x-game-id": other.game.id };
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await call(getGame, { headers: wrongGame }));
    expect(answers.map((r) => r.status)).toEqual([401, 401, 429]);
    expect(answers.map((r) => r.body.code)).toEqual(["UNAUTHORIZED", "UNAUTHORIZED", "RATE_LIMITED"]);
    expect(answers.map((r) => r.headers.get("ratelimit-remaining"))).toEqual(["1", "0", "0"]);
    expect(answers[2].headers.get("retry-after")).toBe("1");
    // the right header now: the same key's bucket is empty, whatever the request
    const right = await call(getGame, { headers: g.headers });
    expect(right.status).toBe(429);
  });

  it("configuration 0 lifts the limit: no 429 past the burst, and no limit headers", async () => {
    const g = await makeGame();
    limitTestKeys(0, 2);
    const answers = await Promise.all(Array.from({ length: 12 }, () => call(getGame, { headers: g.headers })));
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200));
    for (const r of answers) expect(limitHeaders(r)).toEqual({ limit: null, remaining: null, reset: null, retryAfter: null });

    // and back on, the same key is limited at once
    limitTestKeys(1, 2);
    const limited = await Promise.all(Array.from({ length: 3 }, () => call(getGame, { headers: g.headers })));
    expect(limited.map((r) => r.status).sort()).toEqual([200, 200, 429]);
  });
});
