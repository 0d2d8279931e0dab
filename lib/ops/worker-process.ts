// The job worker as a process of its own (`npm run worker`, and the worker scripts/launch.ts starts beside
// Next.js). SIGTERM or SIGINT: stop taking jobs, let the running ones finish within a deadline, close
// the pools, stop the embedded PostgreSQL this process started, exit 0. Jobs still running at the
// deadline are unlocked so that another worker retries them at once (a killed worker's jobs stay locked
// for graphile-worker's 4-hour lock timeout); the process then exits 1, ending the jobs' code with it.
import type { ParsedCronItem, Runner, TaskList } from "graphile-worker";
import { config, envChanged } from "../config/env.ts";
import { webhookAllowLoopback, workerConcurrency } from "../config/settings.ts";
import { closeDb, getDb } from "../db/client.ts";
import { workerShutdownDeadlineMs } from "../config/settings.ts";
import { startEmbeddedPostgres, type EmbeddedHandle } from "../db/embedded.ts";
import { startWorker, stopWorker } from "../jobs/start-worker.ts";

/** How long running jobs get to finish after SIGTERM (WORKER_SHUTDOWN_DEADLINE_MS, default 10 s; lib/config). */
export const shutdownDeadlineMs = (): number => workerShutdownDeadlineMs();

export type ShutdownResult = { graceful: boolean; ms: number };

/**
 * The ids that lock the jobs `runner` is running now (graphile-worker 0.18 locks a job with its worker
 * pool's id), from the job:start / job:complete events.
 */
export const trackBusyWorkers = (runner: Runner): (() => string[]) => {
  const busy = new Map<string, number>();
  runner.events.on("job:start", ({ worker }) => void busy.set(worker.workerPool.id, (busy.get(worker.workerPool.id) ?? 0) + 1));
  runner.events.on("job:complete", ({ worker }) => {
    const id = worker.workerPool.id;
    const n = (busy.get(id) ?? 1) - 1;
    if (n > 0) busy.set(id, n);
    else busy.delete(id);
  });
  return () => [...busy.keys()];
};

/**
 * Stops the runner: graceful first (running jobs finish). Past `deadlineMs` the jobs still running are
 * unlocked (graphile_worker.force_unlock_workers) so that another worker retries them at once; their
 * attempt counts already include this run. Then the app pool is closed.
 */
export const shutdownWorker = async (
  runner: Runner,
  { deadlineMs = shutdownDeadlineMs(), busyWorkers = (): string[] => [] }: { deadlineMs?: number; busyWorkers?: () => string[] } = {},
): Promise<ShutdownResult> => {
  const started = Date.now();
  const stopped = stopWorker().then(() => true);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), deadlineMs)));
  const graceful = await Promise.race([stopped, late]);
  clearTimeout(timer);
  if (!graceful) {
    const ids = busyWorkers();
    if (ids.length) await getDb().$executeRaw`SELECT graphile_worker.force_unlock_workers(${ids}::text[])`.catch(() => undefined);
  }
  await closeDb();
  return { graceful, ms: Date.now() - started };
};

export type WorkerProcessOptions = {
  taskList: TaskList;
  parsedCronItems?: ParsedCronItem[];
  pollInterval?: number;
  log?: (message: string) => void;
};

/** Runs the worker until a termination signal, then shuts it down and exits the process. */
export const runWorkerProcess = async ({ log = (m) => console.error(m), ...opts }: WorkerProcessOptions): Promise<void> => {
  const configured = config().DATABASE_URL;
  const embedded: EmbeddedHandle | null = configured ? null : await startEmbeddedPostgres();
  const url = configured ?? embedded!.url;
  process.env.DATABASE_URL = url; // the tasks' services use getDb()
  envChanged();
  const runner = await startWorker({ connectionString: url, ...opts });
  const busyWorkers = trackBusyWorkers(runner);
  log(`[worker] running (concurrency ${workerConcurrency()}, pid ${process.pid}); SIGTERM or Ctrl-C stops it`);
  // `npm run worker` on its own cannot tell a developer's machine from a deployment: say so when that decided
  // that webhooks may go to this machine's loopback (scripts/launch.ts gives its own worker NODE_ENV)
  const env = config();
  if (env.WEBHOOK_ALLOW_LOOPBACK === undefined && env.NODE_ENV === undefined && webhookAllowLoopback(env))
    log("[worker] test-mode webhooks may go to this machine's loopback (NODE_ENV is unset); in production set NODE_ENV=production or WEBHOOK_ALLOW_LOOPBACK=0");

  let stopping = 0;
  const onSignal = async (signal: NodeJS.Signals) => {
    // Ctrl-C reaches this process twice under scripts/launch.ts (from the terminal, then relayed by
    // the launcher): only a signal more than a second after the first means "now".
    if (stopping) {
      if (Date.now() - stopping < 1_000) return;
      log(`[worker] ${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = Date.now();
    log(`[worker] ${signal}: finishing running jobs (deadline ${shutdownDeadlineMs()} ms)…`);
    const { graceful, ms } = await shutdownWorker(runner, { busyWorkers });
    await embedded?.stop();
    log(graceful ? `[worker] stopped in ${ms} ms` : `[worker] jobs still ran after ${ms} ms: failed them for a retry`);
    process.exit(graceful ? 0 : 1);
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, (s) => void onSignal(s));
  await runner.promise;
};
