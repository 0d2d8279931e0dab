// npm run bench:webhooks [-- --events N --objects M --single-events S --stream-events T --rate R]: webhook
// delivery on its own (issue 15, target 4), through the real outbox (emitEvent), the real worker
// (lib/jobs/start-worker.ts with the real task list) and a node:http receiver on 127.0.0.1 answering 200.
//   1. many objects: N events (5,000) over M objects (500) written while the worker is stopped, then the
//      worker starts: deliveries/s = N / (worker start → last first attempt).
//   2. one object: S events (1,000) of a single object, drained the same way (per-object order makes this
//      the sequential case).
//   3. stream: T events (2,000) over M objects written at R events/s (200) while the worker runs: the lag.
// Lag = the first attempt's time (WebhookAttempt.createdAt of attempt 1, written when the attempt ended) minus
// WebhookEvent.createdAt; in 1 and 2 it includes the wait behind the backlog, in 3 it is the outbox lag.
// CPU, each phase: this process's (worker, receiver and, in 3, the writer: process.cpuUsage) and the PostgreSQL
// backends' of the bench database (utime + stime from /proc/<pid>/stat; a local server only), in ms per
// delivery: a figure that moves less than deliveries/s with the other load on a shared machine.
// Checks, each phase: every event arrived exactly once, with a valid signature, each object's events in
// sequence order; exit 1 when one fails. Database: DATABASE_URL's server (a new database on it, dropped
// after), else an embedded PostgreSQL under .data/bench-webhooks-postgres on WEBHOOKS_BENCH_PG_PORT (54352).
// WORKER_CONCURRENCY (and the other worker settings) apply as in production.
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { closeDb, getDb } from "../lib/db/client.ts";
import { startEmbeddedPostgres } from "../lib/db/embedded.ts";
import { migrateDeploy } from "../lib/db/migrate.ts";
import { inTransaction } from "../lib/db/transaction.ts";
import { workerTasks } from "../lib/flows/job-tasks.ts";
import { createGame } from "../lib/games/create-game.ts";
import { installJobSchema } from "../lib/jobs/schema.ts";
import { startWorker, stopWorker } from "../lib/jobs/start-worker.ts";
import { createBusiness } from "../lib/tenants/create-business.ts";
import { emitEvent } from "../lib/webhooks/emit-event.ts";
import { verifySignature } from "../lib/webhooks/sign.ts";
import { freshDatabase } from "./bench/database.ts";

const { values: args } = parseArgs({
  options: {
    events: { type: "string" },
    objects: { type: "string" },
    "single-events": { type: "string" },
    "stream-events": { type: "string" },
    rate: { type: "string" },
    "timeout-seconds": { type: "string" },
  },
});
const EVENTS = Number(args.events ?? 5_000);
const OBJECTS = Number(args.objects ?? 500);
const SINGLE_EVENTS = Number(args["single-events"] ?? 1_000);
const STREAM_EVENTS = Number(args["stream-events"] ?? 2_000);
const RATE = Number(args.rate ?? 200);
/** a phase that has not delivered everything by then fails (the figure is still printed) */
const TIMEOUT_MS = Number(args["timeout-seconds"] ?? 600) * 1000;
/** events per emitting transaction */
const BATCH = 10;

const log = (m: string) => console.error(`[bench:webhooks] ${m}`);
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(", ");

type Arrival = { eventId: string; sequence: number; signed: boolean; at: number };

const startReceiver = async () => {
  const arrivals: Arrival[] = [];
  let secret = "";
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const signature = req.headers["x-service-signature"];
      arrivals.push({
        eventId: String(req.headers["x-service-event-id"] ?? ""),
        sequence: Number(req.headers["x-service-sequence"]),
        signed: verifySignature(Buffer.concat(chunks), secret, typeof signature === "string" ? signature : undefined),
        at: Date.now(),
      });
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    arrivals,
    setSecret: (s: string) => void (secret = s),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
};
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

