// npm run bench:replica — reads on a real streaming replica (issue 32, item 5; docs/operations.md "Read replicas").
// Starts the bench's embedded PostgreSQL (as npm run bench does), a fresh database, a streaming replica of the
// server (lib/db/embedded-replica.ts), one production web process with DATABASE_REPLICA_URL and one worker. Then:
//   1. reads: BENCH_REPLICA_READS (8000) balance reads of random players by keys that do not write, with
//      BENCH_CONNECTIONS (64) connections: how many transactions each server ran meanwhile (pg_stat_database);
//   2. writers: BENCH_REPLICA_WRITERS (32) clients, each with its own server key and player, each BENCH_REPLICA_ROUNDS
//      (50) times crediting its player and reading the balance at once: every read must show the write (a stale
//      read is counted and fails the run), and the replica's share of those reads is printed.
// Options: BENCH_PORT (3200), EMBEDDED_BENCH_PG_PORT (54332), BENCH_REPLICA_PORT (54333), BENCH_PLAYERS (500).
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
import { inTransaction } from "../../lib/db/transaction.ts";
import { createSeedTenants } from "../../lib/flows/create-seed-tenants.ts";
import { installJobSchema } from "../../lib/jobs/schema.ts";
import { findOrCreatePlayer, linkPlayer } from "../../lib/linking/link-player.ts";
import { issueApiKey } from "../../lib/tenants/issue-api-key.ts";
import { databaseUrlOf, freshDatabase, startServer } from "./database.ts";
import { runLoad, quantile } from "./load.ts";
import { startFleet } from "./processes.ts";

const log = (m: string) => console.error(m);
const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

const xacts = async (url: string, database: string): Promise<number> => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    // the stats of this server's own transactions on that database (a standby counts its own read-only ones)
    await c.query("SELECT pg_stat_clear_snapshot()");
    const { rows } = await c.query<{ n: string }>("SELECT (xact_commit + xact_rollback)::text AS n FROM pg_stat_database WHERE datname = $1", [database]);
    return Number(rows[0]?.n ?? 0);
  } finally {
    await c.end();
  }
};

