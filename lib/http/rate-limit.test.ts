// The token bucket behind the /v1 rate limits, on a clock the test moves (no sleeping). The kernel's use of it
// (429, headers, nothing written) is tested over the routes in tests/security/30-rate-limits.test.ts.
import { describe, expect, it } from "vitest";
import { readEnv } from "../config/env.ts";
import { rateLimitFor } from "../config/settings.ts";
import { rateLimitHeaders, TokenBuckets } from "./rate-limit.ts";

const clock = () => {
  let ms = 1_000;
  return { now: () => ms, advance: (by: number) => (ms += by) };
};

describe("TokenBuckets", () => {
  it("a new key starts with a full bucket; each request takes one token; past the burst it is refused", () => {
    const c = clock();
    const b = new TokenBuckets(c.now);
    const limit = { perSecond: 10, burst: 3 };
    expect(b.take("k", limit)).toEqual({ allowed: true, limit: 3, remaining: 2, resetSeconds: 1, retryAfterSeconds: 0, perSecond: 10 });
    expect(b.take("k", limit)).toMatchObject({ allowed: true, remaining: 1 });
    expect(b.take("k", limit)).toMatchObject({ allowed: true, remaining: 0, resetSeconds: 1 });
    // 0 tokens, 10 a second: one is back in 0.1 s, so Retry-After rounds up to the 1 s minimum
    expect(b.take("k", limit)).toEqual({ allowed: false, limit: 3, remaining: 0, resetSeconds: 1, retryAfterSeconds: 1, perSecond: 10 });
  });

  it("refills at the rate, never past the burst", () => {
    const c = clock();
    const b = new TokenBuckets(c.now);
    const limit = { perSecond: 2, burst: 4 };
    for (let i = 0; i < 4; i++) expect(b.take("k", limit).allowed).toBe(true);
    expect(b.take("k", limit)).toMatchObject({ allowed: false, remaining: 0, resetSeconds: 2, retryAfterSeconds: 1 });
    c.advance(250); // half a token: still refused, and the refusal took nothing
    expect(b.take("k", limit)).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    c.advance(250); // one token
    expect(b.take("k", limit)).toMatchObject({ allowed: true, remaining: 0, resetSeconds: 2 });
    expect(b.take("k", limit).allowed).toBe(false);
    c.advance(1_500); // three tokens
    expect(b.take("k", limit)).toMatchObject({ allowed: true, remaining: 2, resetSeconds: 1 });
    c.advance(3_600_000); // an hour idle: full, not 7,200 tokens
    expect(b.take("k", limit)).toMatchObject({ allowed: true, remaining: 3, resetSeconds: 1 });
  });

  it("Retry-After is the time to the next token, in whole seconds, at least 1", () => {
    const c = clock();
    const b = new TokenBuckets(c.now);
    const slow = { perSecond: 1, burst: 1 };
    expect(b.take("k", slow).allowed).toBe(true);
    expect(b.take("k", slow)).toMatchObject({ allowed: false, retryAfterSeconds: 1, resetSeconds: 1 });
    c.advance(999);
    expect(b.take("k", slow)).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    c.advance(1_000);
    expect(b.take("k", slow).allowed).toBe(true);
    const rare = { perSecond: 1, burst: 3 };
    for (let i = 0; i < 3; i++) b.take("r", rare);
    expect(b.take("r", rare)).toMatchObject({ allowed: false, retryAfterSeconds: 1, resetSeconds: 3 });
  });

  it("keys have their own buckets", () => {
    const b = new TokenBuckets(clock().now);
    const limit = { perSecond: 1, burst: 2 };
    b.take("a", limit);
    b.take("a", limit);
    expect(b.take("a", limit).allowed).toBe(false);
    expect(b.take("b", limit)).toMatchObject({ allowed: true, remaining: 1 });
  });

  it("a lowered setting clamps a bucket at once; a raised one lets it fill to the new size", () => {
    const c = clock();
    const b = new TokenBuckets(c.now);
    expect(b.take("k", { perSecond: 100, burst: 200 })).toMatchObject({ remaining: 199 });
    expect(b.take("k", { perSecond: 1, burst: 5 })).toMatchObject({ allowed: true, limit: 5, remaining: 4 });
    c.advance(10_000);
    expect(b.take("k", { perSecond: 10, burst: 50 })).toMatchObject({ limit: 50, remaining: 49 });
  });

  it("forgets buckets that would be full by now, so memory holds only keys used within a refill time", () => {
    const c = clock();
    const b = new TokenBuckets(c.now);
    const limit = { perSecond: 1, burst: 2 }; // one request leaves a bucket a token short: full again 1 s later
    for (let i = 0; i < 1_000; i++) b.take(`key-${i}`, limit);
    expect(b.size).toBe(1_000);
    c.advance(500);
    b.take("late", limit);
    expect(b.size).toBe(1_001); // none is full yet
    c.advance(500);
    b.take("later", limit);
    expect(b.size).toBe(2); // the thousand are full: dropped; "late" (used 0.5 s ago) is kept
    // a dropped bucket was full, so its key starts full again: the same answer as if it had been kept
    expect(b.take("key-1", limit)).toMatchObject({ allowed: true, remaining: 1 });
  });

  it("holds at most maxBuckets, dropping the least recently used first", () => {
    const c = clock();
    const b = new TokenBuckets(c.now, 3);
    const limit = { perSecond: 1, burst: 1 };
    for (const k of ["a", "b", "c"]) expect(b.take(k, limit).allowed).toBe(true);
    expect(b.take("a", limit).allowed).toBe(false); // "a" is now the most recently used
    expect(b.take("d", limit).allowed).toBe(true); // "b" goes
    expect(b.size).toBe(3);
    expect(b.take("a", limit).allowed).toBe(false);
    expect(b.take("b", limit).allowed).toBe(true); // forgotten: starts full again
  });

  it("headers: the three RateLimit fields on every answer, Retry-After only on a refusal", () => {
    const b = new TokenBuckets(clock().now);
    const limit = { perSecond: 1, burst: 1 };
    expect(rateLimitHeaders(b.take("k", limit))).toEqual({ "ratelimit-limit": "1", "ratelimit-remaining": "0", "ratelimit-reset": "1" });
    expect(rateLimitHeaders(b.take("k", limit))).toEqual({
      "ratelimit-limit": "1",
      "ratelimit-remaining": "0",
      "ratelimit-reset": "1",
      "retry-after": "1",
    });
  });
});

