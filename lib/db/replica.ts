// Reads on streaming replicas (DATABASE_REPLICA_URL, one or more, comma-separated), with read-your-writes.
//
// A route that only reads declares `reads: "replica"` (lib/http/route.ts); its handler then gets a replica's
// client instead of the primary's, unless the caller could see a stale answer there:
// - after a caller (an API key) writes, the kernel records the primary's WAL position at that moment
//   (noteWrite: pg_current_wal_lsn() once the write committed);
// - the caller's next replica read first asks the chosen replica how far it has replayed
//   (pg_last_wal_replay_lsn()); behind the caller's write, the read goes to the primary. Once a replica has
//   caught up with it, the caller's mark is dropped and its reads cost nothing extra.
// - a replica that cannot answer that question is left out for a few seconds (reads go elsewhere).
// Callers that never write (most read traffic) never pay the check. The marks live in this process: with more
// than one web process, the balancer must send one key's requests to one process (hash on the Authorization
// header), or a writer may read on another process that has no mark (docs/operations.md, "Read replicas").
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { config } from "../config/env.ts";
import { databasePoolSize } from "../config/settings.ts";
import { getDb, openPool } from "./client.ts";
import { PrismaClient } from "./generated/client.ts";
import { isDatabaseUnavailable } from "./is-database-unavailable.ts";

type Replica = { url: string; client: PrismaClient; pool: pg.Pool; generic?: pg.Pool; downUntil: number };
type Holder = { urls?: string; replicas: Replica[]; next: number; marks: Map<string, bigint>; stats: ReplicaStats };
export type ReplicaStats = { replicaReads: number; primaryReads: number; heldForWriter: number; lsnChecks: number; replicaErrors: number };

const newStats = (): ReplicaStats => ({ replicaReads: 0, primaryReads: 0, heldForWriter: 0, lsnChecks: 0, replicaErrors: 0 });
// beside lib/db/client.ts's __coinopDb: vitest's isolated files share one set of pools through it
const holder: Holder = (((globalThis as { __coinopDb?: { replica?: Holder } }).__coinopDb ??= {}).replica ??= {
  replicas: [],
  next: 0,
  marks: new Map(),
  stats: newStats(),
});

/** How long a replica that failed the position check is left out. */
const DOWN_FOR_MS = 5_000;
/** Writers remembered at most; past it the oldest mark is dropped (a write that old is on every replica). */
const MAX_MARKS = 100_000;

