import { Prisma } from "../db/generated/client.ts";
import type { DbClient } from "../db/transaction.ts";

export type JobOptions = { runAt?: Date; jobKey?: string; maxAttempts?: number };

/**
 * The call that adds a graphile-worker job, as an SQL expression: `payload` is a `json` expression, so a
 * statement can add one job per row it writes (lib/webhooks/create-delivery.ts) in the same round trip.
 */
export const addJobSql = (task: string, payload: Prisma.Sql, opts: JobOptions = {}): Prisma.Sql => Prisma.sql`graphile_worker.add_job(
    ${task}::text,
    ${payload},
    run_at := ${opts.runAt ?? null}::timestamptz,
    max_attempts := ${opts.maxAttempts ?? 25}::int,
    job_key := ${opts.jobKey ?? null}::text
  )`;

/**
 * Adds a graphile-worker job with SQL, so it commits or rolls back with the caller's transaction.
 * `jobKey` replaces a pending job with the same key (graphile-worker semantics).
 */
export const enqueueJob = async (db: DbClient, task: string, payload: Record<string, unknown>, opts: JobOptions = {}): Promise<void> => {
  await db.$executeRaw`SELECT ${addJobSql(task, Prisma.sql`${JSON.stringify(payload)}::json`, opts)}`;
};
