// The operator console's front page: the state of the instance at a glance. Whether payments (Stripe) and
// mail (SMTP) are configured (never their values), the job queue (graphile-worker: jobs waiting, running,
// retrying, failed for good, and the tasks that fail most), the live worker pools (each holds its liveness
// advisory lock, lib/jobs/worker-liveness.ts), webhook endpoints disabled for failures across tenants, and
// the migrations state (lib/db/migrate.ts migrateStatus, bounded in time).
import { config } from "../config/env.ts";
import type { DbContext } from "../core/context.ts";
import { migrateStatus } from "../db/migrate.ts";
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

/** The worker pools alive now: each holds its liveness lock (LIVENESS_LOCK_CLASS, hashtext(pool id)) while it runs. */
export const countLiveWorkers = async ({ db }: DbContext): Promise<number> => {
  const [row] = await db.$queryRaw<{ alive: bigint }[]>`
    SELECT count(*) AS alive FROM pg_locks WHERE locktype = 'advisory' AND granted AND classid = ${LIVENESS_LOCK_CLASS}::oid AND objsubid = 2`;
  return n(row?.alive);
};

type Diagnosis = {
  history?: { diagnostic?: string; unappliedMigrationNames?: string[] } | null;
  failedMigrationNames?: string[];
  editedMigrationNames?: string[];
  hasMigrationsTable?: boolean;
};

/** The migrations state (the schema engine's diagnosis), given up after `timeoutMs`. */
export const loadMigrationsState = async ({ db }: DbContext, { timeoutMs = 8000 }: { timeoutMs?: number } = {}): Promise<MigrationsState> => {
  const url = config().DATABASE_URL;
  if (!url) return { state: "unknown", message: "DATABASE_URL is not set in this process." };
  try {
    const diagnosis = (await Promise.race([
      migrateStatus(url),
      new Promise((_, reject) => setTimeout(() => reject(new Error(`no answer in ${timeoutMs / 1000} s`)), timeoutMs).unref()),
    ])) as Diagnosis;
    if (diagnosis.failedMigrationNames?.length) return { state: "problem", message: `Failed: ${diagnosis.failedMigrationNames.join(", ")}` };
    if (diagnosis.editedMigrationNames?.length)
      return { state: "problem", message: `Edited after they were applied: ${diagnosis.editedMigrationNames.join(", ")}` };
    const h = diagnosis.history;
    if (h?.diagnostic === "databaseIsBehind") return { state: "behind", pending: h.unappliedMigrationNames ?? [] };
    if (h) return { state: "problem", message: `The migration history differs from the repository (${h.diagnostic ?? "unknown"}).` };
    const [row] = await db.$queryRaw<
      { applied: bigint }[]
    >`SELECT count(*) AS applied FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;
    return { state: "up_to_date", applied: n(row?.applied) };
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
