// npm run bench — load benchmarks against a production build on a real PostgreSQL.
//   1. credits: autocannon, 64 connections, every request a POST /api/v1/vc/credits drawing from one
//      treasury pool to many players (each with its own Idempotency-Key);
//   2. balances: GET /api/v1/vc/balances for random players;
//   3. products: GET /api/v1/products (first page of 20) on a game with BENCH_PRODUCTS products;
//   4. checkout page: GET of the hosted checkout page HTML of one checkout grant (server-rendered).
// Afterwards it checks the ledger: the currency's balances sum to 0, no player is negative, and the
// number of credit journals equals the number of 2xx answers. Each scenario sends a fixed number of
// requests (not a duration), so no request is still in flight when it ends and the counts are exact.
// Figures go to stdout and bench-results/latest.json. Options (env): BENCH_CREDITS (default 6000),
// BENCH_BALANCE_READS (12000), BENCH_CONNECTIONS (64), BENCH_PLAYERS (500), BENCH_PORT (3200),
// BENCH_DATABASE_URL (else an embedded PostgreSQL), BENCH_PRODUCTS (200), BENCH_PRODUCT_READS (4000),
// BENCH_CHECKOUT_PAGES (1000), BENCH_CEILING_CREDITS (as BENCH_CREDITS), BENCH_CEILING_CLIENTS (8). NEXT_DIST_DIR
// selects the build directory (default .next); API_DISPATCH (lib/config) how the server is started, as `npm start`
// does: direct (scripts/serve.ts) or next (`next start`).
// The raw-SQL ceiling: right after the credits, on the same database, BENCH_CEILING_CLIENTS `pg` clients do the
// same hot-pool credit as plain SQL, one transaction a credit (lock the player's row and a random pool slot,
// update both balances, insert the journal, its two postings and the idempotency record), on a second
// currency. The bench prints credits/s of the service, the ceiling, and their ratio.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { startEmbeddedPostgres } from "../lib/db/embedded.ts";
import { migrateDeploy } from "../lib/db/migrate.ts";
import { installJobSchema } from "../lib/jobs/schema.ts";
import { closeDb, getDb } from "../lib/db/client.ts";
import { inTransaction } from "../lib/db/transaction.ts";
import { createSeedTenants } from "../lib/flows/create-seed-tenants.ts";
import { findOrCreatePlayer, linkPlayer } from "../lib/linking/link-player.ts";
import { config } from "../lib/config/env.ts";
import { apiDispatch } from "../lib/config/settings.ts";
import { newId } from "../lib/db/ids.ts";
import { ensureAccounts } from "../lib/ledger/ensure-accounts.ts";
import { ISSUER_SLOTS } from "../lib/ledger/slots.ts";
import { vcPool, vcUser } from "../lib/ledger/accounts.ts";

const CREDITS = Number(process.env.BENCH_CREDITS ?? 6000);
const BALANCE_READS = Number(process.env.BENCH_BALANCE_READS ?? 12000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 500);
const PORT = Number(process.env.BENCH_PORT ?? 3200);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 200);
const PRODUCT_READS = Number(process.env.BENCH_PRODUCT_READS ?? 4000);
const CHECKOUT_PAGES = Number(process.env.BENCH_CHECKOUT_PAGES ?? 1000);
const CEILING_CREDITS = Number(process.env.BENCH_CEILING_CREDITS ?? CREDITS);
const CEILING_CLIENTS = Number(process.env.BENCH_CEILING_CLIENTS ?? 8);
const DISPATCH = apiDispatch();
const base = `http://127.0.0.1:${PORT}`;

const log = (m: string) => console.error(m);

const ensureBuild = () => {
  if (fs.existsSync(`${config().NEXT_DIST_DIR ?? ".next"}/BUILD_ID`) && !process.env.BENCH_REBUILD) return;
  log("[bench] building the production app (npm run build)…");
  const r = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (r.status !== 0) throw new Error("npm run build failed");
};

