// npm run bench:replica — reads on a real streaming replica (issue 32, target 5; docs/operations.md "Read replicas").
// Starts the bench's embedded PostgreSQL (as npm run bench does), a fresh database, a streaming replica of the
// server (lib/db/embedded-replica.ts), one production web process with DATABASE_REPLICA_URL and one worker. Then,
// each phase printed with the transactions each server ran meanwhile (pg_stat_database), req/s, p50/p99 and the
// web process's CPU per request:
//   1. API reads by a key that never writes, closed loop: GET /v1/vc/balances, GET /v1/game, GET /v1/users/{userRef},
//      GET /v1/vc/journals (first page of 50), BENCH_REPLICA_READS each;
//   2. the portal's four pages (overview, journals, request log, a player; scripts/bench/portal.ts), signed in as
//      the seed's developer, BENCH_REPLICA_PORTAL_PAGES each;
//   3. API writers: BENCH_REPLICA_WRITERS clients, each with its own server key and player, each BENCH_REPLICA_ROUNDS
//      times crediting its player then reading at once its balance and its journals (GET /v1/vc/journals?userRef=):
//      both must show the credit;
//   4. a portal writer: the developer creates a game through the portal's form (a server action, posted as a browser
//      without JavaScript posts it) and reads the Overview at once, BENCH_REPLICA_PORTAL_ROUNDS times: its count of
//      test games must show the new game;
//   5. replay paused (pg_wal_replay_pause on the replica, so it is certainly behind): BENCH_REPLICA_HELD_ROUNDS
//      rounds of an API writer's credit and balance read, and of the portal writer's game and Overview; a key that
//      never wrote reads the same balance meanwhile and sees the replica's older value (proof that it was behind).
// A read that does not show the caller's own write is stale: any stale read fails the run (exit 1), as does a read
// phase that ran no transaction on the replica, or the Overview's first view failing there (it writes: see below). The last line is issue 32's target 5 verdict (as npm run bench
// prints its targets, scripts/bench/report.ts).
// Options: BENCH_PORT (3200), EMBEDDED_BENCH_PG_PORT (54332), BENCH_REPLICA_PORT (54333), BENCH_PLAYERS (500),
// BENCH_CONNECTIONS (64), BENCH_REPLICA_READS (4000), BENCH_REPLICA_PORTAL_PAGES (100), BENCH_PORTAL_CONNECTIONS
// (2), BENCH_REPLICA_WRITERS (32), BENCH_REPLICA_ROUNDS (25), BENCH_REPLICA_PORTAL_ROUNDS (20),
// BENCH_REPLICA_HELD_ROUNDS (5), BENCH_REPLICA_STATS_WAIT_S (11: PostgreSQL flushes an idle connection's counts
// within 10 s, so each phase's transactions are counted after that wait), BENCH_PG_SHARED_BUFFERS (1GB).
// The defaults should take three to four minutes on a quiet 2-core machine, the build aside (an estimate; 9 minutes on a
// busy one). Writes bench-results/replica.json.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { config } from "../../lib/config/env.ts";
import { closeDb, getDb } from "../../lib/db/client.ts";
import { startEmbeddedReplica } from "../../lib/db/embedded-replica.ts";
import { migrateDeploy } from "../../lib/db/migrate.ts";
import { parseLsn } from "../../lib/db/replica.ts";
import { inTransaction } from "../../lib/db/transaction.ts";
import { createSeedTenants } from "../../lib/flows/create-seed-tenants.ts";
import { installJobSchema } from "../../lib/jobs/schema.ts";
import { findOrCreatePlayer, linkPlayer } from "../../lib/linking/link-player.ts";
import { dashboardWindow } from "../../lib/portal/load-portal-dashboard.ts";
import { OVERVIEW_DAYS } from "../../lib/portal/load-portal-overview.ts";
import { readVcDailyFigures } from "../../lib/portal/read-vc-daily-figures.ts";
import { issueApiKey } from "../../lib/tenants/issue-api-key.ts";
import { databaseUrlOf, freshDatabase, startServer } from "./database.ts";
import { cpuSnapshot, foreignCores } from "./foreign-cpu.ts";
import { runLoad, quantile, type Result } from "./load.ts";
import { portalPages, signInPortal } from "./portal.ts";
import { portalFormFields, postPortalForm } from "./portal-form.ts";
import { startFleet } from "./processes.ts";

