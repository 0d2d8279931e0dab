// GET /api/ready: can this process serve traffic? Three checks, each bounded in time, none tenant-specific:
// - database: a `SELECT 1` answers;
// - migrations: every folder in prisma/migrations is recorded as finished in _prisma_migrations
//   (and none of them failed or was rolled back);
// - worker: a graphile-worker runner is listening on this database. graphile-worker 0.18 keeps no
//   heartbeat table; every running runner holds one connection that issued
//   `LISTEN "jobs:insert"` (it learns of new jobs that way), so that session in pg_stat_activity is the
//   sign of a live worker. A worker killed with SIGKILL loses its connection at once, so the check fails
//   within a second of the kill; a worker that is merely busy still listens and stays "ok".
import fs from "node:fs";
import path from "node:path";
import type { DbContext } from "../core/context.ts";
import type { DbClient } from "../db/transaction.ts";

export type CheckState = "ok" | "failing";
export type Readiness = {
  ready: boolean;
  checks: { database: CheckState; migrations: CheckState; worker: CheckState };
};

/** Seconds a 503 from /api/ready asks the caller to wait before asking again. */
export const RETRY_AFTER_SECONDS = 5;

/** Longest a single check may take before it counts as failing. */
export const CHECK_TIMEOUT_MS = 2_000;

const within = async <T>(ms: number, work: Promise<T>): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
};

/** The migration folders shipped with this build (prisma/migrations/<timestamp>_<name>). */
export const expectedMigrations = (dir = path.join(process.cwd(), "prisma/migrations")): string[] =>
  // read at run time, not traced into the build (the launcher's migrations read the same folder)
  fs
    .readdirSync(/*turbopackIgnore: true*/ dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && fs.existsSync(/*turbopackIgnore: true*/ path.join(dir, e.name, "migration.sql")))
    .map((e) => e.name)
    .sort();

const databaseAnswers = async (db: DbClient): Promise<boolean> => {
  await db.$queryRaw`SELECT 1`;
  return true;
};

const migrationsApplied = async (db: DbClient, expected: string[]): Promise<boolean> => {
  const rows = await db.$queryRaw<{ migration_name: string; finished: boolean; failed: boolean }[]>`
    SELECT migration_name,
           finished_at IS NOT NULL AND rolled_back_at IS NULL AS finished,
           finished_at IS NULL AND rolled_back_at IS NULL AS failed
    FROM _prisma_migrations`;
  if (rows.some((r) => r.failed)) return false;
  const done = new Set(rows.filter((r) => r.finished).map((r) => r.migration_name));
  return expected.every((name) => done.has(name));
};

const workerListening = async (db: DbClient): Promise<boolean> => {
  const [{ n }] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM pg_stat_activity
    WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE 'LISTEN "jobs:insert"%'`;
  return n > 0;
};

const state = async (check: () => Promise<boolean>, ms: number): Promise<CheckState> => {
  try {
    return (await within(ms, check())) ? "ok" : "failing";
  } catch {
    return "failing";
  }
};

/** Runs the three checks; migrations and worker count as failing when the database does not answer. */
export const checkReadiness = async (
  { db }: DbContext,
  { expected = expectedMigrations(), timeoutMs = CHECK_TIMEOUT_MS }: { expected?: string[]; timeoutMs?: number } = {},
): Promise<Readiness> => {
  const database = await state(() => databaseAnswers(db), timeoutMs);
  if (database !== "ok") return { ready: false, checks: { database, migrations: "failing", worker: "failing" } };
  const [migrations, worker] = await Promise.all([state(() => migrationsApplied(db, expected), timeoutMs), state(() => workerListening(db), timeoutMs)]);
  return { ready: migrations === "ok" && worker === "ok", checks: { database, migrations, worker } };
};
