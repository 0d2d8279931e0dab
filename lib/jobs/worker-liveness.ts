// Liveness of job workers, so that the jobs of a worker killed mid-job (SIGKILL, OOM, a lost machine) run
// again within seconds instead of after graphile-worker's 4-hour lock timeout.
// - graphile-worker 0.18 locks a job with the id of its runner's worker pool ("pool-<hex>"). Each runner
//   holds a session-level advisory lock (LIVENESS_LOCK_CLASS, hashtext(id)) on a connection of its own
//   for as long as it lives; a killed process loses its connections, and PostgreSQL its locks, at once.
// - Every runner reaps, when it starts and every REAP_INTERVAL_MS: a job locked more than
//   REAP_AFTER_SECONDS ago by a pool whose lock nobody holds is unlocked
//   (graphile_worker.force_unlock_workers), so a worker takes it again. The grace period covers a runner
//   that has just started and not yet taken its lock.
// - A lost liveness connection (a database restart) reconnects and takes its locks again.
// Jobs therefore run at least once: a job cut off mid-run runs again, as graphile-worker's own retry does.
import { EventEmitter } from "node:events";
import type { WorkerEvents } from "graphile-worker";
import pg from "pg";

/** The first key of the liveness advisory locks (the second is hashtext(pool id)). */
export const LIVENESS_LOCK_CLASS = 1_016_016;
export const REAP_AFTER_SECONDS = 5;
export const REAP_INTERVAL_MS = 10_000;

const log = (m: string) => console.error(`[worker] ${m}`);

/** Unlocks the jobs of worker pools that hold no liveness lock; returns their ids. `own`: this process's pools (alive). */
export const reapDeadWorkers = async (client: pg.Client, own: ReadonlySet<string> = new Set()): Promise<string[]> => {
  const { rows } = await client.query<{ id: string }>(
    `SELECT DISTINCT locked_by AS id FROM graphile_worker._private_jobs
     WHERE locked_by IS NOT NULL AND locked_at < now() - make_interval(secs => $1)`,
    [REAP_AFTER_SECONDS],
  );
  const dead: string[] = [];
  for (const { id } of rows) {
    if (own.has(id)) continue;
    const { rows: r } = await client.query<{ free: boolean }>("SELECT pg_try_advisory_lock($1, hashtext($2)) AS free", [LIVENESS_LOCK_CLASS, id]);
    if (!r[0].free) continue;
    await client.query("SELECT pg_advisory_unlock($1, hashtext($2))", [LIVENESS_LOCK_CLASS, id]);
    dead.push(id);
  }
  if (dead.length) await client.query("SELECT graphile_worker.force_unlock_workers($1::text[])", [dead]);
  return dead;
};

export type Liveness = { events: WorkerEvents; stop: () => Promise<void> };

/**
 * Pass `events` to graphile-worker's run(): every worker pool it creates takes its liveness lock, and
 * the reaper runs. stop() (after the runner stopped) ends the connection, releasing the locks.
 */
export const startLiveness = (connectionString: string): Liveness => {
  const events = new EventEmitter() as WorkerEvents;
  const own = new Set<string>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client | null> | null = null;
  let stopped = false;

  const connect = (): Promise<pg.Client | null> =>
    (connecting ??= (async () => {
      while (!stopped) {
        const c = new pg.Client({ connectionString, application_name: "coinop-worker-liveness", connectionTimeoutMillis: 5_000 });
        c.on("error", (e) => log(`liveness connection lost: ${e.message}`));
        try {
          await c.connect();
          for (const id of own) await c.query("SELECT pg_advisory_lock($1, hashtext($2))", [LIVENESS_LOCK_CLASS, id]);
          c.once("end", () => {
            if (client === c) client = null;
            if (!stopped) void connect();
          });
          client = c;
          return c;
        } catch {
          await c.end().catch(() => undefined);
          await new Promise((r) => setTimeout(r, 1_000).unref());
        }
      }
      return null;
    })().finally(() => (connecting = null)));

  const reap = async () => {
    const c = client ?? (await connect());
    if (!c || stopped) return;
    try {
      const dead = await reapDeadWorkers(c, own);
      if (dead.length) log(`unlocked the jobs of ${dead.length} dead worker${dead.length > 1 ? "s" : ""} (${dead.join(", ")}) for an immediate retry`);
    } catch (e) {
      log(`reaping dead workers failed: ${e instanceof Error ? e.message : e}`);
    }
  };

  events.on("pool:create", ({ workerPool }) => {
    own.add(workerPool.id);
    void (async () => {
      const c = client ?? (await connect());
      await c?.query("SELECT pg_advisory_lock($1, hashtext($2))", [LIVENESS_LOCK_CLASS, workerPool.id]).catch(() => undefined);
      await reap();
    })();
    // once more when jobs locked just before this start (a worker killed a moment ago) pass the grace period
    setTimeout(() => void reap(), REAP_AFTER_SECONDS * 1000 + 500).unref();
  });
  const timer = setInterval(() => void reap(), REAP_INTERVAL_MS);
  timer.unref();

  return {
    events,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
};
