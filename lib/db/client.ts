import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { config } from "../config/env.ts";
import { databasePoolSize } from "../config/settings.ts";
import { PrismaClient } from "./generated/client.ts";

export type Db = PrismaClient;

/** Longest wait for a pool connection (a new one, or a free one of a busy pool) before the query fails. */
export const DATABASE_CONNECT_TIMEOUT_MS = 5_000;

type Holder = { client?: PrismaClient; pool?: pg.Pool; url?: string; generic?: pg.Pool };
const holder: Holder = ((globalThis as { __coinopDb?: Holder }).__coinopDb ??= {});

export const databaseUrl = (): string => {
  const url = config().DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: start the app with `npm run dev` (embedded PostgreSQL) or set DATABASE_URL.");
  return url;
};

/**
 * A pool of `url` as every pool here is made: a bounded wait for a connection (a stopped or unreachable database
 * fails a request within it, a 503, instead of hanging it), idle connections let go after 10 s, and an idle
 * client that loses its connection logged rather than crashing the process. `generic`: its connections plan
 * every prepared statement once, generically (lib/db/prepared.ts).
 */
export const openPool = (url: string, { max, generic = false }: { max: number; generic?: boolean }): pg.Pool => {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 10_000,
    connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
    ...(generic ? { options: "-c plan_cache_mode=force_generic_plan" } : {}),
  });
  pool.on("error", (err) => console.error("[db] idle client error:", err.message));
  return pool;
};

/** The process-wide Prisma client on the pg driver adapter, created on first use from DATABASE_URL. */
export const getDb = (): PrismaClient => {
  const url = databaseUrl();
  if (holder.client && holder.url === url) return holder.client;
  // a new URL: the generic-plan pool of the old one is let go with it
  void holder.generic?.end().catch(() => undefined);
  holder.generic = undefined;
  const pool = openPool(url, { max: databasePoolSize() });
  holder.pool = pool;
  holder.url = url;
  holder.client = new PrismaClient({ adapter: new PrismaPg(pool) });
  return holder.client;
};

/** The process-wide client's pool (the one Prisma's adapter uses), for lib/db/pg-transaction.ts. */
export const transactionPoolOf = (): pg.Pool => {
  getDb();
  return holder.pool!;
};

/**
 * A second, smaller pool beside the process-wide client's, for lib/db/prepared.ts: its connections plan every
 * prepared statement once, generically (plan_cache_mode = force_generic_plan), which Prisma's statements on
 * the main pool must not get. Undefined unless `db` is the process-wide client (getDb()): a transaction's
 * client, or another client, has no such pool.
 */
export const genericPlanPoolOf = (db: unknown): pg.Pool | undefined => {
  if (db === undefined || db !== holder.client || !holder.url) return undefined;
  if (!holder.generic) {
    holder.generic = openPool(holder.url, { max: Math.max(2, Math.ceil(databasePoolSize() / 2)), generic: true });
  }
  return holder.generic;
};

/** Closes the pool (scripts and tests). */
export const closeDb = async (): Promise<void> => {
  const { client, pool, generic } = holder;
  holder.client = undefined;
  holder.pool = undefined;
  holder.generic = undefined;
  holder.url = undefined;
  await client?.$disconnect();
  await Promise.all([pool?.end().catch(() => undefined), generic?.end().catch(() => undefined)]);
};