const main = async () => {
  if (process.env.BENCH_DATABASE_URL) throw new Error("bench:replica starts its own embedded server and replica: unset BENCH_DATABASE_URL");
  process.env.COINOP_SECRET ||= randomBytes(32).toString("hex");
  if (!fs.existsSync(`${config().NEXT_DIST_DIR ?? ".next"}/BUILD_ID`)) {
    log("[bench] building the production app (npm run build)…");
    if (spawnSync("npm", ["run", "build"], { stdio: "inherit" }).status !== 0) throw new Error("npm run build failed");
  }
  const port = num("BENCH_PORT", 3200);
  const pgPort = num("EMBEDDED_BENCH_PG_PORT", 54332);
  const dataDir = path.resolve(".data/bench-postgres");
  const server = await startServer({ adminDatabaseUrl: null, pgPort, sharedBuffers: process.env.BENCH_PG_SHARED_BUFFERS ?? "1GB", log });
  if (server.postgresIsOwn) throw new Error(`an embedded server already runs on ${dataDir}: stop it first (the replica is made of a copy of it)`);
  const db = await freshDatabase(server.adminUrl, "coinop_replica_bench");
  const replicaDir = path.resolve(".data/bench-replica");
  let replica: Awaited<ReturnType<typeof startEmbeddedReplica>> | null = null;
  let fleet: Awaited<ReturnType<typeof startFleet>> | null = null;
  let stale = 0;
  try {
    await migrateDeploy(db.url);
    await installJobSchema(db.url);
    log("[bench] starting a streaming replica of the bench's server…");
    replica = await startEmbeddedReplica({
      primaryAdminUrl: server.adminUrl,
      primaryDataDir: dataDir,
      replicaDir,
      port: num("BENCH_REPLICA_PORT", 54333),
      database: db.name,
    });
    const replicaUrl = databaseUrlOf(replica.adminUrl, db.name);
    await closeDb();
    process.env.DATABASE_URL = db.url;
    const seed = await inTransaction(getDb(), (tx) => createSeedTenants({ db: tx }, { tag: "replica-bench", webhookUrl: null }));
    const gameId = seed.game.gameId;
    const players = num("BENCH_PLAYERS", 500);
    const refs: string[] = [];
    for (let i = 0; i < players; i++) {
      const player = await findOrCreatePlayer({ db: getDb() }, { email: `replica-bench-${i}@coinop.test` });
      refs.push((await linkPlayer({ db: getDb() }, { namespace: { type: "game", id: gameId }, environment: "test", playerId: player.id })).userRef);
    }
    process.env.DATABASE_REPLICA_URL = replicaUrl;
    fleet = await startFleet({ databaseUrl: db.url, port, webProcesses: 1, workers: 1, log });
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

    // 1. reads by a key that does not write (its own key: the currency's writer is another)
    const reader = (await issueApiKey({ db: getDb() }, { kind: "server", environment: "test", gameId, label: "bench reader" })).rawKey;
    const readerHeaders = headersOf(reader);
    const amount = num("BENCH_REPLICA_READS", 8000);
    await runLoad({
      name: "warm-up",
      amount: 400,
      connections: 8,
      bases: [base],
      cpuMs: fleet.webCpuMs,
      request: () => ({ method: "GET", headers: readerHeaders, path: `/api/v1/vc/balances?currencyId=${currencyId}&userRef=${refs[0]}` }),
    });
    const [p0, r0] = [await xacts(db.url, db.name), await xacts(replicaUrl, db.name)];
    let m = 0;
    const reads = await runLoad({
      name: "GET /v1/vc/balances (replica)",
      amount,
      connections: num("BENCH_CONNECTIONS", 64),
      bases: [base],
      cpuMs: fleet.webCpuMs,
      request: () => ({
        method: "GET",
        setupRequest: (req) => ({ ...req, headers: readerHeaders, path: `/api/v1/vc/balances?currencyId=${currencyId}&userRef=${refs[m++ % refs.length]}` }),
      }),
    });
    const [p1, r1] = [await xacts(db.url, db.name), await xacts(replicaUrl, db.name)];

    // 2. writers: credit, then read at once; the read must show the credit
    const writers = num("BENCH_REPLICA_WRITERS", 32);
    const rounds = num("BENCH_REPLICA_ROUNDS", 50);
    const writerKeys: string[] = [];
    for (let w = 0; w < writers; w++)
      writerKeys.push((await issueApiKey({ db: getDb() }, { kind: "server", environment: "test", gameId, label: `bench writer ${w}` })).rawKey);
    const [p2, r2] = [await xacts(db.url, db.name), await xacts(replicaUrl, db.name)];
    const readLatencies: number[] = [];
    const started = performance.now();
    await Promise.all(
      writerKeys.map(async (key, w) => {
        const h = headersOf(key);
        const userRef = refs[w % refs.length]!;
        const before = await (await fetch(`${base}/api/v1/vc/balances?currencyId=${currencyId}&userRef=${userRef}`, { headers: h })).json();
        let expected = BigInt((before as { balanceUnits: string }).balanceUnits);
        for (let i = 0; i < rounds; i++) {
          const credit = await fetch(`${base}/api/v1/vc/credits`, {
            method: "POST",
            headers: { ...h, "idempotency-key": `rb-${w}-${i}` },
            body: JSON.stringify({ currencyId, userRef, amountUnits: "3", orderId: `rb-${w}-${i}` }),
          });
          if (credit.status !== 201) throw new Error(`credit failed: ${credit.status} ${await credit.text()}`);
          expected += 3n;
          const t = performance.now();
          const read = await fetch(`${base}/api/v1/vc/balances?currencyId=${currencyId}&userRef=${userRef}`, { headers: h });
          readLatencies.push(performance.now() - t);
          const got = BigInt(((await read.json()) as { balanceUnits: string }).balanceUnits);
          if (got !== expected) stale++;
        }
      }),
    );
    const writerSeconds = (performance.now() - started) / 1000;
    const [p3, r3] = [await xacts(db.url, db.name), await xacts(replicaUrl, db.name)];
    readLatencies.sort((a, b) => a - b);

    const report = {
      date: new Date().toISOString(),
      cores: os.cpus().length,
      loadAverage: os.loadavg().map((x) => Math.round(x * 100) / 100),
      reads: { ...reads, primaryTransactions: p1 - p0, replicaTransactions: r1 - r0 },
      writers: {
        writers,
        rounds,
        readsAfterOwnWrite: writers * rounds,
        stale,
        seconds: Math.round(writerSeconds * 100) / 100,
        readP50Ms: Math.round(quantile(readLatencies, 0.5) * 10) / 10,
        readP99Ms: Math.round(quantile(readLatencies, 0.99) * 10) / 10,
        // the credits' transactions are on the primary; the replica's count is its share of the writers' reads
        primaryTransactions: p3 - p2,
        replicaTransactions: r3 - r2,
      },
    };
    fs.mkdirSync("bench-results", { recursive: true });
    fs.writeFileSync("bench-results/replica.json", JSON.stringify(report, null, 2));
    console.log(JSON.stringify(report, null, 2));
    console.log(
      `\nreads by a non-writer: ${reads.requestsPerSecond}/s, p99 ${reads.p99Ms} ms; transactions meanwhile: primary ${p1 - p0}, replica ${r1 - r0}` +
        `\nwriters reading their own writes: ${writers * rounds} reads, ${stale} stale; replica transactions meanwhile ${r3 - r2}, primary ${p3 - p2}` +
        `\nverdict: ${r1 - r0 > 0 && stale === 0 ? "PASS" : "FAIL"} (reads moved to the replica, nothing stale served to a writer)` +
        `\n(balance reads that arrive together are read in one query: transactions count queries, not requests)`,
    );
    if (stale > 0 || r1 - r0 === 0) process.exitCode = 1;
  } finally {
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
