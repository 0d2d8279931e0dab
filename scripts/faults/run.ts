// npm run faults [-- --full] [-- --soak] [-- --only a,b] [-- --clients N --kills K --seconds S --outage S
//   --worker-kills K --soak-seconds S --chart FILE]: fault scenarios against the production server
// (`npm start`, real processes, real PostgreSQL, loopback only), bounded in time (docs/reliability.md).
//
//   1. sigkill-under-load: N clients post VC credits, debits and batches, each with an Idempotency-Key; the server's
//      whole process group (launcher, Next.js, worker) is SIGKILLed K times at random moments and
//      restarted. Clients retry every failed or unanswered request with the same key and body. Then:
//      every operation a client saw succeed happened exactly once, none twice, refused ones not at all,
//      each player's balance is the sum of its succeeded operations, the ledger invariant holds, a
//      replayed key answers with the stored response, and no idempotency key is left in flight.
//   2. db-outage: the embedded PostgreSQL is stopped under load for --outage seconds (4; --full 10) and
//      started again: meanwhile every request is answered 503 SERVICE_UNAVAILABLE with Retry-After within
//      a bound (no hang, no 500), then the same server recovers by itself and the checks of 1 hold.
//   3. backup-restore: a backup (lib/ops/backup-database.ts) under load, restored into a new database:
//      the ledger invariant holds there, and every operation answered before the backup began is in it
//      with its journal and its idempotency record (none torn, none from after it).
//   4. worker-kill: events are written to the outbox while the worker process is SIGKILLed K times mid-
//      delivery (a receiver that answers slowly) and mid-job (campaign start/stop/withdraw, a subscription
//      renewal, a grant expiry, held mid-run on a locked row: job-kills.ts); the launcher restarts it;
//      every event reaches the receiver at least once (it de-duplicates by x-service-event-id), every job
//      completes once (one journal and one event per operation, balances right), none stays locked or failed.
//   5. soak: mixed load for --soak-seconds (60; --soak 1800), sampling the server group's RSS, p99 per
//      interval, database sessions and open files; an SVG chart goes to --chart (default .data/).
//   6. sigterm-under-load: SIGTERM while the clients run: /api/ready answers 503 "draining" at once while
//      requests are still served for SHUTDOWN_DRAIN_MS, then the launcher exits 0 within the shutdown
//      deadline and every request the server accepted was answered.
//
// Database: a new database on TEST_DATABASE_URL's server when that is set (db-outage is then skipped: it
// does not stop a shared server), else a fresh embedded PostgreSQL under .data/faults-<time> (started by
// this process, so it survives the kills). Needs a production build ($NEXT_DIST_DIR or .next, with
// BUILD_ID): without one it says so and exits 2. Prints one line per scenario, then "N passed, M failed";
// exits 1 when a scenario failed.
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import pg from "pg";
import { LIVENESS_LOCK_CLASS } from "../../lib/jobs/worker-liveness.ts";
import { checkJobs, jobsLeft, prepareRound, releaseHeld, seedJobFixtures, type JobFixtures } from "./job-kills.ts";

const { values: args } = parseArgs({
  options: {
    clients: { type: "string" },
    kills: { type: "string" },
    seconds: { type: "string" },
    full: { type: "boolean", default: false },
    players: { type: "string" },
    outage: { type: "string" },
    "worker-kills": { type: "string" },
    soak: { type: "boolean", default: false },
    "soak-seconds": { type: "string" },
    chart: { type: "string" },
    only: { type: "string" },
  },
});
const full = args.full;
const CLIENTS = Number(args.clients ?? (full ? 64 : 16));
const KILLS = Number(args.kills ?? (full ? 5 : 3));
/** load time between two kills (random within [0.5, 1.5] × this) */
const SECONDS_BETWEEN_KILLS = Number(args.seconds ?? (full ? 10 : 5));
const PLAYERS = Number(args.players ?? 8);
/** --soak: the full 30-minute soak (scaled: 60 s); --soak-seconds S sets any length */
const SOAK_SECONDS = Number(args["soak-seconds"] ?? (args.soak ? 1800 : 60));
/** a short soak's bound on the server group's RSS (MB): twice what a 20-minute soak peaked at */
const SOAK_RSS_CEILING_MB = 2400;
/** --chart FILE: where the soak's SVG chart goes (default .data/faults-soak.svg; its figures go to .data/faults-soak.json) */
const SOAK_CHART = args.chart ? path.resolve(args.chart) : undefined;
/** sessions the soak may see on the database: the server's pool (DATABASE_POOL_SIZE 20), the worker's, the runner's */
const SOAK_MAX_CONNECTIONS = 60;
/** SIGKILLs of the worker process in worker-kill */
const WORKER_KILLS = Number(args["worker-kills"] ?? 3);
/** how long the database stays stopped in db-outage, in seconds (the issue's 10 s in --full) */
const OUTAGE_SECONDS = Number(args.outage ?? (full ? 10 : 4));
/** --only a,b: run only these scenarios (the others are listed as skipped) */
const ONLY = args.only ? new Set(args.only.split(",")) : null;
const wanted = (name: string) => !ONLY || ONLY.has(name);
/** a request during the outage must be answered (503) within this bound: the pool's connect timeout plus margin */
const OUTAGE_ANSWER_BOUND_MS = 7_000;
const REQUEST_TIMEOUT_MS = 15_000;
const READY_TIMEOUT_MS = 90_000;
const SHUTDOWN_DEADLINE_MS = 10_000;
/** after SIGTERM, the launcher serves this long with /api/ready at 503 before it stops Next */
const DRAIN_MS = 2_000;
const STARTING_UNITS = 1_000n;

const root = process.cwd();
const log = (m: string) => console.error(`[faults] ${m}`);

if (!fs.existsSync(path.join(root, process.env.NEXT_DIST_DIR ?? ".next", "BUILD_ID"))) {
  console.error("npm run faults needs a production build: run `npm run build` first.");
  process.exit(2);
}

/** The launcher's worker child (scripts/worker.ts), found in /proc. */
const workerPid = async (launcherPid: number): Promise<number | null> => {
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === launcherPid && fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").includes("scripts/worker.ts")) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return null;
};

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

// ---------------------------------------------------------------- the database

/** `outage`: stop the server, wait, start it again (the embedded server only; not a shared one). */
type Database = {
  url: string;
  drop: () => Promise<void>;
  /** a new, empty database on the same server */
  createEmpty: (tag: string) => Promise<{ url: string; drop: () => Promise<void> }>;
  outage?: (ms: number) => Promise<{ stoppedAt: number; startedAt: number }>;
};

