// npm run faults [-- --clients N --kills K --seconds S --full]: fault scenarios against the production
// server (`npm start`, real processes, real PostgreSQL, loopback only), bounded in time.
//
//   1. sigkill-under-load: N clients post VC credits, debits and batches, each with an Idempotency-Key; the server's
//      whole process group (launcher, Next.js, worker) is SIGKILLed K times at random moments and
//      restarted. Clients retry every failed or unanswered request with the same key and body. Then:
//      every operation a client saw succeed happened exactly once, none twice, refused ones not at all,
//      each player's balance is the sum of its succeeded operations, the ledger invariant holds, a
//      replayed key answers with the stored response, and no idempotency key is left in flight.
//   2. sigterm-under-load: SIGTERM while the clients run: the launcher exits 0 within the shutdown
//      deadline and every request the server accepted was answered.
//
// Database: a new database on TEST_DATABASE_URL's server when that is set, else a fresh embedded
// PostgreSQL under .data/faults-<time> (started by this process, so it survives the kills). Needs a
// production build (.next/BUILD_ID): without one it says so and exits 2. Prints one line per scenario,
// then "N passed, M failed"; exits 1 when a scenario failed.
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import pg from "pg";

const { values: args } = parseArgs({
  options: {
    clients: { type: "string" },
    kills: { type: "string" },
    seconds: { type: "string" },
    full: { type: "boolean", default: false },
    players: { type: "string" },
  },
});
const full = args.full;
const CLIENTS = Number(args.clients ?? (full ? 64 : 16));
const KILLS = Number(args.kills ?? (full ? 5 : 3));
/** load time between two kills (random within [0.5, 1.5] × this) */
const SECONDS_BETWEEN_KILLS = Number(args.seconds ?? (full ? 10 : 5));
const PLAYERS = Number(args.players ?? 8);
const REQUEST_TIMEOUT_MS = 15_000;
const READY_TIMEOUT_MS = 90_000;
const SHUTDOWN_DEADLINE_MS = 10_000;
const STARTING_UNITS = 1_000n;

const root = process.cwd();
const log = (m: string) => console.error(`[faults] ${m}`);

if (!fs.existsSync(path.join(root, process.env.NEXT_DIST_DIR ?? ".next", "BUILD_ID"))) {
  console.error("npm run faults needs a production build: run `npm run build` first.");
  process.exit(2);
}

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

// ---------------------------------------------------------------- the database

type Database = { url: string; drop: () => Promise<void> };

const createDatabase = async (): Promise<Database> => {
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const admin = process.env.TEST_DATABASE_URL;
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
  const db = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: "coinop_faults", log });
  return {
    url: db.url,
    drop: async () => {
      await db.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
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
      SHUTDOWN_DEADLINE_MS: String(SHUTDOWN_DEADLINE_MS),
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
type Reply = { status: number; body: { code?: string; journalId?: string; currency?: { _id: string } } | undefined };

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
          resolve({ status: res.statusCode ?? 0, body: typeof parsed === "object" && parsed ? (parsed as Reply["body"]) : undefined });
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
  status?: number;
  code?: string;
};

type Load = { ops: Op[]; stop: () => void; done: Promise<void>; retries: () => number; resets: () => number; errors: Map<string, number> };

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
        try {
          const r = await request(port, "POST", pathOf(op), { ...tenant.headers, "idempotency-key": op.key }, body);
          op.status = r.status;
          op.code = r.body?.code;
          if (r.status === 200 || r.status === 201) {
            op.outcome = "ok";
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
  };
};

// ---------------------------------------------------------------- the checks

/** Problems found, and the operations that were posted although their client never got the answer. */
type Books = { problems: string[]; postedUnanswered: Op[] };

const checkBooks = async (tenant: Tenant, ops: Op[]): Promise<Books> => {
  const { getDb } = await import("../../lib/db/client.ts");
  const { checkLedgerInvariants } = await import("../../lib/ledger/check-ledger-invariants.ts");
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

  const audit = await checkLedgerInvariants(db, { asset, environment: "test" });
  if (audit.sum !== 0n || audit.negativeAccounts.length || audit.driftedAccounts.length || audit.unbalancedJournals.length)
    problems.push(`ledger invariant broken: ${JSON.stringify(audit, (_, v) => (typeof v === "bigint" ? String(v) : v))}`);

  // a stored response for every succeeded key, none left half-written
  const okKeys = ops.filter((o) => o.outcome === "ok").map((o) => o.key);
  const stored = await db.idempotencyRecord.findMany({ where: { key: { in: okKeys } }, select: { key: true, responseStatus: true } });
  const storedOk = new Set(stored.filter((s) => s.responseStatus === 200 || s.responseStatus === 201).map((s) => s.key));
  const missing = okKeys.filter((k) => !storedOk.has(k));
  if (missing.length) problems.push(`${missing.length} succeeded keys without a stored success response`);
  return { problems, postedUnanswered };
};

/** An in-flight key is a held advisory lock: none may remain once the requests are over. */
const advisoryLocksHeld = async (): Promise<number> => {
  const { getDb } = await import("../../lib/db/client.ts");
  const [{ n }] = await getDb().$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM pg_locks l JOIN pg_database d ON d.oid = l.database
    WHERE l.locktype = 'advisory' AND d.datname = current_database() AND l.pid <> pg_backend_pid()`;
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

type Result = { name: string; ok: boolean; line: string };

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

    // ---- 1. SIGKILL under load
    {
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
      allOps.push(...load.ops);
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

    // ---- 2. SIGTERM under load
    {
      const load = runLoad(port, tenant, CLIENTS, { giveUpWhenStopped: true });
      await sleep(3_000);
      const sent = Date.now();
      process.kill(server.proc.pid!, "SIGTERM");
      const { code, signal, at } = await server.exit;
      load.stop();
      await load.done;
      const took = at - sent;
      const problems: string[] = [];
      if (code !== 0) problems.push(`the launcher exited ${code ?? signal}, not 0`);
      if (took > SHUTDOWN_DEADLINE_MS + 6_000) problems.push(`shutdown took ${took} ms`);
      if (await portAnswers(port)) problems.push("the port still answers after the launcher exited");
      allOps.push(...load.ops);
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
          `exit ${code} in ${(took / 1000).toFixed(1)} s (deadline ${SHUTDOWN_DEADLINE_MS / 1000} s), ${load.ops.length} operations ` +
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
  for (const r of results) console.log(`${r.ok ? "PASS" : "FAIL"} ${r.name}: ${r.line}`);
  const passed = results.filter((r) => r.ok).length;
  console.log(`${passed} passed, ${results.length - passed} failed (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  return passed === results.length ? 0 : 1;
};

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
