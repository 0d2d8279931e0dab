// The bench's PostgreSQL: the embedded server (data in .data/bench-postgres, port EMBEDDED_BENCH_PG_PORT), or
// the server of BENCH_DATABASE_URL. Each pass gets a database of its own, created empty and dropped after.
import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "../../lib/db/embedded.ts";

/** `postgresIsOwn`: the server's processes are not the bench's children (BENCH_DATABASE_URL, or an embedded
 * server that was already running): the bench counts every `postgres` process as its own (foreign-cpu.ts). */
export type Server = { adminUrl: string; postgresIsOwn: boolean; stop: () => Promise<void> };

/**
 * The embedded server's settings for the bench: a buffer cache that holds the large pass's hot indexes, as a
 * production server would be given (docs/operations.md); PostgreSQL's default of 128 MB made the large pass read
 * the 1,000,000 idempotency records' and journals' index pages from the OS cache (docs/benchmarks.md). Durability
 * settings stay as they are (fsync and synchronous_commit on).
 */
export const benchServerSettings = (sharedBuffers: string, { statements = false }: { statements?: boolean } = {}): Record<string, string> => ({
  shared_buffers: sharedBuffers,
  // BENCH_PG_STATEMENTS=1: the statements' times per scenario (statements.ts); off by default, it costs a little
  ...(statements ? { shared_preload_libraries: "pg_stat_statements", "pg_stat_statements.max": "1000" } : {}),
});

export const startServer = async ({
  adminDatabaseUrl,
  pgPort,
  sharedBuffers,
  statements = false,
  log,
}: {
  adminDatabaseUrl: string | null;
  pgPort: number;
  sharedBuffers: string;
  statements?: boolean;
  log: (m: string) => void;
}): Promise<Server> => {
  if (adminDatabaseUrl) return { adminUrl: adminDatabaseUrl, postgresIsOwn: true, stop: async () => undefined };
  const embedded = await startEmbeddedPostgres({
    dataDir: path.resolve(".data/bench-postgres"),
    port: pgPort,
    database: "postgres",
    settings: benchServerSettings(sharedBuffers, { statements }),
    log,
  });
  if (embedded.started) log(`[bench] embedded PostgreSQL with shared_buffers = ${sharedBuffers} (BENCH_PG_SHARED_BUFFERS)`);
  return { adminUrl: embedded.adminUrl, postgresIsOwn: !embedded.started, stop: () => embedded.stop() };
};

/** The URL of database `name` on the server of `adminUrl`. */
export const databaseUrlOf = (adminUrl: string, name: string): string => {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
};

export const adminQuery = async <R extends pg.QueryResultRow = pg.QueryResultRow>(adminUrl: string, sql: string, values?: unknown[]) => {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return await c.query<R>(sql, values);
  } finally {
    await c.end();
  }
};

/** A new empty database; `drop` removes it (FORCE: the servers' pools may still hold connections). */
export const freshDatabase = async (adminUrl: string, prefix = "coinop_bench"): Promise<{ name: string; url: string; drop: () => Promise<void> }> => {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
  return {
    name,
    url: databaseUrlOf(adminUrl, name),
    drop: async () => {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
    },
  };
};