/** The replicas' URLs from DATABASE_REPLICA_URL (empty when unset). */
export const replicaUrls = (): string[] =>
  (config().DATABASE_REPLICA_URL ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

const replicas = (): Replica[] => {
  const urls = replicaUrls();
  const key = urls.join(",");
  if (holder.urls === key) return holder.replicas;
  void Promise.all(holder.replicas.map((r) => closeReplica(r)));
  holder.urls = key;
  holder.replicas = urls.map((url) => {
    const pool = openPool(url, { max: databasePoolSize() });
    return { url, pool, client: new PrismaClient({ adapter: new PrismaPg(pool) }), downUntil: 0 };
  });
  holder.marks.clear();
  return holder.replicas;
};

const closeReplica = async (r: Replica): Promise<void> => {
  await r.client.$disconnect().catch(() => undefined);
  await Promise.all([r.pool.end().catch(() => undefined), r.generic?.end().catch(() => undefined)]);
};

/** "16/B374D848" as a number that orders as the WAL does. */
export const parseLsn = (lsn: string): bigint => {
  const [hi, lo] = lsn.split("/");
  return (BigInt(`0x${hi}`) << 32n) | BigInt(`0x${lo}`);
};

/**
 * The client a read-only call of `caller` runs on: a replica that has replayed the caller's last write (or
 * any replica, for a caller with no pending write), else the primary.
 */
export const readDbFor = async (caller: string | undefined): Promise<PrismaClient> => {
  const all = replicas();
  if (all.length === 0) return getDb();
  const now = Date.now();
  const up = all.filter((r) => r.downUntil <= now);
  if (up.length === 0) {
    holder.stats.primaryReads++;
    return getDb();
  }
  const replica = up[holder.next++ % up.length]!;
  const mark = caller === undefined ? undefined : holder.marks.get(caller);
  if (mark !== undefined) {
    holder.stats.lsnChecks++;
    let replayed: bigint;
    try {
      const { rows } = await replica.pool.query<{ lsn: string | null }>("SELECT pg_last_wal_replay_lsn()::text AS lsn");
      // null: not a standby (a misconfigured URL pointing at a primary has everything it wrote)
      replayed = rows[0]?.lsn ? parseLsn(rows[0].lsn) : mark;
    } catch {
      holder.stats.replicaErrors++;
      replica.downUntil = now + DOWN_FOR_MS;
      holder.stats.primaryReads++;
      return getDb();
    }
    if (replayed < mark) {
      holder.stats.heldForWriter++;
      holder.stats.primaryReads++;
      return getDb();
    }
    // this replica has the write; every replica may not, so the mark stays while there are several
    if (all.length === 1) holder.marks.delete(caller!);
  }
  holder.stats.replicaReads++;
  return replica.client;
};

/** After `caller` wrote: its reads wait for a replica that has replayed up to now (see above). */
export const noteWrite = async (caller: string): Promise<void> => {
  if (replicas().length === 0) return;
  const rows = await getDb().$queryRawUnsafe<{ lsn: string }[]>("SELECT pg_current_wal_lsn()::text AS lsn");
  const lsn = parseLsn(rows[0]!.lsn);
  holder.marks.delete(caller); // re-inserted last: the map's order is the marks' age
  holder.marks.set(caller, lsn);
  if (holder.marks.size > MAX_MARKS) {
    // the oldest writer loses its mark: an hour-old write is on every healthy replica
    const oldest = holder.marks.keys().next().value;
    if (oldest !== undefined) holder.marks.delete(oldest);
  }
};

/** Whether replicas are configured (the kernel skips noteWrite's query otherwise). */
export const hasReplicas = (): boolean => replicas().length > 0;

/** The replica's generic-plan pool for lib/db/prepared.ts (as genericPlanPoolOf does for the primary). */
export const replicaGenericPoolOf = (db: unknown): pg.Pool | undefined => {
  const r = holder.replicas.find((x) => x.client === db);
  if (!r) return undefined;
  if (!r.generic) {
    r.generic = openPool(r.url, { max: Math.max(2, Math.ceil(databasePoolSize() / 2)), generic: true });
  }
  return r.generic;
};

/**
 * A read on `db` failed as a replica fails (unreachable, shutting down, or a query cancelled by a conflict with
 * recovery): true when `db` is a replica, which is then left out for a few seconds; the caller reruns the read on
 * the primary. False for the primary (its errors are the kernel's as ever).
 */
export const replicaReadFailed = (db: unknown, err: unknown): boolean => {
  const r = holder.replicas.find((x) => x.client === db);
  if (!r) return false;
  const code = (err as { code?: unknown; cause?: { code?: unknown } })?.code ?? (err as { cause?: { code?: unknown } })?.cause?.code;
  if (!isDatabaseUnavailable(err) && code !== "40001" && !/conflict with recovery/i.test(String((err as Error)?.message))) return false;
  holder.stats.replicaErrors++;
  r.downUntil = Date.now() + DOWN_FOR_MS;
  return true;
};

/**
 * Which database `db` reads: "primary", or "replica:<n>". Code that batches reads of several callers
 * (lib/vc/get-balance.ts) keys its batches by it, so a writer held on the primary never shares a replica's read.
 */
export const readTargetOf = (db: unknown): string => {
  const i = holder.replicas.findIndex((r) => r.client === db);
  return i < 0 ? "primary" : `replica:${i}`;
};

/** Counters since the last reset (tests, the bench). */
export const replicaStats = (): ReplicaStats => ({ ...holder.stats });
export const resetReplicaStats = (): void => {
  holder.stats = newStats();
};

/** Closes the replicas' pools (scripts and tests). */
export const closeReplicas = async (): Promise<void> => {
  const all = holder.replicas;
  holder.replicas = [];
  holder.urls = undefined;
  holder.marks.clear();
  await Promise.all(all.map((r) => closeReplica(r)));
};