describe("rateLimitFor (settings)", () => {
  it("live 100/s in bursts of 200 and test 50/s in bursts of 100 by default; the burst defaults to twice the rate", () => {
    expect(rateLimitFor("live", readEnv({}))).toEqual({ perSecond: 100, burst: 200 });
    expect(rateLimitFor("test", readEnv({}))).toEqual({ perSecond: 50, burst: 100 });
    expect(rateLimitFor("live", readEnv({ RATE_LIMIT_PER_SECOND: "30" }))).toEqual({ perSecond: 30, burst: 60 });
    expect(rateLimitFor("live", readEnv({ RATE_LIMIT_PER_SECOND: "30", RATE_LIMIT_BURST: "45" }))).toEqual({ perSecond: 30, burst: 45 });
    expect(rateLimitFor("test", readEnv({ RATE_LIMIT_TEST_PER_SECOND: "5", RATE_LIMIT_TEST_BURST: "8" }))).toEqual({ perSecond: 5, burst: 8 });
    // live and test are apart
    expect(rateLimitFor("test", readEnv({ RATE_LIMIT_PER_SECOND: "1" }))).toEqual({ perSecond: 50, burst: 100 });
  });

  it("0 lifts the limit (rate or burst); a value that is not a whole number in range counts as unset", () => {
    expect(rateLimitFor("live", readEnv({ RATE_LIMIT_PER_SECOND: "0" }))).toBeUndefined();
    expect(rateLimitFor("live", readEnv({ RATE_LIMIT_BURST: "0" }))).toBeUndefined();
    expect(rateLimitFor("test", readEnv({ RATE_LIMIT_TEST_PER_SECOND: "0" }))).toBeUndefined();
    expect(rateLimitFor("live", readEnv({ RATE_LIMIT_TEST_PER_SECOND: "0" }))).toEqual({ perSecond: 100, burst: 200 });
    for (const bad of ["-1", "1.5", "ten", "99999999999"])
      expect(rateLimitFor("live", readEnv({ RATE_LIMIT_PER_SECOND: bad }))).toEqual({ perSecond: 100, burst: 200 });
  });
});
