// Per-key rate limits of /v1 (issue 26): a token bucket per API key, in this process's memory. The kernel
// (route.ts) takes one token right after authentication, before the body is read and before idempotency or
// any transaction, so a refused request writes nothing. O(1) a request, no database round trip: the bound is
// per web process, so N processes behind a load balancer let a key through up to N times the limit
// (docs/decisions/kernel.md, "Rate limits"). Settings: lib/config/settings.ts rateLimitFor().
import { performance } from "node:perf_hooks";
import { rateLimitFor, type RateLimit } from "../config/settings.ts";
import { AppError } from "../core/errors.ts";
import type { Environment } from "../core/environment.ts";

/** What one request learned from its key's bucket. */
export type RateDecision = {
  allowed: boolean;
  /** the bucket's size (RateLimit-Limit) */
  limit: number;
  /** whole tokens left after this request (RateLimit-Remaining) */
  remaining: number;
  /** seconds until the bucket is full again (RateLimit-Reset) */
  resetSeconds: number;
  /** refused only: seconds until one token is there (Retry-After, at least 1) */
  retryAfterSeconds: number;
  perSecond: number;
};

type Bucket = { tokens: number; at: number; fullAt: number };

/** Buckets kept at most (a key past this many others used within a refill time starts again full). */
export const MAX_BUCKETS = 100_000;

/**
 * Token buckets by key. `now` is a monotonic clock in milliseconds (a test passes its own). The map is kept
 * in order of last use: a bucket that would be full by now is the same as no bucket, so each call drops
 * such buckets from the least recently used end (amortized O(1)), and the map holds only the keys used
 * within the last refill time (burst / rate: 2 s by default), at most `maxBuckets`.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  constructor(
    private readonly now: () => number = () => performance.now(),
    private readonly maxBuckets = MAX_BUCKETS,
  ) {}

  /** Takes one token from `key`'s bucket under `limit`, if there is one. */
  take(key: string, limit: RateLimit): RateDecision {
    const t = this.now();
    const { perSecond, burst } = limit;
    const found = this.buckets.get(key);
    if (found) this.buckets.delete(key);
    this.evict(t);
    // a new key starts full; a known one gets what it earned since, never more than the bucket holds (a lowered
    // setting clamps it at once)
    let tokens = found ? Math.min(burst, found.tokens + ((t - found.at) / 1000) * perSecond) : burst;
    const allowed = tokens >= 1;
    if (allowed) tokens -= 1;
    const toFull = (burst - tokens) / perSecond;
    this.buckets.set(key, { tokens, at: t, fullAt: t + toFull * 1000 });
    return {
      allowed,
      limit: burst,
      remaining: Math.floor(tokens),
      resetSeconds: Math.ceil(toFull),
      retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((1 - tokens) / perSecond)),
      perSecond,
    };
  }

  /** Buckets held now (for tests). */
  get size(): number {
    return this.buckets.size;
  }

  private evict(t: number): void {
    for (const [key, b] of this.buckets) {
      if (b.fullAt > t && this.buckets.size < this.maxBuckets) return;
      this.buckets.delete(key);
    }
  }
}

const buckets = new TokenBuckets();

/** The four headers of a decision, in the IETF draft's names (draft-ietf-httpapi-ratelimit-headers). */
export const rateLimitHeaders = (d: RateDecision): Record<string, string> => ({
  "ratelimit-limit": String(d.limit),
  "ratelimit-remaining": String(d.remaining),
  "ratelimit-reset": String(d.resetSeconds),
  ...(d.allowed ? {} : { "retry-after": String(d.retryAfterSeconds) }),
});

/**
 * The kernel's check for an authenticated request of API key `keyId`: the headers every response to it
 * carries (none when its environment has no limit), or a 429 RATE_LIMITED to throw, carrying them too.
 */
export const checkRateLimit = (keyId: string, environment: Environment): { headers: Record<string, string>; refused?: AppError } => {
  const limit = rateLimitFor(environment);
  if (!limit) return { headers: {} };
  const d = buckets.take(keyId, limit);
  const headers = rateLimitHeaders(d);
  if (d.allowed) return { headers };
  return {
    headers,
    refused: new AppError(
      "RATE_LIMITED",
      `Too many requests with this API key: it may send ${d.perSecond} a second, in bursts of up to ${d.limit}. Nothing was done; retry in ${d.retryAfterSeconds} s (Retry-After).`,
    ),
  };
};