const quantile = (xs: number[], q: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

type Emitted = { id: string; objectId: string };

/** `count` events over `objects` objects, BATCH per transaction; `rate` events/s when set, else as fast as it goes. */
const emitMany = async (gameId: string, { count, objects, prefix, rate }: { count: number; objects: number; prefix: string; rate?: number }) => {
  const out: Emitted[] = [];
  const t0 = Date.now();
  for (let i = 0; i < count; i += BATCH) {
    if (rate) await sleep(Math.max(0, t0 + (i / rate) * 1000 - Date.now()));
    const batch = await inTransaction(getDb(), async (tx) => {
      const ids: Emitted[] = [];
      for (let j = i; j < Math.min(count, i + BATCH); j++) {
        const objectId = `${prefix}-${j % objects}`;
        const id = await emitEvent(tx, {
          owner: { type: "game", id: gameId },
          environment: "test",
          event: "Bench.Tick",
          objectType: "bench",
          objectId,
          data: { n: j },
        });
        ids.push({ id, objectId });
      }
      return ids;
    });
    out.push(...batch);
  }
  return out;
};

/** Waits until every event has a succeeded delivery (or the timeout); returns whether all did. */
const drained = async (ids: string[]): Promise<boolean> => {
  const deadline = Date.now() + TIMEOUT_MS;
  let last = -1;
  let lastChange = Date.now();
  while (Date.now() < deadline) {
    const [{ n }] = await getDb().$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM "WebhookDelivery" WHERE "eventId" = ANY(${ids}::text[]) AND status = 'succeeded'`;
    if (n === ids.length) return true;
    if (n !== last) {
      last = n;
      lastChange = Date.now();
    } else if (Date.now() - lastChange > 10_000) log(`  ${n} of ${ids.length} delivered, none for 10 s`);
    await sleep(100);
  }
  return false;
};

/** CPU seconds (user + system) of each PostgreSQL backend of `database`, by pid; empty where /proc is not readable. */
const backendCpu = async (database: string): Promise<Map<number, number>> => {
  const rows = await getDb().$queryRaw<{ pid: number }[]>`SELECT pid FROM pg_stat_activity WHERE datname = ${database} AND pid <> pg_backend_pid()`;
  const out = new Map<number, number>();
  for (const { pid } of rows) {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => null);
    if (!stat) continue;
    // the fields after "(comm)": state is the 3rd, utime the 14th and stime the 15th of the whole line
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    out.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
  }
  return out;
};

/** Starts counting CPU: this process's and the database's backends'; `stop` gives ms of each since. */
const cpuMeter = async (database: string) => {
  const [own, pg] = [process.cpuUsage(), await backendCpu(database)];
  return async () => {
    const used = process.cpuUsage(own);
    const after = await backendCpu(database);
    let pgSeconds = 0;
    // a backend that ended during the phase is not counted (the pools keep theirs open for 10 s idle)
    for (const [pid, seconds] of after) pgSeconds += seconds - (pg.get(pid) ?? 0);
    return { nodeMs: (used.user + used.system) / 1000, pgMs: pgSeconds * 1000, readable: after.size > 0 };
  };
};
type Cpu = Awaited<ReturnType<Awaited<ReturnType<typeof cpuMeter>>>>;

type PhaseResult = { name: string; ok: boolean; line: string };

/** The figures and checks of one phase, from the database and the receiver. */
const report = async (
  name: string,
  emitted: Emitted[],
  { receiver, from, complete, cpu }: { receiver: Receiver; from: number; complete: boolean; cpu: Cpu },
): Promise<PhaseResult> => {
  const ids = emitted.map((e) => e.id);
  const rows = await getDb().$queryRaw<{ lag: number; at: Date }[]>`
    SELECT extract(epoch FROM a."createdAt" - e."createdAt") * 1000 AS lag, a."createdAt" AS at
    FROM "WebhookEvent" e JOIN "WebhookDelivery" d ON d."eventId" = e.id JOIN "WebhookAttempt" a ON a."deliveryId" = d.id AND a.attempt = 1
    WHERE e.id = ANY(${ids}::text[])`;
  const lags = rows.map((r) => Number(r.lag));
  const lastAt = Math.max(...rows.map((r) => r.at.getTime()));
  const seconds = (lastAt - from) / 1000;
  const perSecond = rows.length / seconds;

  const problems: string[] = [];
  if (!complete) problems.push(`not every event delivered within ${TIMEOUT_MS / 1000} s`);
  const wanted = new Set(ids);
  const mine = receiver.arrivals.filter((a) => wanted.has(a.eventId));
  const counts = new Map<string, number>();
  for (const a of mine) counts.set(a.eventId, (counts.get(a.eventId) ?? 0) + 1);
  const missing = ids.filter((id) => !counts.has(id)).length;
  const twice = [...counts.values()].filter((n) => n > 1).length;
  if (missing) problems.push(`${missing} events never arrived`);
  if (twice) problems.push(`${twice} events arrived more than once`);
  const unsigned = mine.filter((a) => !a.signed).length;
  if (unsigned) problems.push(`${unsigned} arrivals with an invalid signature`);
  const objectOf = new Map(emitted.map((e) => [e.id, e.objectId]));
  const lastSeq = new Map<string, number>();
  let outOfOrder = 0;
  for (const a of mine) {
    const o = objectOf.get(a.eventId)!;
    if ((lastSeq.get(o) ?? 0) >= a.sequence) outOfOrder++;
    lastSeq.set(o, a.sequence);
  }
  if (outOfOrder) problems.push(`${outOfOrder} arrivals out of their object's sequence order`);
  const [{ attempts }] = await getDb().$queryRaw<{ attempts: number }[]>`
    SELECT count(*)::int AS attempts FROM "WebhookAttempt" a JOIN "WebhookDelivery" d ON d.id = a."deliveryId" WHERE d."eventId" = ANY(${ids}::text[])`;
  if (attempts !== ids.length) problems.push(`${attempts} attempts recorded for ${ids.length} events`);

  const line =
    `${name}: ${rows.length}/${ids.length} delivered in ${seconds.toFixed(1)} s = ${perSecond.toFixed(1)} deliveries/s; ` +
    `lag p50 ${quantile(lags, 0.5).toFixed(0)} ms, p99 ${quantile(lags, 0.99).toFixed(0)} ms, max ${Math.max(...lags).toFixed(0)} ms; ` +
    `CPU per delivery ${(cpu.nodeMs / rows.length).toFixed(2)} ms this process, ` +
    (cpu.readable ? `${(cpu.pgMs / rows.length).toFixed(2)} ms PostgreSQL; ` : "PostgreSQL not readable; ") +
    (problems.length ? `FAILED: ${problems.join("; ")}` : "each exactly once, signed, in per-object order") +
    ` (load average ${load()})`;
  return { name, ok: problems.length === 0, line };
};

const main = async (): Promise<number> => {
  const configured = process.env.DATABASE_URL;
  const embedded = configured
    ? null
    : await startEmbeddedPostgres({
        dataDir: path.resolve(".data/bench-webhooks-postgres"),
        port: Number(process.env.WEBHOOKS_BENCH_PG_PORT ?? 54352),
        database: "postgres",
        log,
      });
  const adminUrl = configured ?? embedded!.adminUrl;
  const database = await freshDatabase(adminUrl, "coinop_bench_webhooks");
  const receiver = await startReceiver();
  const results: PhaseResult[] = [];
  try {
    await migrateDeploy(database.url);
    await installJobSchema(database.url);
    await closeDb();
    process.env.DATABASE_URL = database.url;
    const db = getDb();
    const business = await createBusiness({ db }, { name: "Webhook bench", environment: "test" });
    const game = await createGame({ db }, { businessId: business.id, environment: "test", name: "Webhook bench", webhookUrl: receiver.url });
    receiver.setSecret(game.webhookSecret!);
    const worker = () => startWorker({ connectionString: database.url, ...workerTasks() });
    log(`load average ${load()}; ${os.cpus().length} CPUs`);

    const drain = async (name: string, count: number, objects: number, prefix: string) => {
      log(`${name}: writing ${count} events over ${objects} objects (worker stopped)`);
      const emitted = await emitMany(game.id, { count, objects, prefix });
      const stop = await cpuMeter(database.name);
      const from = Date.now();
      await worker();
      const complete = await drained(emitted.map((e) => e.id));
      // before the worker's pool closes its backends
      const cpu = await stop();
      await stopWorker();
      const r = await report(name, emitted, { receiver, from, complete, cpu });
      console.log(r.line);
      results.push(r);
    };
    await drain(`many objects (${EVENTS} events, ${OBJECTS} objects)`, EVENTS, OBJECTS, "many");
    await drain(`one object (${SINGLE_EVENTS} events)`, SINGLE_EVENTS, 1, "single");

    log(`stream: ${STREAM_EVENTS} events over ${OBJECTS} objects at ${RATE}/s (worker running)`);
    await worker();
    const stop = await cpuMeter(database.name);
    const from = Date.now();
    const emitted = await emitMany(game.id, { count: STREAM_EVENTS, objects: OBJECTS, prefix: "stream", rate: RATE });
    const complete = await drained(emitted.map((e) => e.id));
    const cpu = await stop();
    await stopWorker();
    const r = await report(`stream at ${RATE}/s (${STREAM_EVENTS} events)`, emitted, { receiver, from, complete, cpu });
    console.log(r.line);
    results.push(r);
  } finally {
    await stopWorker();
    await closeDb();
    await receiver.close();
    await database.drop();
    await embedded?.stop();
  }
  const failed = results.filter((r) => !r.ok).length;
  console.log(failed ? `${failed} phase(s) failed` : "all checks passed");
  return failed ? 1 : 0;
};

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e instanceof Error ? (e.stack ?? e.message) : e);
    process.exit(1);
  },
);
