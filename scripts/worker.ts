// npm run worker: the job worker as its own process, for deployments that run it apart from the app
// (set COINOP_IN_PROCESS_WORKER=0 on the app then). Uses DATABASE_URL, or the embedded PostgreSQL
// when it is not set (reusing one that `npm run dev` already runs). Any number of these may run
// against one database; graphile-worker hands each job to one of them.
import { config } from "../lib/config/env.ts";
import { workerConcurrency } from "../lib/config/settings.ts";
import { closeDb } from "../lib/db/client.ts";
import { startEmbeddedPostgres } from "../lib/db/embedded.ts";
import { startWorker, stopWorker } from "../lib/jobs/start-worker.ts";
import { workerTasks } from "../lib/flows/job-tasks.ts";

const main = async () => {
  const configured = config().DATABASE_URL;
  const embedded = configured ? null : await startEmbeddedPostgres();
  const url = configured ?? embedded!.url;
  process.env.DATABASE_URL = url; // the tasks' services use getDb()
  const runner = await startWorker({ connectionString: url, ...workerTasks() });
  console.error(`[worker] running (concurrency ${workerConcurrency()}); Ctrl-C stops it`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      console.error(`[worker] ${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    console.error(`[worker] ${signal}: finishing running jobs…`);
    await stopWorker();
    await closeDb();
    await embedded?.stop();
    process.exit(0);
  };
  process.on("SIGINT", (s) => void shutdown(s));
  process.on("SIGTERM", (s) => void shutdown(s));
  await runner.promise;
};

main().catch((err) => {
  console.error("[worker]", err instanceof Error ? err.message : err);
  process.exit(1);
});
