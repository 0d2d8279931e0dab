// npm run bench:explain — the plans of the hot queries on the large database (issue 15, target 3).
// 1. A database `coinop_bench_explain` on the bench's PostgreSQL (the embedded one on EMBEDDED_BENCH_PG_PORT,
//    data in .data/bench-postgres, or the server of BENCH_DATABASE_URL), bulk-seeded once by
//    scripts/bench/seed-large.ts (BENCH_LARGE_JOURNALS / _PLAYERS / _IDEMPOTENCY, defaults 1,000,000 / 100,000
//    / 1,000,000) and kept: a later run reuses it (after applying new migrations and ANALYZE), unless the sizes
//    differ or BENCH_EXPLAIN_FRESH=1.
// 2. The hot requests, called in-process through their route handlers (the same route() kernel the server
//    runs): POST /v1/vc/credits, GET /v1/vc/balances (a seeded player), GET /v1/vc/journals (first page, limit
//    50), and GET /v1/vc/journals?userRef= (first page of one player's journals). Each is warmed up first.
// 3. Every statement a request sends is captured as sent (scripts/bench/pg-spy.ts: no SQL is retyped here)
//    and EXPLAIN (ANALYZE, BUFFERS)ed in place with its parameters. Printed, and written to
//    bench-results/explain.md, with a list of what to look at: sequential scans of large tables, sorts of many
//    rows, statements slower than 5 ms.
import fs from "node:fs";
import pg from "pg";
import { closeDb, getDb } from "../../lib/db/client.ts";
import { migrateDeploy } from "../../lib/db/migrate.ts";
import { inTransaction } from "../../lib/db/transaction.ts";
import { installJobSchema } from "../../lib/jobs/schema.ts";
import { drainRequestLog } from "../../lib/request-log/capture-request.ts";
import { createSeedTenants } from "../../lib/flows/create-seed-tenants.ts";
import { findOrCreatePlayer, linkPlayer } from "../../lib/linking/link-player.ts";
import { adminQuery, databaseUrlOf, startServer } from "./database.ts";
import { readOptions } from "./options.ts";
import { captureStatements, type Captured } from "./pg-spy.ts";
import { seedLarge } from "./seed-large.ts";

const DATABASE = "coinop_bench_explain";
const BENCH_PLAYERS = 20;
const log = (m: string) => console.error(m);

