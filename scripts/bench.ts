// npm run bench — load benchmarks against a production build on a real PostgreSQL (docs/benchmarks.md).
// Scenarios (BENCH_ONLY=credits,ceiling,balances,game,user,journals,portal,products,checkout picks some; default all):
//   credits: autocannon, 64 connections, every request a POST /api/v1/vc/credits drawing from one treasury
//     pool to many players (each with its own Idempotency-Key); alongside it, BENCH_EVENT_RATE (500) link
//     initiations a second, each writing an outbox event, delivered by the worker(s) to a local receiver: the
//     outbox lag (event written → first delivery attempt) is read from the database afterwards;
//   ceiling: the same credit as plain SQL by BENCH_CEILING_CLIENTS pg clients, on a second currency, right after
//     (scripts/bench/ceiling.ts); the bench prints the service's credits/s, the ceiling and their ratio;
//   balances, game, user, journals: GET /api/v1/vc/balances (random players), GET /api/v1/game, GET
//     /api/v1/users/{userRef} (random players), GET /api/v1/vc/journals (the first page, limit BENCH_JOURNAL_LIMIT,
//     50 as in the spec's example), each sent at a steady BENCH_READ_RATE (2,000) a second (0: a closed loop);
//   portal: the seed's developer signs in (next-auth's credentials endpoints) and its browser's cookies GET the
//     portal's overview, journals, request log and a player's page, BENCH_PORTAL_PAGES each over
//     BENCH_PORTAL_CONNECTIONS (2): the server renders each whole page (scripts/bench/portal.ts);
//   products: GET /api/v1/products (first page of 20) on a game with BENCH_PRODUCTS products;
//   checkout: GET of the hosted checkout page HTML of one checkout grant (server-rendered).
// Each scenario sends a fixed number of requests (not a duration), so the counts are exact. Afterwards each
// pass checks the ledger: the currency's balances sum to 0, no player is negative, credit journals = 2xx
// answers, every balance equals the sum of its postings and every journal sums to 0; and that every outbox
// event reached the receiver exactly once, signed.
// Passes (scripts/bench/options.ts): one by default (an empty database, one web process). BENCH_LARGE=1 adds a
// pass on a bulk-seeded database (scripts/bench/seed-large.ts: 1,000,000 journals, 100,000 players, 1,000,000
// idempotency records); BENCH_WEB_PROCESSES=N adds a pass with N web processes on ports BENCH_PORT…
// Each other pass is compared with the first. Every pass runs BENCH_WORKERS (1) worker processes
// (scripts/worker.ts, as `npm run worker`) and its web processes with COINOP_IN_PROCESS_WORKER=0.
// The run ends with issue 15's verdicts and issue 32's, one line per target and pass (scripts/bench/report.ts).
// Options (env): BENCH_CREDITS (15000), BENCH_BALANCE_READS (30000), BENCH_GAME_READS, BENCH_USER_READS,
// BENCH_JOURNAL_READS (20000 each), BENCH_READ_RATE (2000), BENCH_PORTAL_PAGES (200), BENCH_PORTAL_CONNECTIONS (2),
// BENCH_PORTAL_WARMUP (20), BENCH_CONNECTIONS (64), BENCH_PLAYERS (500), BENCH_PORT (3200), BENCH_DATABASE_URL (else
// an embedded PostgreSQL on EMBEDDED_BENCH_PG_PORT, 54332, with BENCH_PG_SHARED_BUFFERS, 1GB), BENCH_PRODUCTS (200),
// BENCH_PRODUCT_READS (4000), BENCH_CHECKOUT_PAGES (1000), BENCH_CEILING_CREDITS (as BENCH_CREDITS),
// BENCH_CEILING_CLIENTS (8), BENCH_LARGE_JOURNALS / _PLAYERS / _IDEMPOTENCY, BENCH_BASELINE (1), BENCH_EVENT_RATE
// (500), BENCH_OUTBOX_WAIT_S (120), BENCH_KEEP_DB, BENCH_PG_STATEMENTS (off). NEXT_DIST_DIR selects the build directory (default .next); each
// web process is scripts/serve.ts, as `npm start` starts it. Figures go to stdout and bench-results/latest.json.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import { config } from "../lib/config/env.ts";
import { startServer } from "./bench/database.ts";
import { planPasses, readOptions } from "./bench/options.ts";
import { runPass, type PassResult } from "./bench/pass.ts";
import { compare, judgeIssue32, judgeTargets, printComparison, printPass } from "./bench/report.ts";

const log = (m: string) => console.error(m);

const ensureBuild = () => {
  if (fs.existsSync(`${config().NEXT_DIST_DIR ?? ".next"}/BUILD_ID`) && !process.env.BENCH_REBUILD) return;
  log("[bench] building the production app (npm run build)…");
  const r = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (r.status !== 0) throw new Error("npm run build failed");
};

const main = async () => {
  const o = readOptions();
  // a production server refuses to start without its own secret; the bench's servers and this process share one
  process.env.COINOP_SECRET ||= randomBytes(32).toString("hex");
  ensureBuild();
  const server = await startServer({
    adminDatabaseUrl: o.adminDatabaseUrl,
    pgPort: o.pgPort,
    sharedBuffers: o.pgSharedBuffers,
    statements: o.pgStatements,
    log,
  });
  const passes: PassResult[] = [];
  try {
    const plans = planPasses(o);
    log(
      `[bench] ${plans.length} pass(es): ${plans.map((p) => p.label).join("; ")}. Scenarios: ${[...o.only].join(", ")}; ${o.players} players, ${o.connections} connections; ${os.cpus().length} cores`,
    );
    for (const plan of plans) passes.push(await runPass({ plan, o, adminUrl: server.adminUrl, postgresIsOwn: server.postgresIsOwn, log }));
  } finally {
    await server.stop();
  }

  const reference = passes[0]!;
  const comparisons = reference.large || reference.webProcesses > 1 ? [] : passes.slice(1).map((p) => compare(reference, p));
  const targets = judgeTargets(passes, comparisons);
  const issue32 = judgeIssue32(passes);
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    cores: os.cpus().length,
    connections: o.connections,
    players: o.players,
    products: o.products,
    scenarios: [...o.only],
    // the first pass, in the fields earlier versions of this file had
    results: reference.results,
    rawSqlCeiling: reference.rawSqlCeiling,
    creditsToCeiling: reference.creditsToCeiling,
    ledger: reference.ledger,
    invariantHolds: passes.every((p) => p.invariantHolds),
    deliveryHolds: passes.every((p) => p.deliveryHolds !== false),
    passes,
    comparisons,
    targets,
    issue32,
  };
  fs.mkdirSync("bench-results", { recursive: true });
  fs.writeFileSync("bench-results/latest.json", JSON.stringify(report, null, 2));
  for (const p of passes) printPass(p);
  for (const c of comparisons) printComparison(c);
  if (targets.length) console.log(`\nissue 15's targets (the first round):\n${targets.join("\n")}`);
  console.log(`\nissue 32's targets (performance round two), each pass:\n${issue32.join("\n")}`);
  console.log(`\nfigures in bench-results/latest.json`);
  if (!report.invariantHolds || !report.deliveryHolds) process.exitCode = 1;
};

main().then(
  () => process.exit(process.exitCode ?? 0),
  (e) => {
    console.error(e instanceof Error ? (e.stack ?? e.message) : e);
    process.exit(1);
  },
);