const log = (m: string) => console.error(m);
const num = (name: string, fallback: number, min = 0) => {
  const raw = process.env[name];
  const n = raw === undefined || raw === "" ? fallback : Number(raw);
  if (!Number.isFinite(n) || n < min) throw new Error(`${name} must be a number >= ${min}, got "${raw}"`);
  return n;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load1m = () => Math.round(os.loadavg()[0]! * 100) / 100;
const pctOf = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

/** A read phase: its load figures and the transactions each server ran during it. */
type Phase = Result & { connections: number; primaryTransactions: number; replicaTransactions: number; loadAverage1m: number; othersCores: number | null };
/** A writer phase: reads of the caller's own write, how many were stale, and where the transactions ran. */
type WriterPhase = {
  name: string;
  reads: number;
  stale: number;
  seconds: number;
  readP50Ms: number;
  readP99Ms: number;
  primaryTransactions: number;
  replicaTransactions: number;
  loadAverage1m: number;
};

const main = async () => {
  if (process.env.BENCH_DATABASE_URL) throw new Error("bench:replica starts its own embedded server and replica: unset BENCH_DATABASE_URL");
  process.env.COINOP_SECRET ||= randomBytes(32).toString("hex");
  if (!fs.existsSync(`${config().NEXT_DIST_DIR ?? ".next"}/BUILD_ID`)) {
    log("[bench] building the production app (npm run build)…");
    if (spawnSync("npm", ["run", "build"], { stdio: "inherit" }).status !== 0) throw new Error("npm run build failed");
  }
  const o = {
    port: num("BENCH_PORT", 3200, 1),
    pgPort: num("EMBEDDED_BENCH_PG_PORT", 54332, 1),
    replicaPort: num("BENCH_REPLICA_PORT", 54333, 1),
    players: num("BENCH_PLAYERS", 500, 1),
    connections: num("BENCH_CONNECTIONS", 64, 1),
    reads: num("BENCH_REPLICA_READS", 4000, 1),
    portalPages: num("BENCH_REPLICA_PORTAL_PAGES", 100, 1),
    portalConnections: num("BENCH_PORTAL_CONNECTIONS", 2, 1),
    writers: num("BENCH_REPLICA_WRITERS", 32, 1),
    rounds: num("BENCH_REPLICA_ROUNDS", 25, 1),
    portalRounds: num("BENCH_REPLICA_PORTAL_ROUNDS", 20, 1),
    heldRounds: num("BENCH_REPLICA_HELD_ROUNDS", 5, 1),
    statsWaitMs: num("BENCH_REPLICA_STATS_WAIT_S", 11) * 1000,
  };
  const dataDir = path.resolve(".data/bench-postgres");
  const server = await startServer({ adminDatabaseUrl: null, pgPort: o.pgPort, sharedBuffers: process.env.BENCH_PG_SHARED_BUFFERS ?? "1GB", log });
  if (server.postgresIsOwn) throw new Error(`an embedded server already runs on ${dataDir}: stop it first (the replica is made of a copy of it)`);
  const db = await freshDatabase(server.adminUrl, "coinop_replica_bench");
  const replicaDir = path.resolve(".data/bench-replica");
  let replica: Awaited<ReturnType<typeof startEmbeddedReplica>> | null = null;
  let fleet: Awaited<ReturnType<typeof startFleet>> | null = null;
  const admin: { primary: pg.Client | null; replica: pg.Client | null } = { primary: null, replica: null };
  try {
    await migrateDeploy(db.url);
    await installJobSchema(db.url);
    log("[bench] starting a streaming replica of the bench's server…");
    replica = await startEmbeddedReplica({ primaryAdminUrl: server.adminUrl, primaryDataDir: dataDir, replicaDir, port: o.replicaPort, database: db.name });
    const replicaUrl = databaseUrlOf(replica.adminUrl, db.name);
    admin.primary = new pg.Client({ connectionString: db.url });
    admin.replica = new pg.Client({ connectionString: replicaUrl });
    await admin.primary.connect();
    await admin.replica.connect();
    const onPrimary = admin.primary;
    const onReplica = admin.replica;
    /** Both servers' transaction counts on the bench's database (a standby counts its own read-only ones). */
    const xacts = async (): Promise<[number, number]> => {
      const q = async (c: pg.Client) => {
        await c.query("SELECT pg_stat_clear_snapshot()");
        const { rows } = await c.query<{ n: string }>("SELECT (xact_commit + xact_rollback)::text AS n FROM pg_stat_database WHERE datname = $1", [db.name]);
        return Number(rows[0]?.n ?? 0);
      };
      // each of these two queries is a transaction of its own: not counted in a phase (they run between phases)
      return [await q(onPrimary), await q(onReplica)];
    };
    /** Counts after every connection had time to report what it did (PostgreSQL flushes idle ones within 10 s). */
    const settledXacts = async () => {
      await sleep(o.statsWaitMs);
      return xacts();
    };
    const caughtUp = async () => {
      const { rows } = await onPrimary.query<{ lsn: string }>("SELECT pg_current_wal_lsn()::text AS lsn");
      const target = parseLsn(rows[0]!.lsn);
      for (const until = Date.now() + 30_000; ; await sleep(50)) {
        const r = await onReplica.query<{ lsn: string }>("SELECT pg_last_wal_replay_lsn()::text AS lsn");
        if (parseLsn(r.rows[0]!.lsn) >= target) return;
        if (Date.now() > until) throw new Error("the replica did not catch up within 30 s");
      }
    };

    await closeDb();
    process.env.DATABASE_URL = db.url;
    const seed = await inTransaction(getDb(), (tx) => createSeedTenants({ db: tx }, { tag: "replica-bench", webhookUrl: null }));
    const gameId = seed.game.gameId;
    const businessId = seed.business.businessId;
    const refs: string[] = [];
    for (let i = 0; i < o.players; i++) {
      const player = await findOrCreatePlayer({ db: getDb() }, { email: `replica-bench-${i}@coinop.test` });
      refs.push((await linkPlayer({ db: getDb() }, { namespace: { type: "game", id: gameId }, environment: "test", playerId: player.id })).userRef);
    }
    if (o.writers > refs.length) throw new Error(`BENCH_REPLICA_WRITERS (${o.writers}) needs as many players (BENCH_PLAYERS ${refs.length}): one each`);
    process.env.DATABASE_REPLICA_URL = replicaUrl;
    fleet = await startFleet({ databaseUrl: db.url, port: o.port, webProcesses: 1, workers: 1, log });
    const { webCpuMs } = fleet;
    const base = fleet.bases[0]!;
    const headersOf = (key: string) => ({ authorization: `Bearer ${key}`, "x-game-id": gameId, "content-type": "application/json" });
    const seedHeaders = headersOf(seed.game.serverKey);
    const cur = await fetch(`${base}/api/v1/vc/currencies`, {
      method: "POST",
      headers: { ...seedHeaders, "idempotency-key": "replica-bench-currency" },
      body: JSON.stringify({ code: "GEMS", name: "Gems" }),
    });
    if (cur.status !== 201) throw new Error(`creating the currency failed: ${cur.status} ${await cur.text()}`);
    const currencyId = ((await cur.json()) as { currency: { _id: string } }).currency._id;
    // a full first page of journals for the journals reads (credits by the seed's key: the reader never writes)
    for (let i = 0; i < 50; i++) {
      const r = await fetch(`${base}/api/v1/vc/credits`, {
        method: "POST",
        headers: { ...seedHeaders, "idempotency-key": `rb-prefill-${i}` },
        body: JSON.stringify({ currencyId, userRef: refs[i % refs.length], amountUnits: "1", orderId: `rb-prefill-${i}` }),
      });
      if (r.status !== 201) throw new Error(`prefill credit failed: ${r.status} ${await r.text()}`);
    }
    await caughtUp();

    const cpuMs = webCpuMs;
    const measured = async (name: string, connections: number, run: () => Promise<Result>): Promise<Phase> => {
      const [p0, r0] = await xacts();
      const loadAverage1m = load1m();
      const cpu0 = cpuSnapshot({ postgresIsOwn: false });
      const r = await run();
      const othersCores = foreignCores(cpu0, cpuSnapshot({ postgresIsOwn: false }), os.availableParallelism());
      const [p1, r1] = await settledXacts();
      const phase = { ...r, name, connections, primaryTransactions: p1 - p0, replicaTransactions: r1 - r0, loadAverage1m, othersCores };
      log(
        `[bench] ${name}: ${r.requestsPerSecond}/s, p99 ${r.p99Ms} ms; transactions primary ${phase.primaryTransactions}, replica ${phase.replicaTransactions}`,
      );
      return phase;
    };

    // 1. API reads by a key that never writes
    const reader = (await issueApiKey({ db: getDb() }, { kind: "server", environment: "test", gameId, label: "bench reader" })).rawKey;
    const readerHeaders = headersOf(reader);
    let m = 0;
    const apiReads: { name: string; path: () => string; connections: number }[] = [
      {
        name: "GET /v1/vc/balances",
        path: () => `/api/v1/vc/balances?currencyId=${currencyId}&userRef=${refs[m++ % refs.length]}`,
        connections: o.connections,
      },
      { name: "GET /v1/game", path: () => "/api/v1/game", connections: o.connections },
      { name: "GET /v1/users/{userRef}", path: () => `/api/v1/users/${refs[m++ % refs.length]}`, connections: o.connections },
      { name: "GET /v1/vc/journals", path: () => `/api/v1/vc/journals?currencyId=${currencyId}&page=1&limit=50`, connections: o.connections },
    ];
    for (const a of apiReads) {
      const first = await fetch(`${base}${a.path()}`, { headers: readerHeaders });
      if (first.status !== 200) throw new Error(`${a.name}: ${first.status} ${(await first.text()).slice(0, 300)}`);
      await first.arrayBuffer();
      await runLoad({
        name: `warm-up ${a.name}`,
        amount: 300,
        connections: 8,
        bases: [base],
        cpuMs,
        request: () => ({ method: "GET", setupRequest: (req) => ({ ...req, headers: readerHeaders, path: a.path() }) }),
      });
    }
    // the portal's four pages, signed in as the seed's developer (who has not written yet): checked and warmed up
    const cookie = await signInPortal(base, seed.portal);
    const pages = portalPages(businessId, refs[0]!);
    // The Overview's first view stores the past days' VC figures (lib/portal/read-vc-daily-figures.ts): on a replica
    // that write fails. Its first view here is judged; if it fails, the figures are stored once on the primary (as a
    // view there would) so that the pages can still be measured, and the verdict says the first view failed.
    const overview = pages.find((p) => p.page === "overview")!;
    const firstView = await fetch(`${base}${overview.path}`, { headers: { cookie } });
    const overviewFirstView = { status: firstView.status, rendered: (await firstView.text()).includes(overview.expect) };
    if (!overviewFirstView.rendered) {
      log(`[bench] the Overview's first view failed on the replica (${firstView.status}): storing its daily figures on the primary first`);
      const games = await getDb().game.findMany({ where: { businessId, environment: "test" }, select: { id: true } });
      const gameIds = games.map((g) => g.id);
      const currencies = await getDb().virtualCurrency.findMany({
        where: { gameId: { in: gameIds }, environment: "test" },
        select: { id: true, gameId: true },
      });
      await readVcDailyFigures(getDb(), { currencies, environment: "test", days: dashboardWindow(OVERVIEW_DAYS).days });
      await caughtUp();
    }
    for (const { page, path: p, expect } of pages) {
      const res = await fetch(`${base}${p}`, { headers: { cookie } });
      const html = await res.text();
      if (res.status !== 200 || !html.includes(expect)) throw new Error(`the portal's ${page} page did not render: ${res.status} ${html.slice(0, 200)}`);
      await runLoad({
        name: `warm-up ${page}`,
        amount: 20,
        connections: 2,
        bases: [base],
        cpuMs,
        request: () => ({ method: "GET", path: p, headers: { cookie } }),
      });
    }
    // what the servers do with no request at all (the worker polls the primary): a baseline for the phases' counts
    const [ip0, ir0] = await settledXacts();
    const [ip1, ir1] = await settledXacts();
    const idle = { seconds: o.statsWaitMs / 1000, primaryTransactions: ip1 - ip0, replicaTransactions: ir1 - ir0 };
    const readPhases: Phase[] = [];
    for (const a of apiReads)
      readPhases.push(
        await measured(a.name, a.connections, () =>
          runLoad({
            name: a.name,
            amount: o.reads,
            connections: a.connections,
            bases: [base],
            cpuMs,
            request: () => ({ method: "GET", setupRequest: (req) => ({ ...req, headers: readerHeaders, path: a.path() }) }),
          }),
        ),
      );

    // 2. the portal's four pages (signed in and warmed up above)
    const portalPhases: Phase[] = [];
    for (const { page, path: p } of pages)
      portalPhases.push(
        await measured(`portal ${page}`, o.portalConnections, () =>
          runLoad({
            name: `portal ${page}`,
            amount: o.portalPages,
            connections: o.portalConnections,
            bases: [base],
            cpuMs,
            request: () => ({ method: "GET", path: p, headers: { cookie } }),
          }),
        ),
      );

    // 3. API writers: credit, then read at once the balance and the player's journals; both must show the credit
    const writerKeys: string[] = [];
    for (let w = 0; w < o.writers; w++)
      writerKeys.push((await issueApiKey({ db: getDb() }, { kind: "server", environment: "test", gameId, label: `bench writer ${w}` })).rawKey);
    const balanceOf = async (h: Record<string, string>, userRef: string) => {
      const res = await fetch(`${base}/api/v1/vc/balances?currencyId=${currencyId}&userRef=${userRef}`, { headers: h });
      if (res.status !== 200) throw new Error(`balance read failed: ${res.status} ${await res.text()}`);
      return BigInt(((await res.json()) as { balanceUnits: string }).balanceUnits);
    };
    const journalCountOf = async (h: Record<string, string>, userRef: string) => {
      const res = await fetch(`${base}/api/v1/vc/journals?currencyId=${currencyId}&userRef=${userRef}&page=1&limit=1`, { headers: h });
      if (res.status !== 200) throw new Error(`journals read failed: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { pagination: { totalCount: number } }).pagination.totalCount;
    };
    const credit = async (h: Record<string, string>, userRef: string, id: string) => {
      const res = await fetch(`${base}/api/v1/vc/credits`, {
        method: "POST",
        headers: { ...h, "idempotency-key": id },
        body: JSON.stringify({ currencyId, userRef, amountUnits: "3", orderId: id }),
      });
      if (res.status !== 201) throw new Error(`credit failed: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };
    const writerPhase = async (name: string, run: (timed: <T>(read: () => Promise<T>) => Promise<T>) => Promise<{ reads: number; stale: number }>) => {
      const [p0, r0] = await xacts();
      const loadAverage1m = load1m();
      const latencies: number[] = [];
      const timed = async <T>(read: () => Promise<T>): Promise<T> => {
        const t = performance.now();
        const v = await read();
        latencies.push(performance.now() - t);
        return v;
      };
      const started = performance.now();
      const { reads, stale } = await run(timed);
      const seconds = Math.round((performance.now() - started) / 10) / 100;
      const [p1, r1] = await settledXacts();
      latencies.sort((a, b) => a - b);
      const out: WriterPhase = {
        name,
        reads,
        stale,
        seconds,
        readP50Ms: quantile(latencies, 0.5),
        readP99Ms: quantile(latencies, 0.99),
        primaryTransactions: p1 - p0,
        replicaTransactions: r1 - r0,
        loadAverage1m,
      };
      log(
        `[bench] ${name}: ${reads} reads of the caller's own write, ${stale} stale; transactions primary ${out.primaryTransactions}, replica ${out.replicaTransactions}`,
      );
      return out;
    };
    const apiWriters = await writerPhase("API writers", async (timed) => {
      let reads = 0;
      let stale = 0;
      await Promise.all(
        writerKeys.map(async (key, w) => {
          const h = headersOf(key);
          const userRef = refs[w]!;
          let balance = await balanceOf(h, userRef);
          let journals = await journalCountOf(h, userRef);
          for (let i = 0; i < o.rounds; i++) {
            await credit(h, userRef, `rb-${w}-${i}`);
            balance += 3n;
            journals += 1;
            if ((await timed(() => balanceOf(h, userRef))) !== balance) stale++;
            if ((await timed(() => journalCountOf(h, userRef))) !== journals) stale++;
            reads += 2;
          }
        }),
      );
      return { reads, stale };
    });

    // 4. a portal writer: a game created through the portal's form, then the Overview read at once
    const gamesPath = `/portal/${encodeURIComponent(businessId)}/games?env=test`;
    const overviewPath = pages.find((p) => p.page === "overview")!.path;
    const createGame = await portalFormFields(base, gamesPath, cookie, "description");
    const testGames = async () => {
      const res = await fetch(`${base}${overviewPath}`, { headers: { cookie } });
      const html = await res.text();
      const n = Number(/data-testid="count-test"[^>]*>(\d+)</.exec(html)?.[1]);
      if (res.status !== 200 || !Number.isInteger(n)) throw new Error(`the Overview has no count of test games: ${res.status} ${html.slice(0, 200)}`);
      return n;
    };
    let gameNo = 0;
    const newGame = async () => {
      const name = `Replica bench ${++gameNo}`;
      const res = await postPortalForm(base, gamesPath, cookie, createGame, { name, description: "", environment: "test" });
      if (res.status !== 200 || !res.html.includes(`Game “${name}” created in test.`))
        throw new Error(`creating a game through the portal failed: ${res.status} ${res.html.slice(0, 300)}`);
    };
    const portalWriter = await writerPhase("portal writer", async (timed) => {
      let expected = await testGames();
      let stale = 0;
      for (let i = 0; i < o.portalRounds; i++) {
        await newGame();
        expected++;
        if ((await timed(testGames)) !== expected) stale++;
      }
      return { reads: o.portalRounds, stale };
    });

    // 5. replay paused: the replica is certainly behind; the writers' reads must still show their writes
    await caughtUp();
    const heldKey = writerKeys[0]!;
    const heldRef = refs[0]!;
    let replicaBehind = 0;
    await onReplica.query("SELECT pg_wal_replay_pause()");
    let held: WriterPhase;
    try {
      held = await writerPhase("writers, replay paused", async (timed) => {
        const h = headersOf(heldKey);
        const before = await balanceOf(readerHeaders, heldRef);
        let balance = await balanceOf(h, heldRef);
        let games = await testGames();
        let stale = 0;
        for (let i = 0; i < o.heldRounds; i++) {
          await credit(h, heldRef, `rb-held-${i}`);
          balance += 3n;
          if ((await timed(() => balanceOf(h, heldRef))) !== balance) stale++;
          // a key that never wrote reads on the replica: the balance from before the pause
          if ((await balanceOf(readerHeaders, heldRef)) === before) replicaBehind++;
          await newGame();
          games++;
          if ((await timed(testGames)) !== games) stale++;
        }
        return { reads: 2 * o.heldRounds, stale };
      });
    } finally {
      await onReplica.query("SELECT pg_wal_replay_resume()");
    }

    const stale = apiWriters.stale + portalWriter.stale + held.stale;
    const readsMoved = [...readPhases, ...portalPhases].every((p) => p.replicaTransactions > 0 && p.non2xx + p.errors + p.timeouts === 0);
    const met = readsMoved && stale === 0 && replicaBehind === o.heldRounds && overviewFirstView.rendered;
    const report = {
      date: new Date().toISOString(),
      cores: os.cpus().length,
      loadAverage: os.loadavg().map((x) => Math.round(x * 100) / 100),
      options: o,
      idle,
      reads: readPhases,
      portal: portalPhases,
      overviewFirstView,
      writers: {
        api: { ...apiWriters, writers: o.writers, rounds: o.rounds },
        portal: portalWriter,
        replayPaused: { ...held, nonWriterSawOlderValue: replicaBehind },
      },
      stale,
      met,
    };
    fs.mkdirSync("bench-results", { recursive: true });
    fs.writeFileSync("bench-results/replica.json", JSON.stringify(report, null, 2));

    const share = (p: { primaryTransactions: number; replicaTransactions: number }) =>
      `transactions: replica ${p.replicaTransactions}, primary ${p.primaryTransactions} (${pctOf(p.replicaTransactions, p.replicaTransactions + p.primaryTransactions)}% on the replica)`;
    console.log(`\n== bench:replica: 1 web process, 1 worker, 1 streaming replica; ${os.cpus().length} cores, load average ${report.loadAverage.join(", ")}`);
    for (const p of [...readPhases, ...portalPhases])
      console.log(
        `${p.name.padEnd(26)} ${String(p.requests).padStart(6)} requests: ${String(p.requestsPerSecond).padStart(7)} req/s   p50 ${p.p50Ms} ms   p99 ${p.p99Ms} ms   ` +
          `non-2xx ${p.non2xx}   errors ${p.errors + p.timeouts}   ${p.connections} conns   ${share(p)}   server CPU ${p.serverCpuMsPerRequest ?? "?"} ms/request   load ${p.loadAverage1m}   others' CPU ${p.othersCores ?? "?"} cores`,
      );
    for (const w of [apiWriters, portalWriter, held])
      console.log(
        `${w.name.padEnd(26)} ${w.reads} reads of the caller's own write in ${w.seconds} s, ${w.stale} stale   read p50 ${w.readP50Ms} ms   p99 ${w.readP99Ms} ms   ${share(w)}   load ${w.loadAverage1m}`,
      );
    console.log(
      `the Overview's first view on the replica (it stores past days' figures): ${overviewFirstView.rendered ? "rendered" : `FAILED (${overviewFirstView.status}; the figures were then stored on the primary to measure the pages)`}`,
    );
    console.log(
      `replay paused: a key that never wrote read the replica's older balance in ${replicaBehind} of ${o.heldRounds} rounds (the replica was behind)`,
    );
    console.log(
      `idle (no request, ${idle.seconds} s): transactions primary ${idle.primaryTransactions}, replica ${idle.replicaTransactions} (the worker's polling and the bench's own counting)`,
    );
    console.log("(the primary's share of a read phase is the idle baseline, the request log's batched writes and the portal's session reads)");
    console.log(
      "(balance reads that arrive together are read in one query, and portal pages read the session on the primary: transactions count queries, not requests)",
    );
    const apiShare = readPhases
      .map((p) => `${p.name.replace("GET ", "")} ${pctOf(p.replicaTransactions, p.replicaTransactions + p.primaryTransactions)}%`)
      .join(", ");
    const portalShare = portalPhases
      .map((p) => `${p.name.replace("portal ", "")} ${pctOf(p.replicaTransactions, p.replicaTransactions + p.primaryTransactions)}%`)
      .join(", ");
    console.log(
      `\nissue 32 target 5, reads on a streaming replica with read-your-writes: transactions on the replica: ${apiShare}; portal ${portalShare}; ` +
        `stale reads served to a writer ${stale} of ${apiWriters.reads + portalWriter.reads + held.reads} (API ${apiWriters.stale}/${apiWriters.reads}, portal ${portalWriter.stale}/${portalWriter.reads}, replay paused ${held.stale}/${held.reads}), ` +
        `replica behind while paused ${replicaBehind}/${o.heldRounds}, the Overview's first view ${overviewFirstView.rendered ? "rendered" : `failed (${overviewFirstView.status})`}: ${met ? "met" : "NOT MET"} (load average ${report.loadAverage.join(", ")})`,
    );
    if (!met) process.exitCode = 1;
  } finally {
    await admin.primary?.end().catch(() => undefined);
    await admin.replica?.end().catch(() => undefined);
    await fleet?.stop();
    await closeDb();
    await replica?.stop();
    await db.drop();
    await server.stop();
    fs.rmSync(replicaDir, { recursive: true, force: true });
  }
};

main().then(
  () => process.exit(process.exitCode ?? 0),
  (e) => {
    console.error(e instanceof Error ? (e.stack ?? e.message) : e);
    process.exit(1);
  },
);
