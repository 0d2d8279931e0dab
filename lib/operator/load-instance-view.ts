// The operator console's front page: the state of the instance at a glance. Whether payments (Stripe) and
// mail (SMTP) are configured (never their values), the job queue (graphile-worker: jobs waiting, running,
// retrying, failed for good, and the tasks that fail most), the live worker pools (each holds its liveness
// advisory lock, lib/jobs/worker-liveness.ts), webhook endpoints disabled for failures across tenants, and
// the migrations state (the repository's migrations against the database's).
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { config } from "../config/env.ts";
import type { DbContext } from "../core/context.ts";
import { LIVENESS_LOCK_CLASS } from "../jobs/worker-liveness.ts";

export type JobQueueState = {
  present: boolean;
  waiting: number;
  scheduled: number;
  running: number;
  retrying: number;
  failed: number;
  failingTasks: { task: string; failed: number; lastError: string }[];
};

export type MigrationsState =
  | { state: "up_to_date"; applied: number }
  | { state: "behind"; pending: string[] }
  | { state: "problem"; message: string }
  | { state: "unknown"; message: string };

export type InstanceView = {
  payments: { configured: boolean; webhookSecret: boolean };
  mail: { configured: boolean; from: string | null };
  jobs: JobQueueState;
  workers: { alive: number };
  disabledEndpoints: { id: string; ownerType: string; ownerId: string; url: string; disabledAt: Date; reason: string | null }[];
  migrations: MigrationsState;
  queues: { activations: number; scopeRequests: number; compliance: number };
};

const n = (v: unknown) => Number(v ?? 0);

export const loadJobQueue = async ({ db }: DbContext): Promise<JobQueueState> => {
  const [{ present } = { present: false }] = await db.$queryRaw<
    { present: boolean }[]
  >`SELECT to_regclass('graphile_worker._private_jobs') IS NOT NULL AS present`;
  if (!present) return { present: false, waiting: 0, scheduled: 0, running: 0, retrying: 0, failed: 0, failingTasks: [] };
  const [counts] = await db.$queryRaw<Record<string, bigint>[]>`
    SELECT count(*) FILTER (WHERE locked_at IS NULL AND attempts < max_attempts AND run_at <= now() AND attempts = 0) AS waiting,
           count(*) FILTER (WHERE locked_at IS NULL AND attempts = 0 AND run_at > now()) AS scheduled,
           count(*) FILTER (WHERE locked_at IS NOT NULL) AS running,
           count(*) FILTER (WHERE locked_at IS NULL AND attempts > 0 AND attempts < max_attempts) AS retrying,
           count(*) FILTER (WHERE attempts >= max_attempts) AS failed
    FROM graphile_worker._private_jobs`;
  const failing = await db.$queryRaw<{ task: string; failed: bigint; last_error: string | null }[]>`
    SELECT t.identifier AS task, count(*) AS failed, (array_agg(j.last_error ORDER BY j.updated_at DESC))[1] AS last_error
    FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
    WHERE j.attempts >= j.max_attempts OR (j.attempts > 0 AND j.last_error IS NOT NULL)
    GROUP BY t.identifier ORDER BY count(*) DESC LIMIT 5`;
  return {
    present: true,
    waiting: n(counts?.waiting),
    scheduled: n(counts?.scheduled),
    running: n(counts?.running),
    retrying: n(counts?.retrying),
    failed: n(counts?.failed),
    failingTasks: failing.map((f) => ({ task: f.task, failed: n(f.failed), lastError: (f.last_error ?? "").split("\n")[0]!.slice(0, 300) })),
  };
};

/** The worker pools alive now on this database: each holds its liveness lock (LIVENESS_LOCK_CLASS, hashtext(pool id)) while it runs. */
export const countLiveWorkers = async ({ db }: DbContext): Promise<number> => {
  const [row] = await db.$queryRaw<{ alive: bigint }[]>`
    SELECT count(*) AS alive FROM pg_locks WHERE locktype = 'advisory' AND granted AND classid = ${LIVENESS_LOCK_CLASS}::oid AND objsubid = 2
      AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`;
  return n(row?.alive);
};

