// npm run worker: the job worker as its own process, for deployments that run it apart from the app
// (set COINOP_IN_PROCESS_WORKER=0 on the app then; scripts/launch.ts starts one itself). Uses
// DATABASE_URL, or the embedded PostgreSQL when it is not set (reusing one that `npm run dev` already
// runs). Any number of these may run against one database; graphile-worker hands each job to one of
// them. SIGTERM: running jobs finish within WORKER_SHUTDOWN_DEADLINE_MS (lib/ops/worker-process.ts).
import { workerTasks } from "../lib/flows/job-tasks.ts";
import { runWorkerProcess } from "../lib/ops/worker-process.ts";

runWorkerProcess(workerTasks()).catch((err) => {
  console.error("[worker]", err instanceof Error ? err.message : err);
  process.exit(1);
});
