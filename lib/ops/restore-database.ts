// Loads a backup of backup-database.ts into an EMPTY database (npm run db:restore; docs/operations.md).
// A database with any table in public or graphile_worker is refused: a restore never merges.
// - A pg_dump file (custom format, "PGDMP"): pg_restore --no-owner --no-acl --exit-on-error.
// - A logical dump: the migrations the dump names must be exactly this release's (restore with the
//   release that made it, then upgrade); they are applied, then graphile-worker's schema, then every row
//   in one transaction with session_replication_role = replica (foreign keys and triggers are not
//   re-checked: the rows come from one consistent snapshot; this needs a superuser, as the embedded
//   server's is), then the sequences. The row counts are checked against the dump's closing line.
// Both: jobs that were locked by a worker at backup time are unlocked, so a worker runs them at once.
import { execFile } from "node:child_process";
import fs from "node:fs";
import readline from "node:readline";
import { promisify } from "node:util";
import { createGunzip } from "node:zlib";
import pg from "pg";
import { migrateDeploy } from "../db/migrate.ts";
import { installJobSchema } from "../jobs/schema.ts";
import { LOGICAL_FORMAT, pgToolsFor, quoteIdent, SCHEMAS, withoutPassword, type DumpTool } from "./backup-database.ts";
import { expectedMigrations } from "./check-readiness.ts";

export type RestoreResult = { tool: DumpTool; ms: number; rows?: Record<string, number>; unlockedJobs: number };

const run = promisify(execFile);

const withClient = async <T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
};

/** The tables, views and sequences already in the schemas a restore writes (0 for an empty database). */
export const countRelations = (url: string): Promise<number> =>
  withClient(url, async (c) => {
    const { rows } = await c.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = ANY($1) AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')`,
      [SCHEMAS],
    );
    return rows[0].n;
  });

const unlockJobs = (url: string): Promise<number> =>
  withClient(url, async (c) => {
    const { rows } = await c.query<{ t: string | null }>("SELECT to_regclass('graphile_worker._private_jobs')::text AS t");
    if (!rows[0].t) return 0;
    const r = await c.query("UPDATE graphile_worker._private_jobs SET locked_at = NULL, locked_by = NULL WHERE locked_by IS NOT NULL");
    await c.query("UPDATE graphile_worker._private_job_queues SET locked_at = NULL, locked_by = NULL WHERE locked_by IS NOT NULL").catch(() => undefined);
    return r.rowCount ?? 0;
  });

const fileKind = (file: string): "pg_dump" | "logical" => {
  const fd = fs.openSync(file, "r");
  const head = Buffer.alloc(5);
  fs.readSync(fd, head, 0, 5, 0);
  fs.closeSync(fd);
  if (head.toString("latin1") === "PGDMP") return "pg_dump";
  if (head[0] === 0x1f && head[1] === 0x8b) return "logical";
  throw new Error(`${file} is neither a pg_dump custom-format file nor a Coinop logical dump.`);
};

type Header = { format: string; version: number; migrations: string[]; tables: string[]; sequences: { name: string; last: string | null }[] };

const restoreLogical = async (url: string, file: string): Promise<Record<string, number>> => {
  const lines = readline.createInterface({ input: fs.createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  const it = lines[Symbol.asyncIterator]();
  const first = await it.next();
  const header = (first.done ? null : JSON.parse(first.value)) as Header | null;
  if (header?.format !== LOGICAL_FORMAT || header.version !== 1) throw new Error(`${file} is not a Coinop logical dump (version 1).`);
  const here = expectedMigrations();
  if (JSON.stringify(header.migrations) !== JSON.stringify(here))
    throw new Error(
      `The dump was made at another schema version (${header.migrations.length} migrations, last ${header.migrations.at(-1)}; ` +
        `this release has ${here.length}, last ${here.at(-1)}). Restore it with the release that made it, then upgrade.`,
    );
  await migrateDeploy(url);
  await installJobSchema(url);
  const rows: Record<string, number> = {};
  let end: { end: true; rows: Record<string, number> } | undefined;
  await withClient(url, async (c) => {
    await c.query("BEGIN");
    try {
      await c.query("SET LOCAL session_replication_role = replica");
      /** per table: the columns to insert (not generated), or null to skip (the schema tools wrote its rows) */
      const plan = new Map<string, string | null>();
      for (let next = await it.next(); !next.done; next = await it.next()) {
        if (!next.value) continue;
        const line = JSON.parse(next.value) as { table?: string; rows?: unknown[]; end?: true };
        if (line.end) {
          end = line as unknown as typeof end;
          break;
        }
        const table = line.table!;
        const [schema, name] = table.split(".");
        const target = `${quoteIdent(schema)}.${quoteIdent(name)}`;
        if (!plan.has(table)) {
          const { rows: existing } = await c.query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${target} LIMIT 1) x`);
          const { rows: cols } = await c.query<{ name: string }>(
            `SELECT attname AS name FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
            [target],
          );
          plan.set(table, existing[0].n > 0 ? null : cols.map((x) => quoteIdent(x.name)).join(", "));
        }
        rows[table] = (rows[table] ?? 0) + line.rows!.length;
        const cols = plan.get(table);
        if (cols === null) continue;
        await c.query(`INSERT INTO ${target} (${cols}) OVERRIDING SYSTEM VALUE SELECT ${cols} FROM json_populate_recordset(NULL::${target}, $1::json)`, [
          JSON.stringify(line.rows),
        ]);
      }
      if (!end) throw new Error(`${file} is truncated: its closing line is missing.`);
      for (const [table, n] of Object.entries(end.rows))
        if ((rows[table] ?? 0) !== n) throw new Error(`${file}: ${table} has ${rows[table] ?? 0} rows, the dump says ${n}.`);
      for (const s of header.sequences)
        if (s.last !== null) await c.query("SELECT setval($1::regclass, $2::bigint, true)", [s.name.split(".").map(quoteIdent).join("."), s.last]);
      await c.query("COMMIT");
    } catch (e) {
      await c.query("ROLLBACK").catch(() => undefined);
      throw e;
    }
  });
  return end!.rows;
};

/** Restores `file` into the empty database at `url`. */
export const restoreDatabase = async (url: string, file: string): Promise<RestoreResult> => {
  const started = Date.now();
  if (!fs.existsSync(file)) throw new Error(`${file} does not exist.`);
  const kind = fileKind(file);
  const existing = await countRelations(url);
  if (existing > 0)
    throw new Error(
      `The database ${new URL(url).pathname.slice(1)} is not empty (${existing} tables, views or sequences in ${SCHEMAS.join(", ")}): restore into an empty database.`,
    );
  let rows: Record<string, number> | undefined;
  if (kind === "pg_dump") {
    const { version, major } = await withClient(url, async (c) => {
      const { rows: r } = await c.query<{ v: string; n: string }>("SELECT current_setting('server_version') AS v, current_setting('server_version_num') AS n");
      return { version: r[0].v, major: Math.floor(Number(r[0].n) / 10_000) };
    });
    const tools = await pgToolsFor(major);
    if (!tools) throw new Error(`No pg_restore of version ${major} or newer is installed (the server is PostgreSQL ${version}).`);
    const { dbname, env } = withoutPassword(url);
    await run(tools.pgRestore, ["--no-owner", "--no-acl", "--exit-on-error", `--dbname=${dbname}`, file], { env, maxBuffer: 64 * 1024 * 1024 });
  } else {
    rows = await restoreLogical(url, file);
  }
  const unlockedJobs = await unlockJobs(url);
  return { tool: kind, ms: Date.now() - started, rows, unlockedJobs };
};