type Handler = (req: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Marker = {
  gameId: string;
  serverKey: string;
  currencyId: string;
  refs: string[];
  seededRef: string;
  sizes: { players: number; journals: number; idempotencyRecords: number; games: number };
};

/** Calls a route handler in-process, as Next.js (and scripts/serve.ts) would. */
const callRoute = async (
  handler: Handler,
  { method, path, headers, body }: { method: string; path: string; headers: Record<string, string>; body?: unknown },
) => {
  const res = await handler(
    new Request(`http://127.0.0.1/api${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    { params: Promise.resolve({}) },
  );
  return { status: res.status, text: await res.text() };
};

const readMarker = async (adminUrl: string): Promise<Marker | null> => {
  const r = await adminQuery<{ comment: string | null }>(
    adminUrl,
    `SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1`,
    [DATABASE],
  );
  if (!r.rows[0]?.comment) return null;
  try {
    return JSON.parse(r.rows[0].comment) as Marker;
  } catch {
    return null;
  }
};

const prepare = async (adminUrl: string, sizes: Marker["sizes"], fresh: boolean): Promise<Marker> => {
  const url = databaseUrlOf(adminUrl, DATABASE);
  const existing = fresh ? null : await readMarker(adminUrl);
  if (existing && JSON.stringify(existing.sizes) === JSON.stringify(sizes)) {
    log(`[explain] reusing database ${DATABASE} (${JSON.stringify(sizes)}); BENCH_EXPLAIN_FRESH=1 seeds it again`);
    await migrateDeploy(url);
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query("ANALYZE");
    await c.end();
    return existing;
  }
  log(`[explain] creating database ${DATABASE} and seeding it (${JSON.stringify(sizes)}); this takes minutes`);
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`);
  await adminQuery(adminUrl, `CREATE DATABASE "${DATABASE}"`);
  await migrateDeploy(url);
  await installJobSchema(url);
  process.env.DATABASE_URL = url;
  const seed = await inTransaction(getDb(), (tx) => createSeedTenants({ db: tx }, { tag: "explain", webhookUrl: null }));
  const refs: string[] = [];
  for (let i = 0; i < BENCH_PLAYERS; i++) {
    const player = await findOrCreatePlayer({ db: getDb() }, { email: `bench-${i}@coinop.test` });
    refs.push((await linkPlayer({ db: getDb() }, { namespace: { type: "game", id: seed.game.gameId }, environment: "test", playerId: player.id })).userRef);
  }
  const { POST: createCurrency } = (await import("../../app/api/v1/vc/currencies/route.ts")) as unknown as { POST: Handler };
  const cur = await callRoute(createCurrency, {
    method: "POST",
    path: "/v1/vc/currencies",
    headers: { authorization: `Bearer ${seed.game.serverKey}`, "x-game-id": seed.game.gameId, "idempotency-key": "explain-currency" },
    body: { code: "GEMS", name: "Gems" },
  });
  if (cur.status !== 201) throw new Error(`creating the currency failed: ${cur.status} ${cur.text}`);
  const currencyId = (JSON.parse(cur.text) as { currency: { _id: string } }).currency._id;
  await seedLarge({ url, gameId: seed.game.gameId, environment: "test", currencyId, ...sizes, log });
  const [{ userRef: seededRef }] = await getDb().$queryRaw<{ userRef: string }[]>`
    SELECT "userRef" FROM "PlayerLink" WHERE "namespaceId" = ${seed.game.gameId} AND "playerId" IN (SELECT "id" FROM "Player" WHERE "email" = 'bench-large-1@coinop.test')`;
  const marker: Marker = { gameId: seed.game.gameId, serverKey: seed.game.serverKey, currencyId, refs, seededRef, sizes };
  // the raw key of a throwaway bench database, so that a later run can reuse it
  await adminQuery(adminUrl, `COMMENT ON DATABASE "${DATABASE}" IS '${JSON.stringify(marker).replace(/'/g, "''")}'`);
  return marker;
};

const shortValue = (v: unknown): string => {
  const s = Array.isArray(v) ? JSON.stringify(v) : v instanceof Date ? v.toISOString() : String(v);
  return s.length > 80 ? `${s.slice(0, 77)}…` : s;
};

type Finding = { request: string; label: string; what: string };

/** Sequential scans of tables with more than 10,000 rows, sorts of more than 1,000 rows, statements over 5 ms. */
const findingsOf = (request: string, s: Captured, rowsOf: Map<string, number>): Finding[] => {
  const out: Finding[] = [];
  if (!s.plan) return out;
  for (const m of s.plan.matchAll(/Seq Scan on "?(\w+)"?[^\n]*actual time=[\d.]+\.\.[\d.]+ rows=(\d+)/g)) {
    const rows = rowsOf.get(m[1]!) ?? 0;
    if (rows > 10_000) out.push({ request, label: s.label, what: `Seq Scan on ${m[1]} (${rows.toLocaleString("en")} rows in the table)` });
  }
  for (const m of s.plan.matchAll(/(?:Incremental )?Sort {2}\(cost[^\n]*actual time=[\d.]+\.\.[\d.]+ rows=(\d+) loops=(\d+)/g))
    if (Number(m[1]) * Number(m[2]) > 1000) out.push({ request, label: s.label, what: `Sort of ${Number(m[1]) * Number(m[2])} rows` });
  if (s.executionMs !== null && s.executionMs > 5) out.push({ request, label: s.label, what: `${s.executionMs} ms execution` });
  return out;
};

const main = async () => {
  const o = readOptions();
  process.env.COINOP_SECRET ||= "bench-explain-secret-not-for-production-0123456789abcdef";
  // the kernel's request log lines (stdout) would interleave with the plans
  process.env.LOG_LEVEL ||= "silent";
  // the hot requests are sent in-process with one key, as fast as they run: no per-key rate limit
  process.env.RATE_LIMIT_PER_SECOND = "0";
  process.env.RATE_LIMIT_TEST_PER_SECOND = "0";
  const sizes = { players: o.largePlayers, journals: o.largeJournals, idempotencyRecords: o.largeIdempotencyRecords, games: o.largeGames };
  const server = await startServer({ adminDatabaseUrl: o.adminDatabaseUrl, pgPort: o.pgPort, sharedBuffers: o.pgSharedBuffers, log });
  const lines: string[] = [];
  const out = (s = "") => {
    lines.push(s);
    console.log(s);
  };
  try {
    const m = await prepare(server.adminUrl, sizes, process.env.BENCH_EXPLAIN_FRESH === "1");
    const url = databaseUrlOf(server.adminUrl, DATABASE);
    process.env.DATABASE_URL = url;
    const routes = {
      credits: ((await import("../../app/api/v1/vc/credits/route.ts")) as unknown as { POST: Handler }).POST,
      balances: ((await import("../../app/api/v1/vc/balances/route.ts")) as unknown as { GET: Handler }).GET,
      journals: ((await import("../../app/api/v1/vc/journals/route.ts")) as unknown as { GET: Handler }).GET,
    };
    const headers = { authorization: `Bearer ${m.serverKey}`, "x-game-id": m.gameId };
    let k = 0;
    const requests: { name: string; expect: number; send: () => Promise<{ status: number; text: string }> }[] = [
      {
        name: "POST /v1/vc/credits",
        expect: 201,
        send: () => {
          const i = `${Date.now()}-${k++}`;
          return callRoute(routes.credits, {
            method: "POST",
            path: "/v1/vc/credits",
            headers: { ...headers, "idempotency-key": `explain-${i}` },
            body: { currencyId: m.currencyId, userRef: m.refs[0], amountUnits: "3", orderId: `explain-${i}` },
          });
        },
      },
      {
        name: "GET /v1/vc/balances (a seeded player)",
        expect: 200,
        send: () => callRoute(routes.balances, { method: "GET", path: `/v1/vc/balances?currencyId=${m.currencyId}&userRef=${m.seededRef}`, headers }),
      },
      {
        name: "GET /v1/vc/journals (first page, limit 50)",
        expect: 200,
        send: () => callRoute(routes.journals, { method: "GET", path: `/v1/vc/journals?currencyId=${m.currencyId}&page=1&limit=50`, headers }),
      },
      {
        name: "GET /v1/vc/journals?userRef= (one player's first page, limit 50)",
        expect: 200,
        send: () =>
          callRoute(routes.journals, { method: "GET", path: `/v1/vc/journals?currencyId=${m.currencyId}&userRef=${m.seededRef}&page=1&limit=50`, headers }),
      },
    ];
    const counts = await getDb().$queryRaw<{ relname: string; rows: number }[]>`
      SELECT relname, reltuples::float8 AS rows FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace`;
    const rowsOf = new Map(counts.map((c) => [c.relname, Math.max(0, Math.round(Number(c.rows)))]));
    const [{ version }] = await getDb().$queryRaw<{ version: string }[]>`SELECT version()`;
    out(`# EXPLAIN (ANALYZE, BUFFERS) of the hot queries on the large database`);
    out();
    out(
      `${new Date().toISOString()}, ${version.split(",")[0]}; database ${DATABASE}: ${["ApiKey", "Game", "VirtualCurrency", "Player", "PlayerLink", "LedgerAccount", "LedgerJournal", "LedgerPosting", "IdempotencyRecord"].map((t) => `${t} ${(rowsOf.get(t) ?? 0).toLocaleString("en")}`).join(", ")} rows.`,
    );
    out(`Each statement as the code sent it (captured by scripts/bench/pg-spy.ts), explained in place with its parameters, after 3 warm-up calls.`);
    const findings: Finding[] = [];
    for (const r of requests) {
      for (let i = 0; i < 3; i++) {
        const res = await r.send();
        if (res.status !== r.expect) throw new Error(`${r.name}: ${res.status} ${res.text.slice(0, 300)}`);
      }
      let status = 0;
      const statements = await captureStatements(
        async () => {
          status = (await r.send()).status;
        },
        { explain: true },
      );
      if (status !== r.expect) throw new Error(`${r.name}: ${status} while explaining`);
      out();
      out(`## ${r.name}`);
      out();
      out(`${statements.length} statements: ${statements.map((s) => s.label.split(" (")[0]).join("; ")}.`);
      for (const s of statements) {
        if (!s.plan && !s.error) continue;
        out();
        out(`### ${s.label}${s.executionMs !== null ? ` (${s.executionMs} ms)` : ""}${s.inTransaction ? ", in the transaction" : ""}`);
        out();
        out("```sql");
        out(s.text);
        out("```");
        if (s.values.length) out(`Parameters: ${s.values.map((v, i) => `$${i + 1} = ${shortValue(v)}`).join(", ")}`);
        out();
        out("```");
        out(s.plan ?? `EXPLAIN failed: ${s.error}`);
        out("```");
        findings.push(...findingsOf(r.name, s, rowsOf));
      }
    }
    out();
    out(`## What to look at`);
    out();
    if (findings.length === 0) out(`Nothing: no sequential scan of a table over 10,000 rows, no sort of over 1,000 rows, no statement over 5 ms.`);
    for (const f of findings) out(`- ${f.request}, ${f.label}: ${f.what}`);
    fs.mkdirSync("bench-results", { recursive: true });
    fs.writeFileSync("bench-results/explain.md", lines.join("\n") + "\n");
    log(`\n[explain] written to bench-results/explain.md`);
  } finally {
    // the kernel's request log rows are written in batches: write them before the database goes
    await drainRequestLog().catch(() => undefined);
    await closeDb();
    await server.stop();
  }
};

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e instanceof Error ? (e.stack ?? e.message) : e);
    process.exit(1);
  },
);
