// Typed getters for the settings that need a default or a parse. Each reads the environment through
// config() on every call (tests change variables at run time), so nothing is frozen at import.
import path from "node:path";
import { config, type Env } from "./env.ts";

/** An integer setting within [min, max]; unset or out of range: the fallback (as before: never throws). */
const intOr = (raw: string | undefined, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number => {
  // plain code, not a zod schema: some of these are read on every request
  const n = raw === undefined || raw.trim() === "" ? fallback : Number(raw);
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
};

/** The HTTP port: PORT, default 3000. */
export const port = (env: Env = config()): number => Number(env.PORT ?? 3000);

/** The public base URL of the hosted pages: APP_URL, or http://localhost:$PORT, without a trailing slash. */
export const appBaseUrl = (env: Env = config()): string => (env.APP_URL ?? `http://localhost:${env.PORT ?? 3000}`).replace(/\/+$/, "");

/** Connections in each process's PostgreSQL pool: DATABASE_POOL_SIZE, default 20. */
export const databasePoolSize = (env: Env = config()): number => Number(env.DATABASE_POOL_SIZE ?? 20);

/** Where the embedded PostgreSQL keeps its data: EMBEDDED_PG_DIR, default .data/postgres (absolute). */
export const embeddedPgDir = (env: Env = config()): string => path.resolve(env.EMBEDDED_PG_DIR ?? ".data/postgres");

/** The embedded PostgreSQL's port: EMBEDDED_PG_PORT, default 54329. */
export const embeddedPgPort = (env: Env = config()): number => Number(env.EMBEDDED_PG_PORT ?? 54329);

/** The port of the embedded PostgreSQL `npm test` starts (tests/global-setup.ts): EMBEDDED_TEST_PG_PORT, default 54330. */
export const embeddedTestPgPort = (env: Env = config()): number => Number(env.EMBEDDED_TEST_PG_PORT ?? 54330);

/** Proxies in front of the app (COINOP_PROXY_HOPS, 1..10, default 1; anything else counts as 1). */
export const proxyHops = (env: Env = config()): number => intOr(env.COINOP_PROXY_HOPS, 1, 1, 10);

/** Calls written together in one group-commit transaction at most (GROUP_COMMIT_MAX_BATCH, 1..256, default 32). */
export const groupCommitMaxBatch = (env: Env = config()): number => intOr(env.GROUP_COMMIT_MAX_BATCH, 32, 1, 256);

/**
 * Group-commit transactions in flight at once per group (GROUP_COMMIT_IN_FLIGHT, 1..64, default 1). On the 2-core
 * bench machine, ten runs each (docs/benchmarks.md, eighth session): 1 gave 1,756-1,993 credits/s at p99 66-76 ms
 * alone and 1,384-1,495/s at p99 90-106 ms beside the webhook stream, 2 gave 1,723-1,852/s at p99 73-80 ms and
 * 1,159-1,359/s at p99 102-130 ms (fewer, larger groups: less CPU a credit, fewer groups queueing on the same rows).
 */
export const groupCommitInFlight = (env: Env = config()): number => intOr(env.GROUP_COMMIT_IN_FLIGHT, 1, 1, 64);

/** Jobs run at once by a worker (WORKER_CONCURRENCY, a positive integer, default 4). */
export const workerConcurrency = (env: Env = config()): number => intOr(env.WORKER_CONCURRENCY, 4, 1);

/** ms between a worker's checks for scheduled jobs (WORKER_POLL_INTERVAL_MS, a positive integer, default 2000). */
export const workerPollIntervalMs = (env: Env = config()): number => intOr(env.WORKER_POLL_INTERVAL_MS, 2000, 1);

/** False when COINOP_IN_PROCESS_WORKER=0: workers run as their own processes. */
export const inProcessWorker = (env: Env = config()): boolean => env.COINOP_IN_PROCESS_WORKER !== "0";

/** Where uploaded files live: UPLOAD_DIR, or .data/uploads under the working directory. */
export const uploadDir = (env: Env = config()): string => path.resolve(env.UPLOAD_DIR ?? ".data/uploads");

/** The sender address: EMAIL_FROM, or Coinop's no-reply address. */
export const emailFrom = (env: Env = config()): string => env.EMAIL_FROM ?? "Coinop <no-reply@coinop.local>";

/** How long `npm start`/`npm run dev` give Next and the worker to finish after a termination signal (SHUTDOWN_DEADLINE_MS). */
export const shutdownDeadlineMs = (env: Env = config()): number => intOr(env.SHUTDOWN_DEADLINE_MS, 10_000, 1);

/** After SIGTERM, how long `npm start` keeps serving while /api/ready answers 503 (SHUTDOWN_DRAIN_MS; 0: no drain). */
export const shutdownDrainMs = (env: Env = config()): number => intOr(env.SHUTDOWN_DRAIN_MS, 2_000, 0);

/** How long a worker process lets its running jobs finish after SIGTERM (WORKER_SHUTDOWN_DEADLINE_MS). */
export const workerShutdownDeadlineMs = (env: Env = config()): number => intOr(env.WORKER_SHUTDOWN_DEADLINE_MS, 10_000, 1);

/**
 * Whether webhooks may go to this machine's loopback (127.0.0.0/8, ::1, localhost): a developer's local receiver
 * (lib/webhooks/loopback-rule.ts; test mode only even then). WEBHOOK_ALLOW_LOOPBACK=1 (or true, yes, on) allows
 * it, 0 (or false, no, off) refuses it; unset: allowed in development and tests, refused in production
 * (NODE_ENV=production: `npm start`, its web process and its worker). Any other value refuses it (fails closed).
 */
export const webhookAllowLoopback = (env: Env = config()): boolean => {
  const raw = env.WEBHOOK_ALLOW_LOOPBACK?.trim().toLowerCase();
  if (raw === undefined || raw === "") return env.NODE_ENV !== "production";
  return ["1", "true", "yes", "on"].includes(raw);
};

/** A key's token bucket: `perSecond` tokens added a second, at most `burst` held. */
export type RateLimit = { perSecond: number; burst: number };

/** Beyond any real setting (and the bench's thousands a second), small enough that token sums stay exact. */
const MAX_RATE = 1_000_000;

/**
 * The rate limit of an API key of `environment`, per web process (lib/http/rate-limit.ts), or undefined when
 * there is none: RATE_LIMIT_PER_SECOND (live, default 100) or RATE_LIMIT_TEST_PER_SECOND (test, default 50),
 * 0 turning it off; the burst RATE_LIMIT_BURST / RATE_LIMIT_TEST_BURST defaults to twice the rate (0 also
 * turns it off). A value that is not a whole number in range counts as unset. Read on every request.
 */
export const rateLimitFor = (environment: "live" | "test", env: Env = config()): RateLimit | undefined => {
  const live = environment === "live";
  const perSecond = intOr(live ? env.RATE_LIMIT_PER_SECOND : env.RATE_LIMIT_TEST_PER_SECOND, live ? 100 : 50, 0, MAX_RATE);
  const burst = intOr(live ? env.RATE_LIMIT_BURST : env.RATE_LIMIT_TEST_BURST, 2 * perSecond, 0, 2 * MAX_RATE);
  return perSecond === 0 || burst === 0 ? undefined : { perSecond, burst };
};

/**
 * Whether the seed's test login (/portal/developer-login and its action) is served: in development and
 * tests, and in production only with COINOP_DEVELOPER_LOGIN=1 (the end-to-end tests' `npm start`). It turns a
 * developer account's password into a verified player: not a door for a deployment (issue 26, finding 8).
 */
export const isDeveloperLoginEnabled = (env: Partial<Pick<Env, "NODE_ENV" | "COINOP_DEVELOPER_LOGIN">> = config()): boolean =>
  env.NODE_ENV !== "production" || env.COINOP_DEVELOPER_LOGIN === "1";
