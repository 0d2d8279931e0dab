// The one place that reads Coinop's environment variables: each is declared once in EnvSchema (zod),
// with what it means, and read through readEnv() / config(). Code asks this module (or the typed getters
// in settings.ts), never process.env directly, so every setting is validated the same way and documented
// in one list; the README's Configuration table is checked against it (readme-table.test.ts).
// Values are read on each call, never once at import: tests change some of them per test or per process
// (WEBHOOK_RETRY_SCALE, DATABASE_URL set by tests/file-setup.ts after the modules are loaded).
import { z } from "zod";

/** An optional string setting: unset and empty ("VAR=") both mean "not set". */
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : v));

export const EnvSchema = z.object({
  // set by Node.js / Next.js, not by operators (not in the README table: PLATFORM_VARIABLES)
  NODE_ENV: optionalString.describe("development | production | test; Next.js sets it (next start: production)"),
  NEXT_PHASE: optionalString.describe("set by Next.js; phase-production-build while `next build` runs"),
  NEXT_RUNTIME: optionalString.describe("set by Next.js: nodejs or edge (read literally in instrumentation.ts)"),
  COINOP_DRAIN_FILE: optionalString.describe("set by scripts/launch.ts for its children: the file whose presence means draining (lib/ops/draining.ts)"),

  // database
  DATABASE_URL: optionalString.describe("PostgreSQL connection string; unset: the scripts start the embedded PostgreSQL"),
  DATABASE_REPLICA_URL: optionalString.describe("streaming replicas of DATABASE_URL (comma-separated) for read-only routes; unset: every read on the primary"),
  DATABASE_POOL_SIZE: optionalString.describe("connections in each process's PostgreSQL pool (default 20)"),
  EMBEDDED_PG_PORT: optionalString.describe("port of the embedded PostgreSQL (default 54329)"),
  EMBEDDED_PG_DIR: optionalString.describe("data directory of the embedded PostgreSQL (default .data/postgres)"),
  DEBUG_EMBEDDED_PG: optionalString.describe("any value: print the embedded PostgreSQL's messages"),
  DEBUG_SE: optionalString.describe("any value: print the schema engine's log while migrating"),
  TEST_DATABASE_URL: optionalString.describe("the superuser connection `npm test` uses (read by tests/global-setup.ts)"),
  EMBEDDED_TEST_PG_PORT: optionalString.describe("port of the embedded PostgreSQL `npm test` starts without TEST_DATABASE_URL (default 54330)"),

  // HTTP
  APP_URL: optionalString.describe("the public base URL of the hosted pages (default http://localhost:$PORT)"),
  PORT: optionalString.describe("the HTTP port (default 3000)"),
  NEXT_DIST_DIR: optionalString.describe("Next.js build directory (default .next; read by next.config.mjs)"),
  SKIP_BUILD_TYPECHECK: optionalString.describe("1: `next build` skips its type check (read by next.config.mjs)"),
  COINOP_PROXY_HOPS: optionalString.describe("proxies in front of the app, 1 to 10 (default 1)"),
  GROUP_COMMIT_MAX_BATCH: optionalString.describe("credits written together in one transaction at most, 1 to 256 (default 32; 1 turns group commit off)"),
  GROUP_COMMIT_IN_FLIGHT: optionalString.describe("group-commit transactions in flight at once per key owner and process, 1 to 64 (default 1)"),
  RATE_LIMIT_PER_SECOND: optionalString.describe("requests a second one live API key may sustain, per web process (default 100; 0: no limit for live keys)"),
  RATE_LIMIT_BURST: optionalString.describe("the size of a live key's bucket: requests it may send at once (default twice RATE_LIMIT_PER_SECOND)"),
  RATE_LIMIT_TEST_PER_SECOND: optionalString.describe(
    "requests a second one test API key may sustain, per web process (default 50; 0: no limit for test keys)",
  ),
  RATE_LIMIT_TEST_BURST: optionalString.describe("the size of a test key's bucket (default twice RATE_LIMIT_TEST_PER_SECOND)"),
  LOG_LEVEL: optionalString.describe("request log lines on stdout: debug | info | warn | error | silent (default info; off under vitest unless set)"),

  // secrets
  COINOP_SECRET: optionalString.describe(
    "the master secret: every signing key (grant URLs, purchase URLs, wallet links, player sessions) is derived from it with HKDF",
  ),
  CHECKOUT_SIGNING_SECRET: optionalString.describe("the former name of COINOP_SECRET, still accepted when COINOP_SECRET is unset"),
  NEXTAUTH_SECRET: optionalString.describe("signs player sessions; unset: derived from the master secret"),
  NEXTAUTH_URL: optionalString.describe("the public URL next-auth builds its callbacks on (default APP_URL)"),

  // jobs and webhooks
  COINOP_IN_PROCESS_WORKER: optionalString.describe("0: no job worker inside the web process"),
  WORKER_CONCURRENCY: optionalString.describe("jobs run at once per worker process (default 4)"),
  SHUTDOWN_DRAIN_MS: optionalString.describe("after SIGTERM, how long npm start keeps serving with /api/ready at 503 before it stops (default 2000)"),
  SHUTDOWN_DEADLINE_MS: optionalString.describe("how long npm start/dev give Next and the worker to finish after SIGTERM (default 10000)"),
  WORKER_SHUTDOWN_DEADLINE_MS: optionalString.describe("how long a worker process lets running jobs finish after SIGTERM (default 10000)"),
  WORKER_POLL_INTERVAL_MS: optionalString.describe("ms between a worker's checks for jobs that became due (default 2000)"),
  WEBHOOK_RETRY_SCALE: optionalString.describe("multiplies the webhook retry delays (default 1)"),
  WEBHOOK_TIMEOUT_MS: optionalString.describe("bounds one webhook delivery attempt, in ms (default 10000)"),
  WEBHOOK_ALLOW_LOOPBACK: optionalString.describe(
    "1: test-mode webhooks may go to this machine's loopback (127.0.0.0/8, ::1, localhost); 0: never. Default: on in development and tests, off under npm start (NODE_ENV=production)",
  ),

  // payments
  STRIPE_SECRET_KEY: optionalString.describe("Stripe secret key for live card payments"),
  STRIPE_WEBHOOK_SECRET: optionalString.describe("Stripe webhook signing secret"),
  STRIPE_API_BASE: optionalString.describe(
    "Stripe API base URL (a local Stripe double, e.g. http://127.0.0.1:12111); default api.stripe.com. test keys only; refused under npm start unless STRIPE_API_BASE_IN_PRODUCTION=1",
  ),
  STRIPE_API_BASE_IN_PRODUCTION: optionalString.describe("1: honour STRIPE_API_BASE under npm start too (end-to-end tests only)"),
  WALLET_FEE_PERCENTAGE: optionalString.describe("platform fee on wallet purchases, percent (default 5)"),
  WALLET_FEE_FLAT_CENTS: optionalString.describe("flat platform fee on wallet purchases, cents (default 0)"),
  WALLET_FEE_NAME: optionalString.describe("the platform fee's name"),
  DISTRIBUTION_FEE_PERCENTAGE: optionalString.describe("the service fee on distributions, percent of the total (default 1)"),
  DISTRIBUTION_FEE_FLAT_CENTS: optionalString.describe("the flat service fee on distributions, cents (default 0)"),

  // mail and uploads
  SMTP_URL: optionalString.describe("outgoing mail server, smtp://user:pass@host:587; unset: the mail outbox"),
  EMAIL_FROM: optionalString.describe("sender address of outgoing mail"),
  COINOP_MAIL_OUTBOX: optionalString.describe("1: serve /dev/mail in production too (behind a token)"),
  COINOP_MAIL_OUTBOX_TOKEN: optionalString.describe("the token /dev/mail asks for in production (default: a random one printed at start-up)"),
  COINOP_DEVELOPER_LOGIN: optionalString.describe("1: serve the seed's /portal/developer-login in production too (end-to-end tests only)"),
  UPLOAD_DIR: optionalString.describe("where product images are stored (default .data/uploads)"),
});