const checksumOf = (sql: string) => createHash("sha256").update(sql).digest("hex");

/**
 * The migrations state: the repository's prisma/migrations against the database's _prisma_migrations, as
 * `prisma migrate status` compares them (pending, failed, edited after they were applied, unknown to the
 * repository). Read directly: the schema engine (lib/db/migrate.ts migrateStatus, WASM) is not for the web
 * process's page bundle.
 */
export const loadMigrationsState = async ({ db }: DbContext, { dir = path.resolve("prisma/migrations") }: { dir?: string } = {}): Promise<MigrationsState> => {
  try {
    const names = (await readdir(dir, { withFileTypes: true }))
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    const [{ present } = { present: false }] = await db.$queryRaw<{ present: boolean }[]>`SELECT to_regclass('"_prisma_migrations"') IS NOT NULL AS present`;
    if (!present) return { state: "behind", pending: names };
    const rows = await db.$queryRaw<{ name: string; checksum: string; finished: boolean; rolledBack: boolean }[]>`
      SELECT migration_name AS name, checksum, finished_at IS NOT NULL AS finished, rolled_back_at IS NOT NULL AS "rolledBack" FROM "_prisma_migrations"`;
    const live = rows.filter((r) => !r.rolledBack);
    const failed = live.filter((r) => !r.finished).map((r) => r.name);
    if (failed.length) return { state: "problem", message: `Failed: ${failed.join(", ")}` };
    const applied = new Map(live.map((r) => [r.name, r.checksum]));
    const unknown = [...applied.keys()].filter((n) => !names.includes(n));
    if (unknown.length) return { state: "problem", message: `Applied but not in this release: ${unknown.join(", ")}` };
    const edited: string[] = [];
    for (const n of names.filter((n) => applied.has(n))) {
      const sql = await readFile(path.join(dir, n, "migration.sql"), "utf8").catch(() => null);
      if (sql !== null && checksumOf(sql) !== applied.get(n)) edited.push(n);
    }
    if (edited.length) return { state: "problem", message: `Edited after they were applied: ${edited.join(", ")}` };
    const pending = names.filter((n) => !applied.has(n));
    return pending.length ? { state: "behind", pending } : { state: "up_to_date", applied: applied.size };
  } catch (err) {
    return { state: "unknown", message: `Could not read the migrations state: ${err instanceof Error ? err.message : String(err)}` };
  }
};

export const loadInstanceView = async (ctx: DbContext, opts: { migrations?: boolean } = {}): Promise<InstanceView> => {
  const env = config();
  const [jobs, alive, disabled, migrations, activations, scopeRequests, compliance] = await Promise.all([
    loadJobQueue(ctx),
    countLiveWorkers(ctx),
    ctx.db.webhookEndpoint.findMany({
      where: { disabledAt: { not: null }, deletedAt: null },
      orderBy: { disabledAt: "desc" },
      take: 50,
      select: { id: true, ownerType: true, ownerId: true, url: true, disabledAt: true, disabledReason: true },
    }),
    opts.migrations === false ? Promise.resolve<MigrationsState>({ state: "unknown", message: "Not checked." }) : loadMigrationsState(ctx),
    ctx.db.business.count({ where: { kybStatus: "pending" } }),
    ctx.db.platformScopeRequest.count({ where: { environment: "live", status: "pending" } }),
    ctx.db.playerCompliance.count({ where: { status: "pending" } }),
  ]);
  return {
    payments: { configured: Boolean(env.STRIPE_SECRET_KEY), webhookSecret: Boolean(env.STRIPE_WEBHOOK_SECRET) },
    mail: { configured: Boolean(env.SMTP_URL), from: env.EMAIL_FROM ?? null },
    jobs,
    workers: { alive },
    disabledEndpoints: disabled.map((e) => ({
      id: e.id,
      ownerType: e.ownerType,
      ownerId: e.ownerId,
      url: e.url ?? "",
      disabledAt: e.disabledAt!,
      reason: e.disabledReason,
    })),
    migrations,
    queues: { activations, scopeRequests, compliance },
  };
};