const createDatabase = async (): Promise<Database> => {
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const admin = process.env.TEST_DATABASE_URL;
  const createEmptyOn = (adminUrl: string) => async (tag: string) => {
    const name = `coinop_faults_${tag}_${stamp}_${randomUUID().slice(0, 6)}`;
    const run = async (sql: string) => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(sql).finally(() => c.end());
    };
    await run(`CREATE DATABASE "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined) };
  };
  if (admin) {
    const name = `coinop_faults_${stamp}_${randomUUID().slice(0, 6)}`;
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`CREATE DATABASE "${name}"`);
    await c.end();
    const url = new URL(admin);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      createEmpty: createEmptyOn(admin),
      drop: async () => {
        const d = new pg.Client({ connectionString: admin });
        await d.connect();
        await d.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
        await d.end();
      },
    };
  }
  const { startEmbeddedPostgres } = await import("../../lib/db/embedded.ts");
  const dataDir = path.join(root, `.data/faults-${stamp}`);
  const pgPort = await freePort();
  let db = await startEmbeddedPostgres({ dataDir, port: pgPort, database: "coinop_faults", log });
  return {
    url: db.url,
    createEmpty: createEmptyOn(db.adminUrl),
    drop: async () => {
      await db.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    outage: async (ms) => {
      await db.stop(); // PostgreSQL's fast shutdown: sessions are terminated, new connections refused
      const stoppedAt = Date.now();
      await sleep(ms);
      db = await startEmbeddedPostgres({ dataDir, port: pgPort, database: "coinop_faults", log: () => undefined });
      return { stoppedAt, startedAt: Date.now() };
    },
  };
};

// ---------------------------------------------------------------- the server

type Server = { proc: ChildProcess; exit: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }> };

const startServer = (port: number, databaseUrl: string): Server => {
  // detached: its own process group, so one kill(-pid) reaches the launcher, Next.js and the worker
  const proc = spawn(process.execPath, ["--import", "tsx", "scripts/launch.ts", "start"], {
    cwd: root,
    detached: true,
    stdio: ["ignore", "ignore", "pipe"],
    env: {
      ...process.env,
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      NEXT_TELEMETRY_DISABLED: "1",
      // the load drives thousands of requests a second with one key: no per-key rate limit (lib/http/rate-limit.ts)
      RATE_LIMIT_PER_SECOND: "0",
      RATE_LIMIT_TEST_PER_SECOND: "0",
      SHUTDOWN_DEADLINE_MS: String(SHUTDOWN_DEADLINE_MS),
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      // an attempt cut off by a worker kill is taken over once older than this plus a minute (lib/webhooks/deliver.ts)
      WEBHOOK_TIMEOUT_MS: "3000",
      WORKER_POLL_INTERVAL_MS: "500",
      // the receiver below listens on 127.0.0.1: loopback receivers are off by default under `npm start`
      WEBHOOK_ALLOW_LOOPBACK: "1",
      COINOP_SECRET: process.env.COINOP_SECRET ?? `faults-only-secret-${randomUUID()}-${randomUUID()}`,
    },
  });
  let tail = "";
  proc.stderr!.on("data", (c) => (tail = (tail + c).slice(-4000)));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((r) =>
    proc.on("exit", (code, signal) => {
      if (code && code !== 0) log(`server exited ${code}:\n${tail}`);
      r({ code, signal, at: Date.now() });
    }),
  );
  return { proc, exit };
};

const portAnswers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect({ port, host: "127.0.0.1" });
    s.once("connect", () => (s.destroy(), resolve(true)));
    s.once("error", () => resolve(false));
  });

/** The fields of a reply the runner reads (parsed JSON; a non-JSON body yields none of them). */
type Reply = { status: number; body: { code?: string; journalId?: string; currency?: { _id: string } } | undefined; retryAfter: string | null };

/** One HTTP request on its own connection: a request is either refused or accepted and answered. */
const request = (port: number, method: string, urlPath: string, headers: Record<string, string> = {}, body?: unknown): Promise<Reply> =>
  new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path: urlPath,
        agent: false,
        timeout: REQUEST_TIMEOUT_MS,
        headers: { ...headers, ...(data ? { "content-type": "application/json", "content-length": Buffer.byteLength(data) } : {}) },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (text += c));
        res.on("end", () => {
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            // not JSON
          }
          resolve({
            status: res.statusCode ?? 0,
            body: typeof parsed === "object" && parsed ? (parsed as Reply["body"]) : undefined,
            retryAfter: (res.headers["retry-after"] as string | undefined) ?? null,
          });
        });
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(Object.assign(new Error("timed out"), { code: "ETIMEDOUT" })));
    req.on("error", reject);
    req.end(data);
  });

const waitReady = async (port: number, server: Server): Promise<number> => {
  const started = Date.now();
  while (Date.now() - started < READY_TIMEOUT_MS) {
    if (server.proc.exitCode !== null) throw new Error("the server exited while starting");
    const r = await request(port, "GET", "/api/ready").catch(() => null);
    if (r?.status === 200) return Date.now() - started;
    await sleep(200);
  }
  throw new Error(`the server was not ready within ${READY_TIMEOUT_MS / 1000} s`);
};

const killGroup = async (server: Server, port: number) => {
  try {
    process.kill(-server.proc.pid!, "SIGKILL");
  } catch {
    // already gone
  }
  await server.exit;
  // the group is gone once nothing listens on the port any more
  for (let i = 0; i < 100 && (await portAnswers(port)); i++) await sleep(100);
};

// ---------------------------------------------------------------- the tenant

type Tenant = { headers: Record<string, string>; currencyId: string; users: string[]; gameId: string };

const seedTenant = async (port: number): Promise<Tenant> => {
  const { getDb } = await import("../../lib/db/client.ts");
  const { inTransaction } = await import("../../lib/db/transaction.ts");
  const { createSeedTenants } = await import("../../lib/flows/create-seed-tenants.ts");
  const { findOrCreatePlayer, linkPlayer } = await import("../../lib/linking/link-player.ts");
  const seed = await inTransaction(getDb(), (tx) => createSeedTenants({ db: tx }, { tag: `faults-${Date.now()}`, webhookUrl: null }));
  const gameId = seed.game.gameId;
  const headers = { authorization: `Bearer ${seed.game.serverKey}`, "x-game-id": gameId };
  const cur = await request(port, "POST", "/api/v1/vc/currencies", { ...headers, "idempotency-key": randomUUID() }, { code: "FLT", name: "Fault gems" });
  if (cur.status !== 201) throw new Error(`creating the currency failed: ${cur.status} ${JSON.stringify(cur.body)}`);
  const users: string[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    const player = await findOrCreatePlayer({ db: getDb() }, { email: `faults-${i}-${Date.now()}@example.com` });
    const link = await linkPlayer(
      { db: getDb() },
      { namespace: { type: "game", id: gameId }, environment: "test", playerId: player.id, approval: { sessionId: null, at: new Date() } },
    );
    users.push(link.userRef);
  }
  return { headers, currencyId: cur.body!.currency!._id, users, gameId };
};

// ---------------------------------------------------------------- the clients

type Op = {
  key: string;
  kind: "credit" | "debit" | "batch";
  userRef: string;
  /** batch: the recipient */
  to?: string;
  units: bigint;
  /** "ok": the client saw 200/201; "refused": a final 4xx; "unknown": never answered before the run ended */
  outcome: "ok" | "refused" | "unknown";
  journalId?: string;
  attempts: number;
  /** when the first attempt was sent, and when the final answer came */
  firstAt?: number;
  doneAt?: number;
  status?: number;
  code?: string;
};

/** One attempt: when it started, how long it took, what came back (a status, or the error code). */
type Sample = { at: number; ms: number; status: number | string; code?: string; retryAfter?: string | null };

type Load = {
  ops: Op[];
  stop: () => void;
  done: Promise<void>;
  retries: () => number;
  resets: () => number;
  errors: Map<string, number>;
  samples: Sample[];
};

/** Errors after the connection was made: the request may or may not have been read. */
const ACCEPTED_UNANSWERED = new Set(["ECONNRESET", "EPIPE", "ETIMEDOUT"]);

/** The request of an operation; its key goes into the journal (credit: orderId, debit: reason, batch: description). */
const bodyOf = (tenant: Tenant, op: Op) =>
  op.kind === "credit"
    ? { currencyId: tenant.currencyId, userRef: op.userRef, amountUnits: String(op.units), orderId: op.key }
    : op.kind === "debit"
      ? { currencyId: tenant.currencyId, userRef: op.userRef, amountUnits: String(op.units), reason: op.key }
      : { currencyId: tenant.currencyId, sourceUserRef: op.userRef, recipients: [{ userRef: op.to, amountUnits: String(op.units), description: op.key }] };

const pathOf = (op: Op) => `/api/v1/vc/${op.kind === "credit" ? "credits" : op.kind === "debit" ? "debits" : "batch"}`;

/** What a succeeded operation does to the players' balances. */
const effectsOf = (op: Op): [string, bigint][] =>
  op.kind === "credit"
    ? [[op.userRef, op.units]]
    : op.kind === "debit"
      ? [[op.userRef, -op.units]]
      : [
          [op.userRef, -op.units],
          [op.to!, op.units],
        ];

const runLoad = (port: number, tenant: Tenant, clients: number, { giveUpWhenStopped = false } = {}): Load => {
  const ops: Op[] = [];
  const errors = new Map<string, number>();
  const samples: Sample[] = [];
  let retries = 0;
  let unanswered = 0;
  let stopping = false;
  const client = async (n: number) => {
    let i = 0;
    while (!stopping) {
      const userRef = tenant.users[(n + i++) % tenant.users.length];
      const dice = Math.random();
      const kind = dice < 0.45 ? "credit" : dice < 0.8 ? "debit" : "batch";
      const units = BigInt(1 + Math.floor(Math.random() * 20));
      const to = kind === "batch" ? tenant.users[(n + i) % tenant.users.length] : undefined;
      const op: Op = { key: randomUUID(), kind, userRef, to, units, outcome: "unknown", attempts: 0 };
      ops.push(op);
      const body = bodyOf(tenant, op);
      // retry with the same key and body until the server gives a final answer
      for (;;) {
        op.attempts++;
        if (op.attempts > 1) retries++;
        const at = Date.now();
        op.firstAt ??= at;
        try {
          const r = await request(port, "POST", pathOf(op), { ...tenant.headers, "idempotency-key": op.key }, body);
          samples.push({ at, ms: Date.now() - at, status: r.status, code: r.body?.code, retryAfter: r.retryAfter });
          op.status = r.status;
          op.code = r.body?.code;
          if (r.status === 200 || r.status === 201) {
            op.outcome = "ok";
            op.doneAt = Date.now();
            op.journalId = r.body?.journalId;
            break;
          }
          if (r.status >= 400 && r.status < 500 && r.status !== 409 && r.status !== 429) {
            op.outcome = "refused";
            break;
          }
          errors.set(`HTTP ${r.status}${op.code ? ` ${op.code}` : ""}`, (errors.get(`HTTP ${r.status}${op.code ? ` ${op.code}` : ""}`) ?? 0) + 1);
        } catch (e) {
          const code = (e as { code?: string }).code ?? (e as Error).message;
          samples.push({ at, ms: Date.now() - at, status: code });
          errors.set(code, (errors.get(code) ?? 0) + 1);
          if (ACCEPTED_UNANSWERED.has(code) || /socket hang up/.test((e as Error).message)) unanswered++;
        }
        if (stopping && giveUpWhenStopped) break;
        await sleep(100 + Math.random() * 200);
      }
    }
  };
  const done = Promise.all(Array.from({ length: clients }, (_, n) => client(n))).then(() => undefined);
  return {
    ops,
    stop: () => void (stopping = true),
    done,
    retries: () => retries,
    resets: () => unanswered,
    errors,
    samples,
  };
};

// ---------------------------------------------------------------- the checks

/** Problems found, and the operations that were posted although their client never got the answer. */
type Books = { problems: string[]; postedUnanswered: Op[] };

const checkBooks = async (tenant: Tenant, ops: Op[]): Promise<Books> => {
  const { getDb } = await import("../../lib/db/client.ts");
  const { vcAuditHolds, checkVcLedgerInvariants } = await import("../../lib/vc/check-vc-journal-entries.ts");
  const { vcAsset } = await import("../../lib/ledger/accounts.ts");
  const db = getDb();
  const asset = vcAsset(tenant.currencyId);
  const problems: string[] = [];

  // every journal of the run, by the key the client put in it (credit: reference; debit: description)
  const rows = await db.$queryRaw<{ id: string; type: string; key: string }[]>`
    SELECT DISTINCT j."id", j."type", CASE WHEN j."type" = 'credit' THEN j."reference" ELSE p."description" END AS key
    FROM "LedgerJournal" j JOIN "LedgerPosting" p ON p."journalId" = j."id"
    WHERE j."asset" = ${asset}
      AND (j."type" = 'credit' OR (j."type" = 'debit' AND p."delta" < 0) OR (j."type" = 'batch' AND p."delta" > 0))`;
  const byKey = new Map<string, string[]>();
  for (const r of rows) byKey.set(r.key, [...(byKey.get(r.key) ?? []), r.id]);
  const seed = new Set(tenant.users.map((u) => `seed-${u}`));
  const twice = [...byKey].filter(([k, ids]) => ids.length > 1 && !seed.has(k));
  if (twice.length) problems.push(`${twice.length} operations happened twice (e.g. ${twice[0][0]})`);
  const known = new Set(ops.map((o) => o.key));
  const strangers = [...byKey.keys()].filter((k) => !known.has(k) && !seed.has(k));
  if (strangers.length) problems.push(`${strangers.length} journals no client asked for`);

  const expected = new Map<string, bigint>(tenant.users.map((u) => [u, STARTING_UNITS]));
  const postedUnanswered: Op[] = [];
  for (const op of ops) {
    const ids = byKey.get(op.key) ?? [];
    if (op.outcome === "ok") {
      if (ids.length !== 1 || ids[0] !== op.journalId)
        problems.push(`succeeded ${op.kind} ${op.key}: journals ${JSON.stringify(ids)}, answered ${op.journalId}`);
      for (const [u, d] of effectsOf(op)) expected.set(u, expected.get(u)! + d);
    } else if (op.outcome === "refused" && ids.length) problems.push(`refused ${op.kind} ${op.key} (${op.status} ${op.code}) has a journal`);
    else if (op.outcome === "unknown" && ids.length === 1) {
      // the client gave up before an answer, yet it was posted (once): count it so balances compare
      postedUnanswered.push(op);
      for (const [u, d] of effectsOf(op)) expected.set(u, expected.get(u)! + d);
    }
  }
  for (const [userRef, units] of expected) {
    const acct = await db.ledgerAccount.findFirst({ where: { asset, kind: "user", ownerRef: userRef }, select: { balance: true } });
    if ((acct?.balance ?? 0n) !== units) problems.push(`player ${userRef}: balance ${acct?.balance} but the operations sum to ${units}`);
  }

  const audit = await checkVcLedgerInvariants(db, { asset, environment: "test" });
  if (!vcAuditHolds(audit)) problems.push(`ledger invariant broken: ${JSON.stringify(audit, (_, v) => (typeof v === "bigint" ? String(v) : v))}`);

  // a stored response for every succeeded key, none left half-written
  const okKeys = ops.filter((o) => o.outcome === "ok").map((o) => o.key);
  const stored = await db.idempotencyRecord.findMany({ where: { key: { in: okKeys } }, select: { key: true, responseStatus: true } });
  const storedOk = new Set(stored.filter((s) => s.responseStatus === 200 || s.responseStatus === 201).map((s) => s.key));
  const missing = okKeys.filter((k) => !storedOk.has(k));
  if (missing.length) problems.push(`${missing.length} succeeded keys without a stored success response`);
  return { problems, postedUnanswered };
};

/** An in-flight key is a held advisory lock: none may remain once the requests are over (workers' liveness locks aside). */
const advisoryLocksHeld = async (): Promise<number> => {
  const { getDb } = await import("../../lib/db/client.ts");
  const [{ n }] = await getDb().$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM pg_locks l JOIN pg_database d ON d.oid = l.database
    WHERE l.locktype = 'advisory' AND d.datname = current_database() AND l.pid <> pg_backend_pid()
      AND NOT (l.objsubid = 2 AND l.classid = ${LIVENESS_LOCK_CLASS}::oid)`;
  return n;
};

/** Replays succeeded operations with their keys: the stored response comes back, nothing new is posted. */
const replay = async (port: number, tenant: Tenant, ops: Op[]): Promise<string[]> => {
  const problems: string[] = [];
  const sample = ops.filter((o) => o.outcome === "ok" && o.attempts > 1).slice(0, 20);
  for (const op of sample.length ? sample : ops.filter((o) => o.outcome === "ok").slice(0, 20)) {
    const r = await request(port, "POST", pathOf(op), { ...tenant.headers, "idempotency-key": op.key }, bodyOf(tenant, op));
    if (r.status !== op.status || r.body?.journalId !== op.journalId) problems.push(`replay of ${op.key}: ${r.status} ${JSON.stringify(r.body)}`);
  }
  return problems;
};

// ---------------------------------------------------------------- the run

const kinds = (ops: Op[]) =>
  (["credit", "debit", "batch"] as const).map((k) => `${ops.filter((o) => o.kind === k).length} ${k === "batch" ? "batches" : `${k}s`}`).join(", ");

type SoakPoint = { t: number; rssMb: number; p99: number; p50: number; requests: number; connections: number; fds: number };

/** RSS (MB, summed) and open file descriptors of every process in a process group (the launcher's: Next.js, the worker). */
const groupStats = (pgid: number): { rssMb: number; fds: number } => {
  let kb = 0;
  let fds = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]) !== pgid) continue;
      kb += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${entry}/status`, "utf8"))?.[1] ?? 0);
      fds += fs.readdirSync(`/proc/${entry}/fd`).length;
    } catch {
      // gone meanwhile
    }
  }
  return { rssMb: Math.round(kb / 1024), fds };
};

/** A small SVG line chart of RSS and p99 over the soak. */
const soakChart = (points: SoakPoint[], { clients, seconds }: { clients: number; seconds: number }): string => {
  const W = 640;
  const H = 260;
  const L = 56;
  const R = 56;
  const T = 34;
  const B = 40;
  const maxT = Math.max(...points.map((p) => p.t));
  const maxRss = Math.max(...points.map((p) => p.rssMb)) * 1.2;
  const maxP99 = Math.max(...points.map((p) => p.p99)) * 1.2 || 1;
  const x = (t: number) => L + (t / maxT) * (W - L - R);
  const y = (v: number, max: number) => T + (1 - v / max) * (H - T - B);
  const line = (get: (p: SoakPoint) => number, max: number) =>
    points.map((p, i) => `${i ? "L" : "M"}${x(p.t).toFixed(1)},${y(get(p), max).toFixed(1)}`).join(" ");
  const ticks = [0, 0.25, 0.5, 0.75, 1];
  const unit = maxT >= 600 ? 60 : 1;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`,
    `<title>Soak: ${clients} clients for ${seconds} s; server RSS and p99 latency per interval</title>`,
    `<rect width="${W}" height="${H}" fill="#ffffff"/>`,
    `<text x="${L}" y="18" font-size="13" fill="#111">Soak, ${clients} clients, ${seconds >= 600 ? `${seconds / 60} min` : `${seconds} s`}: RSS (MB, blue) and p99 (ms, orange)</text>`,
    ...ticks.map((f) => `<line x1="${L}" x2="${W - R}" y1="${y(f * maxRss, maxRss)}" y2="${y(f * maxRss, maxRss)}" stroke="#e5e7eb"/>`),
    ...ticks.map((f) => `<text x="${L - 6}" y="${y(f * maxRss, maxRss) + 4}" text-anchor="end" fill="#1d4ed8">${Math.round(f * maxRss)}</text>`),
    ...ticks.map((f) => `<text x="${W - R + 6}" y="${y(f * maxP99, maxP99) + 4}" fill="#b45309">${Math.round(f * maxP99)}</text>`),
    ...ticks.map(
      (f) =>
        `<text x="${x(f * maxT)}" y="${H - B + 16}" text-anchor="middle" fill="#374151">${Math.round((f * maxT) / unit)}${unit === 60 ? " min" : " s"}</text>`,
    ),
    `<line x1="${L}" x2="${W - R}" y1="${H - B}" y2="${H - B}" stroke="#6b7280"/>`,
    `<path d="${line((p) => p.rssMb, maxRss)}" fill="none" stroke="#1d4ed8" stroke-width="2"/>`,
    `<path d="${line((p) => p.p99, maxP99)}" fill="none" stroke="#b45309" stroke-width="2" stroke-dasharray="5 3"/>`,
    `</svg>`,
    "",
  ].join("\n");
};