export type Env = z.output<typeof EnvSchema>;
export type EnvName = keyof Env;

/** Variables the platform (Node.js, Next.js) sets: known here, not operator settings, so not in the README table. */
export const PLATFORM_VARIABLES: readonly EnvName[] = ["NODE_ENV", "NEXT_PHASE", "NEXT_RUNTIME", "COINOP_DRAIN_FILE"];

/** Thrown when a variable is set to a value its schema refuses; the message names every such variable. */
export class ConfigError extends Error {}

/** The validated settings, read from `source` (process.env by default) on each call, so tests can change them. */
export const readEnv = (source: Record<string, string | undefined> = process.env): Env => {
  const parsed = EnvSchema.safeParse(source);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  throw new ConfigError(`Invalid configuration: ${problems.join("; ")}`);
};

const KEYS = Object.keys(EnvSchema.shape) as (keyof Env)[];
let memo: { fingerprint: string; env: Env; fresh: boolean } | undefined;

/**
 * The current settings of this process (process.env, read now). Parsed again only when one of the
 * declared variables changed since the last call: the kernel asks on every request, and a full parse
 * costs far more than reading the variables. Reading them costs too (about 10 µs for the ~40 variables,
 * several times a request), so a production server (NODE_ENV=production, outside vitest) reads them once
 * per turn of the event loop: what its own code writes at run time (lib/auth/auth-secret.ts,
 * lib/ops/worker-process.ts) calls envChanged(), and anything else is seen on the next turn. Tests, scripts
 * and `npm run dev` read them on every call.
 */
export const config = (): Env => {
  if (memo?.fresh) return memo.env;
  const fingerprint = KEYS.map((k) => process.env[k] ?? "\u0001").join("\u0000");
  if (memo?.fingerprint !== fingerprint) memo = { fingerprint, env: Object.freeze(readEnv()), fresh: false };
  if (memo.env.NODE_ENV === "production" && process.env.VITEST === undefined) {
    const current = memo;
    current.fresh = true;
    setImmediate(() => {
      current.fresh = false;
    }).unref();
  }
  return memo.env;
};

/** Code that writes a declared variable at run time calls this, so the next config() reads it. */
export const envChanged = (): void => {
  memo = undefined;
};

/**
 * True when this process serves production traffic (`next start` sets NODE_ENV=production). `next build`
 * also runs with NODE_ENV=production but serves nothing, and needs no secrets.
 */
export const isProduction = (env: Env = config()): boolean => env.NODE_ENV === "production" && env.NEXT_PHASE !== "phase-production-build";

/** True under vitest (NODE_ENV=test). */
export const isTest = (env: Env = config()): boolean => env.NODE_ENV === "test";