const freshDatabase = async (): Promise<{ url: string; stop: () => Promise<void> }> => {
  const embedded = process.env.BENCH_DATABASE_URL
    ? null
    : await startEmbeddedPostgres({
        dataDir: path.resolve(".data/bench-postgres"),
        port: Number(process.env.EMBEDDED_BENCH_PG_PORT ?? 54332),
        database: "postgres",
        log,
      });
  const admin = process.env.BENCH_DATABASE_URL || embedded!.adminUrl;
  const name = `coinop_bench_${randomBytes(4).toString("hex")}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`CREATE DATABASE "${name}"`);
  await c.end();
  const u = new URL(admin);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    stop: async () => {
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
      await d.end();
      await embedded?.stop();
    },
  };
};

const startServer = async (databaseUrl: string): Promise<ChildProcess> => {
  // as `npm start` starts it (scripts/launch.ts): scripts/serve.ts, or `next start` with API_DISPATCH=next
  const [command, args] =
    DISPATCH === "direct" ? [process.execPath, ["--import", "tsx", "scripts/serve.ts"]] : ["node_modules/.bin/next", ["start", "-p", String(PORT)]];
  const child = spawn(command, args, {
    env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", APP_URL: base, PORT: String(PORT) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 120; i++) {
    const ok = await fetch(`${base}/api/v1/openapi.json`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error("the production server did not start");
};

/** CPU time (user + system, ms) the process has used so far, from /proc (Linux); null elsewhere. */
const cpuMsOf = (pid: number | undefined): number | null => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in ticks of 10 ms
  } catch {
    return null;
  }
};
let serverPid: number | undefined;

type Result = {
  name: string;
  /** the server process's CPU time per request sent, ms (Linux) */
  serverCpuMsPerRequest: number | null;
  requests: number;
  requestsPerSecond: number;
  ok2xx: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  p50Ms: number;
  p99Ms: number;
  seconds: number;
};

const run = (name: string, amount: number, opts: autocannon.Options, counters: { ok: number }): Promise<Result> =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    const cpuBefore = cpuMsOf(serverPid);
    // Timed to the last response: autocannon reports completion on its 1-second sampling tick, which
    // would round a 12-second run by up to a second.
    let lastResponse = started;
    const instance = autocannon({ ...opts, connections: CONNECTIONS, amount, timeout: 30 }, (err, r) => {
      if (err) return reject(err);
      const seconds = (lastResponse - started) / 1000;
      const cpuAfter = cpuMsOf(serverPid);
      resolve({
        name,
        serverCpuMsPerRequest: cpuBefore === null || cpuAfter === null ? null : Math.round(((cpuAfter - cpuBefore) / amount) * 100) / 100,
        requests: amount,
        requestsPerSecond: Math.round((counters.ok / seconds) * 10) / 10,
        ok2xx: counters.ok,
        non2xx: r.non2xx,
        errors: r.errors,
        timeouts: r.timeouts,
        p50Ms: r.latency.p50,
        p99Ms: r.latency.p99,
        seconds: Math.round(seconds * 100) / 100,
      });
    });
    instance.on("response", (_client, statusCode) => {
      lastResponse = performance.now();
      if (statusCode >= 200 && statusCode < 300) counters.ok++;
    });
  });

type Ceiling = { credits: number; clients: number; seconds: number; creditsPerSecond: number; p50Ms: number; p99Ms: number; sumOfBalances: string };

/**
 * The raw-SQL ceiling: the service's hot-pool credit written as plain SQL by `clients` pg clients, one
 * transaction a credit, on a currency of its own (its accounts created first, as the service's are by then).
 * Per credit: BEGIN; lock the player's row and one random pool slot (FOR UPDATE, the ledger's lock order);
 * one statement updating both balances and inserting the journal, its two postings and the idempotency
 * record; COMMIT.
 */
const rawSqlCeiling = async (url: string, { gameId, environment, refs }: { gameId: string; environment: string; refs: string[] }): Promise<Ceiling> => {
  const currencyId = `raw_${randomBytes(6).toString("hex")}`;
  const asset = `vc:${currencyId}`;
  const scope = { asset, environment: environment as "test" };
  const pool = vcPool(currencyId, scope.environment);
  await ensureAccounts(getDb(), { ...scope, accounts: Array.from({ length: ISSUER_SLOTS }, (_, slot) => ({ ...pool, slot })) });
  await ensureAccounts(getDb(), { ...scope, accounts: refs.map((r) => vcUser(r, scope.environment)) });
  const rows = await getDb().$queryRaw<{ id: string; kind: string; ownerRef: string; slot: number }[]>`
    SELECT "id", "kind", "ownerRef", "slot" FROM "LedgerAccount" WHERE "asset" = ${asset}`;
  const slots = rows.filter((r) => r.kind === "pool").map((r) => r.id);
  const userIds = new Map(rows.filter((r) => r.kind === "user").map((r) => [r.ownerRef, r.id]));
  const clients = await Promise.all(
    Array.from({ length: CEILING_CLIENTS }, async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return c;
    }),
  );
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    clients.map(async (c) => {
      for (let i = next++; i < CEILING_CREDITS; i = next++) {
        const t0 = performance.now();
        const ref = refs[i % refs.length]!;
        const player = userIds.get(ref)!;
        const slot = slots[Math.floor(Math.random() * slots.length)]!;
        const amount = String(1 + (i % 7));
        const responseBody = JSON.stringify({ journalId: newId(), userRef: ref, amountUnits: amount, balanceUnits: "0", orderId: `raw-${i}` });
        await c.query("BEGIN");
        await c.query(`SELECT "id" FROM "LedgerAccount" WHERE "id" = ANY($1::text[]) ORDER BY "allowNegative", "id" FOR UPDATE`, [[player, slot]]);
        await c.query(
          `WITH upd AS (
             UPDATE "LedgerAccount" a SET "balance" = a."balance" + d.delta, "updatedAt" = now() AT TIME ZONE 'UTC'
             FROM unnest($1::text[], $2::bigint[]) AS d(id, delta) WHERE a."id" = d.id RETURNING a."id"
           ), j AS (
             INSERT INTO "LedgerJournal" ("id", "asset", "environment", "tenantId", "type", "reference", "metadata", "createdAt")
             VALUES ($3, $4, $5::"Environment", $6, 'credit', $7, $8::jsonb, now() AT TIME ZONE 'UTC') RETURNING "id"
           ), p AS (
             INSERT INTO "LedgerPosting" ("id", "journalId", "accountId", "delta", "description", "createdAt")
             SELECT t.id, $3, t.account, t.delta, $9, now() AT TIME ZONE 'UTC'
             FROM unnest($10::text[], $1::text[], $2::bigint[]) AS t(id, account, delta) RETURNING 1
           ), idem AS (
             INSERT INTO "IdempotencyRecord" ("id", "scope", "key", "requestHash", "responseStatus", "responseHeaders", "responseBody", "createdAt")
             VALUES ($11, $12, $13, $14, 201, '{}'::jsonb, $15, now()) RETURNING 1
           )
           SELECT (SELECT count(*) FROM upd) AS updated, (SELECT count(*) FROM p) AS postings, (SELECT count(*) FROM idem) AS records FROM j`,
          [
            [slot, player],
            [`-${amount}`, amount],
            newId(),
            asset,
            environment,
            gameId,
            `raw-${i}`,
            JSON.stringify({ orderId: `raw-${i}` }),
            `Credit for order raw-${i}`,
            [newId(), newId()].sort(),
            newId(),
            `raw-ceiling:${gameId}`,
            `raw-${i}`,
            randomBytes(32).toString("hex"),
            responseBody,
          ],
        );
        await c.query("COMMIT");
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(clients.map((c) => c.end()));
  const [sum] = await getDb().$queryRaw<{ sum: bigint }[]>`SELECT COALESCE(SUM(balance), 0)::bigint AS sum FROM "LedgerAccount" WHERE asset = ${asset}`;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!);
  return {
    credits: CEILING_CREDITS,
    clients: CEILING_CLIENTS,
    seconds: Math.round(seconds * 100) / 100,
    creditsPerSecond: Math.round((CEILING_CREDITS / seconds) * 10) / 10,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    sumOfBalances: String(sum!.sum),
  };
};

const main = async () => {
  // a production server refuses to start without its own secret; the bench's server and this process share one
  process.env.COINOP_SECRET ||= randomBytes(32).toString("hex");
  ensureBuild();
  const db = await freshDatabase();
  let server: ChildProcess | undefined;
  try {
    await migrateDeploy(db.url);
    await installJobSchema(db.url);
    process.env.DATABASE_URL = db.url;
    const seed = await inTransaction(getDb(), (tx) => createSeedTenants({ db: tx }, { tag: "bench", webhookUrl: null }));
    const refs: string[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const player = await findOrCreatePlayer({ db: getDb() }, { email: `bench-${i}@coinop.test` });
      refs.push((await linkPlayer({ db: getDb() }, { namespace: { type: "game", id: seed.game.gameId }, environment: "test", playerId: player.id })).userRef);
    }
    server = await startServer(db.url);
    serverPid = server.pid;
    const headers = { authorization: `Bearer ${seed.game.serverKey}`, "x-game-id": seed.game.gameId, "content-type": "application/json" };
    const cur = await fetch(`${base}/api/v1/vc/currencies`, {
      method: "POST",
      headers: { ...headers, "idempotency-key": "bench-currency" },
      body: JSON.stringify({ code: "GEMS", name: "Gems" }),
    });
    if (cur.status !== 201) throw new Error(`creating the currency failed: ${cur.status} ${await cur.text()}`);
    const currencyId = ((await cur.json()) as { currency: { _id: string } }).currency._id;
    log(`[bench] ${PLAYERS} players, ${CONNECTIONS} connections; ${CREDITS} credits, ${BALANCE_READS} balance reads; API_DISPATCH=${DISPATCH}`);

    let n = 0;
    const creditCount = { ok: 0 };
    const credits = await run(
      "POST /v1/vc/credits",
      CREDITS,
      {
        url: base,
        requests: [
          {
            method: "POST",
            path: "/api/v1/vc/credits",
            setupRequest: (req) => {
              const i = n++;
              return {
                ...req,
                headers: { ...headers, "idempotency-key": `bench-${i}` },
                body: JSON.stringify({ currencyId, userRef: refs[i % refs.length], amountUnits: String(1 + (i % 7)), orderId: `order-${i}` }),
              };
            },
          },
        ],
      },
      creditCount,
    );

    log(`[bench] raw-SQL ceiling: ${CEILING_CREDITS} credits, ${CEILING_CLIENTS} pg clients`);
    const [{ environment }] = await getDb().$queryRaw<{ environment: string }[]>`
      SELECT environment::text FROM "LedgerAccount" WHERE asset = ${"vc:" + currencyId} LIMIT 1`;
    const ceiling = await rawSqlCeiling(db.url, { gameId: seed.game.gameId, environment, refs });
    const ratio = Math.round((credits.requestsPerSecond / ceiling.creditsPerSecond) * 100) / 100;

    const balanceCount = { ok: 0 };
    let m = 0;
    const balances = await run(
      "GET /v1/vc/balances",
      BALANCE_READS,
      {
        url: base,
        requests: [
          {
            method: "GET",
            setupRequest: (req) => ({ ...req, headers, path: `/api/v1/vc/balances?currencyId=${currencyId}&userRef=${refs[m++ % refs.length]}` }),
          },
        ],
      },
      balanceCount,
    );

    // Catalogue and checkout: PRODUCTS products (created through the API), then one grant's hosted page.
    for (let i = 0; i < PRODUCTS; i++) {
      const res = await fetch(`${base}/api/v1/products`, {
        method: "POST",
        headers: { ...headers, "idempotency-key": `bench-product-${i}` },
        body: JSON.stringify({
          name: `Bench item ${i}`,
          type: "purchase",
          price: 99 + i,
          description: "A benchmark item.",
          virtualCurrencyPrices: [{ currencyId, amount: 10 + i }],
        }),
      });
      if (res.status !== 201) throw new Error(`creating product ${i} failed: ${res.status} ${await res.text()}`);
    }
    const listed = (await (await fetch(`${base}/api/v1/products`, { headers })).json()) as { products?: { _id: string }[] };
    const productId = listed.products?.[0]?._id;
    if (!productId || listed.products!.length !== Math.min(20, PRODUCTS)) throw new Error(`listing products returned ${JSON.stringify(listed).slice(0, 200)}`);
    const products = await run("GET /v1/products", PRODUCT_READS, { url: base, requests: [{ method: "GET", path: "/api/v1/products", headers }] }, { ok: 0 });
    const grant = await fetch(`${base}/api/v1/checkout/grants`, {
      method: "POST",
      headers: { ...headers, "idempotency-key": "bench-grant" },
      body: JSON.stringify({ itemId: productId, email: "bench-buyer@coinop.test" }),
    });
    if (grant.status !== 201) throw new Error(`creating the checkout grant failed: ${grant.status} ${await grant.text()}`);
    const checkoutUrl = new URL(((await grant.json()) as { checkoutUrl: string }).checkoutUrl);
    const page = await fetch(`${base}${checkoutUrl.pathname}${checkoutUrl.search}`);
    if (page.status !== 200 || !(await page.text()).includes("Bench item")) throw new Error(`the checkout page did not render: ${page.status}`);
    const checkoutPage = await run(
      "GET checkout page",
      CHECKOUT_PAGES,
      { url: base, requests: [{ method: "GET", path: checkoutUrl.pathname + checkoutUrl.search }] },
      { ok: 0 },
    );

    const check = await getDb().$queryRaw<{ sum: bigint; negatives: bigint; journals: bigint }[]>`
      SELECT (SELECT COALESCE(SUM(balance), 0) FROM "LedgerAccount" WHERE asset = ${"vc:" + currencyId})::bigint AS sum,
             (SELECT COUNT(*) FROM "LedgerAccount" WHERE asset = ${"vc:" + currencyId} AND kind = 'user' AND balance < 0)::bigint AS negatives,
             (SELECT COUNT(*) FROM "LedgerJournal" WHERE asset = ${"vc:" + currencyId} AND type = 'credit')::bigint AS journals`;
    const ledger = {
      sumOfBalances: String(check[0].sum),
      negativePlayerBalances: Number(check[0].negatives),
      creditJournals: Number(check[0].journals),
      credit2xx: credits.ok2xx,
    };
    const invariantHolds =
      ledger.sumOfBalances === "0" && ledger.negativePlayerBalances === 0 && ledger.creditJournals === ledger.credit2xx && ceiling.sumOfBalances === "0";

    const report = {
      date: new Date().toISOString(),
      node: process.version,
      apiDispatch: DISPATCH,
      connections: CONNECTIONS,
      players: PLAYERS,
      products: PRODUCTS,
      results: [credits, balances, products, checkoutPage],
      rawSqlCeiling: ceiling,
      creditsToCeiling: ratio,
      ledger,
      invariantHolds,
    };
    fs.mkdirSync("bench-results", { recursive: true });
    fs.writeFileSync("bench-results/latest.json", JSON.stringify(report, null, 2));
    for (const r of [credits, balances, products, checkoutPage])
      console.log(
        `${r.name.padEnd(22)} ${String(r.requests).padStart(6)} requests in ${r.seconds} s: ${String(r.requestsPerSecond).padStart(7)} req/s (2xx)   p50 ${r.p50Ms} ms   p99 ${r.p99Ms} ms   non-2xx ${r.non2xx}   errors ${r.errors}   timeouts ${r.timeouts}   server CPU ${r.serverCpuMsPerRequest ?? "?"} ms/request`,
      );
    console.log(
      `raw-SQL ceiling        ${String(ceiling.credits).padStart(6)} credits in ${ceiling.seconds} s: ${String(ceiling.creditsPerSecond).padStart(7)} credits/s   p50 ${ceiling.p50Ms} ms   p99 ${ceiling.p99Ms} ms   (${ceiling.clients} pg clients, one transaction a credit; sum of its balances ${ceiling.sumOfBalances})`,
    );
    console.log(`credits/s: service ${credits.requestsPerSecond} / ceiling ${ceiling.creditsPerSecond} = ${ratio}× (API_DISPATCH=${DISPATCH})`);
    console.log(
      `ledger: sum of balances ${ledger.sumOfBalances}, negative player balances ${ledger.negativePlayerBalances}, credit journals ${ledger.creditJournals} = credit 2xx ${ledger.credit2xx}: ${invariantHolds ? "OK" : "VIOLATED"}`,
    );
    if (!invariantHolds) process.exitCode = 1;
  } finally {
    server?.kill("SIGTERM");
    await closeDb();
    await db.stop();
  }
};

main().then(
  () => process.exit(process.exitCode ?? 0),
  (e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
