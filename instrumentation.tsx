// Next.js instrumentation hook: runs once when a server process starts. By default the job worker
// runs inside the app process (one `npm run dev` / `npm start` is a whole deployment). Set
// COINOP_IN_PROCESS_WORKER=0 when workers run separately (`npm run worker`).
export async function register() {
  // The literal check lets Next drop the import from the edge bundle.
  if (process.env.NEXT_RUNTIME === "nodejs") {
    // A production server refuses to serve with a missing, short or public signing secret (also when
    // started as a bare `next start`, without scripts/launch.ts).
    if (process.env.NODE_ENV === "production") (await import("./lib/config/refuse-unsafe-secrets.ts")).refuseUnsafeSecrets();
    const { config } = await import("./lib/config/env.ts");
    const { inProcessWorker } = await import("./lib/config/settings.ts");
    const url = config().DATABASE_URL;
    if (!inProcessWorker() || !url) return;
    const { startWorker, stopWorker } = await import("./lib/jobs/start-worker.ts");
    const { workerTasks } = await import("./lib/flows/job-tasks.ts");
    try {
      await startWorker({ connectionString: url, ...workerTasks() });
    } catch (err) {
      // The app still serves requests; jobs stay queued in the database until a worker runs.
      console.error("[worker] the in-process worker did not start:", err instanceof Error ? err.message : err);
      return;
    }
    // Next closes its server on these signals; let running jobs finish meanwhile. With nobody else
    // listening (NEXT_MANUAL_SIG_HANDLE), re-raise the signal so the process still ends.
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      process.once(signal, () => {
        void stopWorker().finally(() => {
          if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
        });
      });
    }
  }
}
