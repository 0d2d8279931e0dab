import { run, type ParsedCronItem, type Runner, type TaskList } from "graphile-worker";
import pg from "pg";
import { workerConcurrency, workerPollIntervalMs } from "../config/settings.ts";
import { installJobSchema, quietLogger } from "./schema.ts";
import { startLiveness, type Liveness } from "./worker-liveness.ts";

export type StartWorkerOptions = {
  connectionString: string;
  /** every task the worker runs, by name (the registry lives above the domains: lib/flows/job-tasks.ts) */
  taskList: TaskList;
  /** periodic jobs (lib/flows/crontab.ts) */
  parsedCronItems?: ParsedCronItem[];
  /** jobs run at once in this process (default WORKER_CONCURRENCY or 4) */
  concurrency?: number;
  /** ms between checks for jobs that became due (scheduled retries); new jobs arrive by LISTEN/NOTIFY */
  pollInterval?: number;
};

type Worker = { runner: Runner; pool: pg.Pool; liveness: Liveness };

// One worker per process, kept on globalThis so Next's dev reloads and a second register() reuse it.
type Holder = { worker?: Promise<Worker> };
const holder: Holder = ((globalThis as { __coinopWorker?: Holder }).__coinopWorker ??= {});

/**
 * The worker's own pool. Its error handlers stay attached until the pool has ended, so a database
 * restart, or a connection cut while the worker shuts down, is logged and never an uncaught
 * exception that would take the app process down.
 */
const workerPool = (connectionString: string, max: number): pg.Pool => {
  const pool = new pg.Pool({ connectionString, max });
  const log = (err: Error) => console.error(`[worker] database connection error: ${err.message}`);
  pool.on("error", log);
  pool.on("connect", (client) => client.on("error", log));
  return pool;
};

const launch = async (opts: StartWorkerOptions): Promise<Worker> => {
  const concurrency = opts.concurrency ?? workerConcurrency();
  await installJobSchema(opts.connectionString);
  const pool = workerPool(opts.connectionString, concurrency + 2);
  // a killed worker's jobs are unlocked for another worker within seconds, not after 4 hours (lib/jobs/worker-liveness.ts)
  const liveness = startLiveness(opts.connectionString);
  try {
    const runner = await run({
      pgPool: pool,
      events: liveness.events,
      concurrency,
      pollInterval: opts.pollInterval ?? workerPollIntervalMs(),
      logger: quietLogger,
      noHandleSignals: true,
      // Record completions and failures through graphile-worker's batcher, which a graceful stop flushes.
      // Unbatched (the default), a finished job's completion is a fire-and-forget query that a stop does
      // not wait for: a job that finished during shutdown stayed locked until the 4-hour lock timeout
      // (lib/ops/worker-process.test.ts).
      preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
      taskList: opts.taskList,
      parsedCronItems: opts.parsedCronItems ?? [],
    });
    return { runner, pool, liveness };
  } catch (err) {
    await liveness.stop();
    await pool.end().catch(() => undefined);
    throw err;
  }
};

/**
 * Starts the graphile-worker runner of this process, or returns the one already running. Installs the
 * job schema first (idempotent). Termination signals are the caller's to handle (stopWorker): the
 * worker must not kill a Next.js process on its own.
 */
export const startWorker = async (opts: StartWorkerOptions): Promise<Runner> => {
  holder.worker ??= launch(opts).catch((err) => {
    holder.worker = undefined;
    throw err;
  });
  return (await holder.worker).runner;
};

/** Stops the runner gracefully (running jobs finish), then closes its pool; a no-op when none runs. */
export const stopWorker = async (): Promise<void> => {
  const pending = holder.worker;
  holder.worker = undefined;
  const worker = await pending?.catch(() => undefined);
  if (!worker) return;
  await worker.runner.stop();
  await worker.liveness.stop();
  await worker.pool.end().catch(() => undefined);
};