type Result = { name: string; ok: boolean; line: string; skipped?: boolean };

const quantile = (xs: number[], q: number) => {
  if (!xs.length) return 0;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};

const countBy = <T>(xs: T[], key: (x: T) => string) => {
  const m = new Map<string, number>();
  for (const x of xs) m.set(key(x), (m.get(key(x)) ?? 0) + 1);
  return [...m].map(([k, v]) => `${k}×${v}`).join(", ");
};

const main = async (): Promise<number> => {
  const started = Date.now();
  const results: Result[] = [];
  const db = await createDatabase();
  process.env.DATABASE_URL = db.url;
  const port = await freePort();
  let server = startServer(port, db.url);
  // interrupted (Ctrl-C, a CI timeout): take the server group and the database down with this process
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.once(signal, () => {
      try {
        process.kill(-server.proc.pid!, "SIGKILL");
      } catch {
        // already gone
      }
      void db.drop().finally(() => process.exit(130));
    });
  try {
    log(`server on port ${port}, database ${new URL(db.url).pathname.slice(1)}; waiting for /api/ready`);
    const firstReadyMs = await waitReady(port, server);
    log(`ready in ${(firstReadyMs / 1000).toFixed(1)} s; seeding`);
    const tenant = await seedTenant(port);
    for (const userRef of tenant.users) {
      const r = await request(
        port,
        "POST",
        "/api/v1/vc/credits",
        { ...tenant.headers, "idempotency-key": randomUUID() },
        { currencyId: tenant.currencyId, userRef, amountUnits: String(STARTING_UNITS), orderId: `seed-${userRef}` },
      );
      if (r.status !== 201) throw new Error(`funding ${userRef} failed: ${r.status}`);
    }

    /** every operation of the run: the books are checked against all of them */
    const allOps: Op[] = [];

    /** Scenario 4: a backup taken under load, restored into a new database, checked against the clients' view. */
    const backupDrill = async (): Promise<Result> => {
      const name = "backup-restore";
      const t0 = Date.now();
      const { backupDatabase } = await import("../../lib/ops/backup-database.ts");
      const { restoreDatabase } = await import("../../lib/ops/restore-database.ts");
      const { vcAuditHolds, checkVcLedgerInvariants } = await import("../../lib/vc/check-vc-journal-entries.ts");
      const { vcAsset } = await import("../../lib/ledger/accounts.ts");
      const { PrismaClient } = await import("../../lib/db/generated/client.ts");
      const { PrismaPg } = await import("@prisma/adapter-pg");
      const load = runLoad(port, tenant, CLIENTS);
      await sleep(2_000);
      const file = path.join(root, `.data/faults-backup-${Date.now()}.dump`);
      const backup = await backupDatabase(db.url, file);
      const backupEnd = Date.now();
      await sleep(1_000);
      load.stop();
      await load.done;
      for (const op of load.ops) allOps.push(op); // not push(...ops): a long run holds more ops than a call has argument slots
      const target = await db.createEmpty("restore");
      const problems: string[] = [];
      const restored = await restoreDatabase(target.url, file);
      const pool = new pg.Pool({ connectionString: target.url });
      pool.on("error", (e) => log(`restored database pool: ${e.message}`));
      const rdb = new PrismaClient({ adapter: new PrismaPg(pool) });
      const asset = vcAsset(tenant.currencyId);
      let before = 0;
      let inFile = 0;
      try {
        const audit = await checkVcLedgerInvariants(rdb, { asset, environment: "test" });
        if (!vcAuditHolds(audit))
          problems.push(`restored ledger invariant broken: ${JSON.stringify(audit, (_, v) => (typeof v === "bigint" ? String(v) : v))}`);
        const journals = new Set((await rdb.ledgerJournal.findMany({ where: { asset }, select: { id: true } })).map((j) => j.id));
        const keys = new Set((await rdb.idempotencyRecord.findMany({ select: { key: true } })).map((r) => r.key));
        const ok = allOps.filter((o) => o.outcome === "ok");
        // answered before the backup began: in the file, journal and stored answer both
        const mustHave = ok.filter((o) => o.doneAt! < backup.startedAt.getTime());
        before = mustHave.length;
        const missing = mustHave.filter((o) => !journals.has(o.journalId!) || !keys.has(o.key));
        if (missing.length) problems.push(`${missing.length} operations answered before the backup are missing from it (e.g. ${missing[0].key})`);
        // one snapshot: a journal and its idempotency record are in the file together or not at all
        const torn = ok.filter((o) => journals.has(o.journalId!) !== keys.has(o.key));
        if (torn.length) problems.push(`${torn.length} operations have a journal without its idempotency record, or the reverse`);
        // nothing from after the backup ended
        const late = ok.filter((o) => journals.has(o.journalId!) && o.firstAt! > backupEnd);
        if (late.length) problems.push(`${late.length} operations sent after the backup ended are in it`);
        inFile = ok.filter((o) => journals.has(o.journalId!)).length;
      } finally {
        await rdb.$disconnect();
        await pool.end();
        await target.drop();
        fs.rmSync(file, { force: true });
      }
      return {
        name,
        ok: problems.length === 0,
        line:
          `${backup.tool === "pg_dump" ? "pg_dump" : "logical snapshot"} under ${CLIENTS} clients in ${(backup.ms / 1000).toFixed(1)} s (${(backup.bytes / 1024).toFixed(0)} KiB), ` +
          `restored into a new database in ${(restored.ms / 1000).toFixed(1)} s: ledger invariant holds, ${before} operations answered before the backup all there ` +
          `(journal and idempotency record), ${inFile} in the file, none torn, none from after it; ${((Date.now() - t0) / 1000).toFixed(0)} s` +
          (problems.length ? `\n    ${problems.slice(0, 10).join("\n    ")}` : ""),
      };
    };

    /** Scenario 5: the job worker SIGKILLed while it delivers webhooks; every event arrives at least once. */
    const workerKill = async (): Promise<Result> => {
      const name = "worker-kill";
      const t0 = Date.now();
      const { getDb } = await import("../../lib/db/client.ts");
      const { inTransaction } = await import("../../lib/db/transaction.ts");
      const { emitEvent } = await import("../../lib/webhooks/emit-event.ts");
      const { setWebhookEndpoint } = await import("../../lib/webhooks/set-webhook-endpoint.ts");
      // the receiver: answers after 100–600 ms, so kills land mid-delivery; de-duplicates by event id
      const received = new Map<string, number>();
      let noId = 0;
      const receiver = http.createServer((req, res) => {
        req.resume();
        req.on("end", () => {
          const id = req.headers["x-service-event-id"];
          if (typeof id === "string") received.set(id, (received.get(id) ?? 0) + 1);
          else noId++;
          setTimeout(() => res.writeHead(200).end("ok"), 100 + Math.random() * 500);
        });
      });
      await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", () => r()));
      const receiverUrl = `http://127.0.0.1:${(receiver.address() as net.AddressInfo).port}/hooks`;
      const problems: string[] = [];
      const kills: number[] = [];
      const eventIds: string[] = [];
      const since = new Date(t0 - 1_000);
      let jobs: JobFixtures | undefined;
      try {
        await setWebhookEndpoint({ db: getDb() }, { owner: { type: "game", id: tenant.gameId }, url: receiverUrl });
        // campaigns, due subscriptions and expired grants whose jobs the kills cut off (job-kills.ts)
        jobs = await seedJobFixtures({ gameId: tenant.gameId, users: tenant.users, receiverUrl });
        // events of 10 objects, 5 every 100 ms, while the worker is killed WORKER_KILLS times
        let emitting = true;
        const emitter = (async () => {
          for (let i = 0; emitting; i++) {
            await inTransaction(getDb(), async (tx) => {
              for (let j = 0; j < 5; j++)
                eventIds.push(
                  await emitEvent(tx, {
                    owner: { type: "game", id: tenant.gameId },
                    environment: "test",
                    event: "Faults.Tick",
                    objectType: "fault",
                    objectId: `object-${(i * 5 + j) % 10}`,
                    data: { n: i * 5 + j },
                  }),
                );
            });
            await sleep(100);
          }
        })();
        for (let k = 0; k < WORKER_KILLS; k++) {
          await sleep(500 + Math.random() * 1_500);
          // campaign operations queued and one held mid-run (round 0: a renewal and a grant-expiry job too)
          await prepareRound(jobs, k, { url: db.url, send: (method, p, headers) => request(port, method, p, headers) });
          const pid = await workerPid(server.proc.pid!);
          if (!pid) {
            problems.push(`kill ${k + 1}: no worker process found`);
            continue;
          }
          process.kill(pid, "SIGKILL");
          kills.push(Date.now());
          // the launcher starts a new one a second later
          for (let i = 0; i < 100; i++) {
            const next = await workerPid(server.proc.pid!);
            if (next && next !== pid) break;
            await sleep(100);
          }
          await releaseHeld(jobs);
        }
        await sleep(1_000);
        emitting = false;
        await emitter;
        log(`${eventIds.length} events emitted, worker killed ${kills.length} times; waiting for every job and delivery`);
        // every job completes and every delivery succeeds (an attempt cut off by a kill is taken over once
        // stale: WEBHOOK_TIMEOUT_MS + 60 s); deliveries of every event since the start (ticks, campaign, purchase)
        const deadline = Date.now() + 150_000;
        let pending = eventIds.length;
        let queued = 0;
        while (Date.now() < deadline) {
          const [{ n }] = await getDb().$queryRaw<{ n: number }[]>`
            SELECT count(*)::int AS n FROM "WebhookDelivery" d JOIN "WebhookEvent" e ON e.id = d."eventId"
            WHERE e."createdAt" >= ${since} AND d.status <> 'succeeded'`;
          pending = n;
          queued = (await jobsLeft()).queued;
          if (!n && !queued) break;
          await sleep(500);
        }
        const drained = Date.now();
        if (pending) problems.push(`${pending} deliveries not succeeded after 150 s`);
        const delivered = await getDb().$queryRaw<{ id: string }[]>`
          SELECT DISTINCT e.id FROM "WebhookEvent" e JOIN "WebhookDelivery" d ON d."eventId" = e.id WHERE e."createdAt" >= ${since}`;
        const allIds = [...new Set([...eventIds, ...delivered.map((e) => e.id)])];
        const missing = allIds.filter((id) => !received.has(id));
        if (missing.length) problems.push(`${missing.length} events never reached the receiver (e.g. ${missing[0]})`);
        if (noId) problems.push(`${noId} deliveries without an x-service-event-id header`);
        const [{ left }] = await getDb().$queryRaw<{ left: number }[]>`
          SELECT count(*)::int AS left FROM graphile_worker._private_jobs WHERE locked_by IS NOT NULL AND locked_at < now() - interval '30 seconds'`;
        if (left) problems.push(`${left} jobs still locked by dead workers`);
        if (server.proc.exitCode !== null) problems.push("the server exited");
        const checked = await checkJobs(jobs);
        problems.push(...checked.problems);
        const dups = [...received.values()].filter((n) => n > 1).length;
        return {
          name,
          ok: problems.length === 0,
          line:
            `${kills.length} worker kills during delivery and jobs, ${allIds.length} events (${eventIds.length} ticks): ${allIds.length - missing.length} delivered at least once, ` +
            `${dups} twice or more (receiver de-duplicates by x-service-event-id), all delivered and done ${((drained - kills.at(-1)!) / 1000).toFixed(0)} s after the last kill; ` +
            `${checked.line}; no job left locked; ${((Date.now() - t0) / 1000).toFixed(0)} s` +
            (problems.length ? `\n    ${problems.slice(0, 10).join("\n    ")}` : ""),
        };
      } finally {
        if (jobs) await releaseHeld(jobs);
        receiver.closeAllConnections();
        receiver.close();
      }
    };

    /** Scenario 6: mixed load for SOAK_SECONDS; RSS, p99, connections and open files sampled per interval. */
    const soak = async (): Promise<Result> => {
      const name = "soak";
      const t0 = Date.now();
      const { getDb } = await import("../../lib/db/client.ts");
      const intervalMs = SOAK_SECONDS >= 600 ? 60_000 : 5_000;
      const load = runLoad(port, tenant, CLIENTS);
      const points: SoakPoint[] = [];
      let from = 0;
      for (let at = intervalMs; at <= SOAK_SECONDS * 1000; at += intervalMs) {
        await sleep(t0 + at - Date.now());
        const until = load.samples.length;
        const ms = load.samples.slice(from, until).map((x) => x.ms);
        from = until;
        const [{ n }] = await getDb().$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database()`;
        const group = groupStats(server.proc.pid!);
        points.push({ t: at / 1000, rssMb: group.rssMb, p99: quantile(ms, 0.99), p50: quantile(ms, 0.5), requests: ms.length, connections: n, fds: group.fds });
      }
      load.stop();
      await load.done;
      for (const op of load.ops) allOps.push(op); // not push(...ops): a long run holds more ops than a call has argument slots
      const problems: string[] = [];
      const fives = load.samples.filter((x) => typeof x.status !== "number" || x.status >= 500);
      if (fives.length) problems.push(`${fives.length} requests failed or answered 5xx: ${countBy(fives, (x) => String(x.status))}`);
      // the first interval is the warm-up (JIT, pools filling); compare the second one with the last third
      const steady = points.slice(1);
      const third = Math.max(1, Math.floor(steady.length / 3));
      const median = (xs: number[]) => quantile(xs, 0.5);
      const early = steady.slice(0, third);
      const late = steady.slice(-third);
      const rssEarly = median(early.map((p) => p.rssMb));
      const rssLate = median(late.map((p) => p.rssMb));
      const p99Early = median(early.map((p) => p.p99));
      const p99Late = median(late.map((p) => p.p99));
      const connMax = Math.max(...points.map((p) => p.connections));
      const fdsEarly = median(early.map((p) => p.fds));
      const fdsLate = median(late.map((p) => p.fds));
      // A heap settles over minutes: in a 20-minute soak of the direct dispatch RSS rose 25% by minute 3 and
      // fell back by minute 8, then stayed flat (docs/benchmarks.md). Growth is judged on runs of 10 minutes
      // or more; a shorter run (the scaled one in CI) only checks that RSS stays under a ceiling.
      const rssMax = Math.max(...points.map((p) => p.rssMb));
      if (SOAK_SECONDS >= 600 && rssLate > rssEarly * 1.25 + 20) problems.push(`RSS grew from ${rssEarly} MB to ${rssLate} MB`);
      if (SOAK_SECONDS < 600 && rssMax > SOAK_RSS_CEILING_MB) problems.push(`RSS reached ${rssMax} MB (ceiling ${SOAK_RSS_CEILING_MB} MB)`);
      if (p99Late > p99Early * 2 + 50) problems.push(`p99 crept from ${p99Early} ms to ${p99Late} ms`);
      if (connMax > SOAK_MAX_CONNECTIONS) problems.push(`${connMax} database connections (bound ${SOAK_MAX_CONNECTIONS})`);
      if (fdsLate > fdsEarly + 100) problems.push(`open files grew from ${fdsEarly} to ${fdsLate}`);
      const books = await checkBooks(tenant, allOps);
      problems.push(...books.problems);
      const chart = SOAK_CHART ?? path.join(root, ".data/faults-soak.svg");
      fs.mkdirSync(path.dirname(chart), { recursive: true });
      fs.writeFileSync(chart, soakChart(points, { clients: CLIENTS, seconds: SOAK_SECONDS }));
      fs.writeFileSync(path.join(root, ".data/faults-soak.json"), JSON.stringify(points, null, 2) + "\n");
      const ok = load.ops.filter((o) => o.outcome === "ok").length;
      return {
        name,
        ok: problems.length === 0,
        line:
          `${SOAK_SECONDS} s, ${CLIENTS} clients, ${load.ops.length} operations (${ok} succeeded once): RSS ${rssEarly} → ${rssLate} MB, ` +
          `p99 ${p99Early} → ${p99Late} ms (p50 ${median(steady.map((p) => p.p50))} ms), database connections ≤ ${connMax}, open files ${fdsEarly} → ${fdsLate}; ` +
          `chart ${path.relative(root, chart)}` +
          (problems.length ? `\n    ${problems.slice(0, 10).join("\n    ")}` : ""),
      };
    };

    /** Scenario 3: PostgreSQL stopped under load for OUTAGE_SECONDS, then started again. */
    const dbOutage = async (): Promise<Result> => {
      const name = "db-outage";
      if (!db.outage) return { name, ok: true, skipped: true, line: "needs the embedded PostgreSQL it can stop (run without TEST_DATABASE_URL)" };
      const t0 = Date.now();
      const pid = server.proc.pid;
      const load = runLoad(port, tenant, CLIENTS);
      await sleep(2_000);
      log(`stopping PostgreSQL for ${OUTAGE_SECONDS} s`);
      const { stoppedAt, startedAt } = await db.outage(OUTAGE_SECONDS * 1000);
      log(`PostgreSQL started again after ${((startedAt - stoppedAt) / 1000).toFixed(1)} s`);
      // /api/ready turns 200 again by itself (database answers, the worker listens again)
      const ready = waitReady(port, server).then(
        () => Date.now() - startedAt,
        (e: Error) => e,
      );
      // the first request that started after the restart and succeeded
      let recoveredAt: number | undefined;
      for (let i = 0; i < 300 && recoveredAt === undefined; i++) {
        const s = load.samples.find((x) => x.at >= startedAt && (x.status === 200 || x.status === 201));
        if (s) recoveredAt = s.at + s.ms;
        else await sleep(100);
      }
      await sleep(3_000);
      load.stop();
      await load.done;
      for (const op of load.ops) allOps.push(op); // not push(...ops): a long run holds more ops than a call has argument slots
      const problems: string[] = [];
      const readyOrError = await ready;
      const readyMs = typeof readyOrError === "number" ? readyOrError : -1;
      if (typeof readyOrError !== "number") problems.push(`/api/ready did not answer 200 again: ${readyOrError.message}`);
      if (server.proc.exitCode !== null || server.proc.signalCode !== null || server.proc.pid !== pid) problems.push("the server exited or was restarted");
      // every request that overlapped the outage: answered, and with 503 SERVICE_UNAVAILABLE + Retry-After unless it finished before the stop
      const during = load.samples.filter((x) => x.at >= stoppedAt && x.at < startedAt);
      const overlapping = load.samples.filter((x) => x.at < startedAt && x.at + x.ms > stoppedAt);
      const wrong = overlapping.filter(
        (x) => !(x.status === 200 || x.status === 201 || (x.status === 503 && x.code === "SERVICE_UNAVAILABLE" && x.retryAfter)),
      );
      if (wrong.length)
        problems.push(
          `${wrong.length} requests during the outage got something else than 503 SERVICE_UNAVAILABLE with Retry-After: ${countBy(wrong, (x) => `${x.status}${x.code ? ` ${x.code}` : ""}`)}`,
        );
      if (!during.length) problems.push("no request was made during the outage");
      const slow = overlapping.filter((x) => x.ms > OUTAGE_ANSWER_BOUND_MS);
      if (slow.length)
        problems.push(`${slow.length} requests during the outage took longer than ${OUTAGE_ANSWER_BOUND_MS} ms (max ${Math.max(...slow.map((x) => x.ms))} ms)`);
      const fives = load.samples.filter((x) => x.status === 500);
      if (fives.length) problems.push(`${fives.length} answers were 500`);
      if (recoveredAt === undefined) problems.push("no request succeeded within 30 s of the restart");
      const books = await checkBooks(tenant, allOps);
      problems.push(...books.problems, ...(await replay(port, tenant, load.ops)));
      const unknown = load.ops.filter((o) => o.outcome === "unknown").length;
      if (unknown) problems.push(`${unknown} operations never got an answer`);
      const locks = await advisoryLocksHeld();
      if (locks) problems.push(`${locks} idempotency keys still in flight (advisory locks held)`);
      const ok = load.ops.filter((o) => o.outcome === "ok").length;
      const ms = during.map((x) => x.ms);
      return {
        name,
        ok: problems.length === 0,
        line:
          `PostgreSQL down ${((startedAt - stoppedAt) / 1000).toFixed(1)} s under ${CLIENTS} clients: ${during.length} requests during it (${countBy(during, (x) => `${x.status}${x.code ? ` ${x.code}` : ""}`)}), ` +
          `answered in p50 ${quantile(ms, 0.5)} ms / max ${Math.max(0, ...ms)} ms; first success ${recoveredAt === undefined ? "never" : `${((recoveredAt - startedAt) / 1000).toFixed(1)} s`} after the restart, ` +
          `ready again ${readyMs < 0 ? "never" : `${(readyMs / 1000).toFixed(1)} s`} after it, same server process; ` +
          `${load.ops.length} operations (${kinds(load.ops)}: ${ok} succeeded once, 0 doubled), ${load.retries()} retries, ${((Date.now() - t0) / 1000).toFixed(0)} s` +
          (problems.length ? `\n    ${problems.slice(0, 10).join("\n    ")}` : ""),
      };
    };

    // ---- 1. SIGKILL under load
    if (wanted("sigkill-under-load")) {
      const t0 = Date.now();
      const load = runLoad(port, tenant, CLIENTS);
      const restarts: number[] = [];
      for (let k = 0; k < KILLS; k++) {
        await sleep(SECONDS_BETWEEN_KILLS * 1000 * (0.5 + Math.random()));
        const before = load.ops.filter((o) => o.outcome === "ok").length;
        await killGroup(server, port);
        const down = Date.now();
        server = startServer(port, db.url);
        await waitReady(port, server);
        restarts.push(Date.now() - down);
        log(`kill ${k + 1}/${KILLS} after ${before} succeeded operations; back in ${((Date.now() - down) / 1000).toFixed(1)} s`);
      }
      await sleep(SECONDS_BETWEEN_KILLS * 500);
      load.stop();
      await load.done;
      for (const op of load.ops) allOps.push(op); // not push(...ops): a long run holds more ops than a call has argument slots
      const books = await checkBooks(tenant, allOps);
      const problems = [...books.problems, ...(await replay(port, tenant, load.ops))];
      // clients retried until answered, so nothing may be left unanswered here
      const unknown = load.ops.filter((o) => o.outcome === "unknown").length;
      if (unknown) problems.push(`${unknown} operations never got an answer`);
      const locks = await advisoryLocksHeld();
      if (locks) problems.push(`${locks} idempotency keys still in flight (advisory locks held)`);
      const ok = load.ops.filter((o) => o.outcome === "ok").length;
      const refused = load.ops.filter((o) => o.outcome === "refused").length;
      const errs = [...load.errors].map(([k, v]) => `${k}×${v}`).join(", ");
      results.push({
        name: "sigkill-under-load",
        ok: problems.length === 0,
        line:
          `${KILLS} kills, ${CLIENTS} clients, ${load.ops.length} operations (${kinds(load.ops)}: ${ok} succeeded once, ${refused} refused, 0 doubled), ` +
          `${load.retries()} retries, restart ${(Math.min(...restarts) / 1000).toFixed(1)}–${(Math.max(...restarts) / 1000).toFixed(1)} s, ` +
          `${((Date.now() - t0) / 1000).toFixed(0)} s${errs ? `; errors seen: ${errs}` : ""}` +
          (problems.length ? `\n    ${problems.slice(0, 10).join("\n    ")}` : ""),
      });
    }

    // ---- 3. the database goes away (before SIGTERM, which ends the server)
    if (wanted("db-outage")) results.push(await dbOutage());

    // ---- 4. backup under load, restore into a new database
    if (wanted("backup-restore")) results.push(await backupDrill());

    // ---- 5. the worker killed mid-delivery
    if (wanted("worker-kill")) results.push(await workerKill());

    // ---- 6. soak
    if (wanted("soak")) results.push(await soak());

    // ---- 2. SIGTERM under load
    if (wanted("sigterm-under-load")) {
      const load = runLoad(port, tenant, CLIENTS, { giveUpWhenStopped: true });
      await sleep(3_000);
      const sent = Date.now();
      process.kill(server.proc.pid!, "SIGTERM");
      // while the launcher drains: /api/ready answers 503 {status:"draining"}, everything else is still served
      let drainingAfter: number | undefined;
      let readyAnswers = 0;
      const exited = server.exit.then(() => true);
      while (!(await Promise.race([exited, sleep(100).then(() => false)]))) {
        const r = await request(port, "GET", "/api/ready").catch(() => null);
        if (!r) continue;
        readyAnswers++;
        if (r.status === 503 && (r.body as { status?: string } | undefined)?.status === "draining" && r.retryAfter) drainingAfter ??= Date.now() - sent;
      }
      const { code, signal, at } = await server.exit;
      load.stop();
      await load.done;
      const took = at - sent;
      const problems: string[] = [];
      const servedWhileDraining = load.samples.filter((x) => x.at > sent && (x.status === 200 || x.status === 201)).length;
      if (drainingAfter === undefined) problems.push(`/api/ready never answered 503 draining after SIGTERM (${readyAnswers} answers)`);
      else if (drainingAfter > 1_000) problems.push(`/api/ready turned 503 draining only ${drainingAfter} ms after SIGTERM`);
      if (!servedWhileDraining) problems.push("no request was served while draining");
      if (code !== 0) problems.push(`the launcher exited ${code ?? signal}, not 0`);
      if (took > DRAIN_MS + SHUTDOWN_DEADLINE_MS + 6_000) problems.push(`shutdown took ${took} ms`);
      if (await portAnswers(port)) problems.push("the port still answers after the launcher exited");
      for (const op of load.ops) allOps.push(op); // not push(...ops): a long run holds more ops than a call has argument slots
      const books = await checkBooks(tenant, allOps);
      problems.push(...books.problems);
      // A connection reset while the server closes (ECONNRESET) may hit a request the server had not
      // read yet (safe to retry) or one it had processed (a request cut off mid-flight). The books tell
      // them apart: a cut-off request has a journal and no answer.
      const cut = books.postedUnanswered.filter((o) => load.ops.includes(o));
      if (cut.length) problems.push(`${cut.length} requests were processed but not answered (cut off by the shutdown)`);
      const locks = await advisoryLocksHeld();
      if (locks) problems.push(`${locks} idempotency keys still in flight (advisory locks held)`);
      const ok = load.ops.filter((o) => o.outcome === "ok").length;
      results.push({
        name: "sigterm-under-load",
        ok: problems.length === 0,
        line:
          `exit ${code} in ${(took / 1000).toFixed(1)} s (drain ${DRAIN_MS / 1000} s + deadline ${SHUTDOWN_DEADLINE_MS / 1000} s), ` +
          `/api/ready 503 draining ${drainingAfter ?? "never"} ms after SIGTERM, ${servedWhileDraining} requests served while draining, ${load.ops.length} operations ` +
          `(${ok} succeeded once), ${load.resets()} connections reset or timed out, ${cut.length} processed but unanswered` +
          (problems.length ? `\n    ${problems.slice(0, 10).join("\n    ")}` : ""),
      });
    }
  } catch (e) {
    results.push({ name: "setup", ok: false, line: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  } finally {
    if (server.proc.exitCode === null && server.proc.signalCode === null) await killGroup(server, port);
    const { closeDb } = await import("../../lib/db/client.ts");
    await closeDb();
    await db.drop().catch((e) => log(`dropping the database failed: ${e}`));
  }
  for (const r of results) console.log(`${r.skipped ? "SKIP" : r.ok ? "PASS" : "FAIL"} ${r.name}: ${r.line}`);
  const ran = results.filter((r) => !r.skipped);
  const passed = ran.filter((r) => r.ok).length;
  const skipped = results.length - ran.length;
  console.log(`whole run: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  console.log(`${passed} passed, ${ran.length - passed} failed${skipped ? `, ${skipped} skipped` : ""}`);
  return passed === ran.length ? 0 : 1;
};

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
