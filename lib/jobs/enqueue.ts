import type { DbClient } from "../db/transaction.ts";

/**
 * Adds a graphile-worker job with SQL, so it commits or rolls back with the caller's transaction.
 * `jobKey` replaces a pending job with the same key (graphile-worker semantics).
 */
export const enqueueJob = async (
  db: DbClient,
  task: string,
  payload: Record<string, unknown>,
  opts: { runAt?: Date; jobKey?: string; maxAttempts?: number } = {},
): Promise<void> => {
  await db.$executeRaw`SELECT graphile_worker.add_job(
    ${task}::text,
    ${JSON.stringify(payload)}::json,
    run_at := ${opts.runAt ?? null}::timestamptz,
    max_attempts := ${opts.maxAttempts ?? 25}::int,
    job_key := ${opts.jobKey ?? null}::text
  )`;
};
