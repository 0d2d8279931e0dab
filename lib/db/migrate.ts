// Offline Prisma Migrate: drives @prisma/schema-engine-wasm through the pg driver adapter, so migrations
// work on a machine that cannot download Prisma's native schema engine. It keeps the standard
// prisma/migrations/<timestamp>_<name>/migration.sql layout and the _prisma_migrations table, so
// `prisma migrate deploy` on a connected machine accepts the result. Adapted from
// shared/reference/prisma-migrate-offline.mjs; every workaround there is kept and commented.
import fs from "node:fs/promises";
import fss from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { parse } from "pg-connection-string";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import { config } from "../config/env.ts";

const require = createRequire(import.meta.url);
const root = process.cwd();
const schemaPath = path.join(root, "prisma/schema.prisma");
const migrationsDir = path.join(root, "prisma/migrations");

// "char", int2vector, regproc, pg_node_tree, regtype, xid, cid, tid, aclitem, oidvector, pg_lsn
const PG_INTERNAL_AS_TEXT = new Set([18, 22, 24, 194, 2206, 28, 29, 27, 1033, 30, 3220]);
const filters = { externalTables: [], externalEnums: [] };

type Engine = {
  diff(input: unknown): Promise<{ exitCode: number; stdout: string }>;
  applyMigrations(input: unknown): Promise<{ appliedMigrationNames: string[] }>;
  diagnoseMigrationHistory(input: unknown): Promise<unknown>;
  free?: () => void;
};

type EngineClass = { new: (cfg: unknown, log: (m: string) => void, factory: unknown) => Promise<Engine> };
let engineClass: Promise<EngineClass> | undefined;
/**
 * The WASM module is instantiated once per process: a second instance re-binds the shared JS glue, and a
 * callback of the first then panics ("FnOnce called more than once"); a restore migrates in a process
 * that may have migrated before (lib/ops/restore-database.ts).
 */
const loadEngine = (): Promise<EngineClass> => (engineClass ??= instantiateEngine());

const instantiateEngine = async () => {
  // Without a registry, a panic inside the WASM engine shows only "unreachable".
  (globalThis as Record<string, unknown>).PRISMA_WASM_PANIC_REGISTRY ??= { set_message: (m: string) => console.error("[schema-engine panic]", m) };
  const bgPath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
  const bg = await import(bgPath);
  const mod = new WebAssembly.Module(await fs.readFile(path.join(path.dirname(bgPath), "schema_engine_bg.wasm")));
  const inst = new WebAssembly.Instance(mod, { "./schema_engine_bg.js": bg });
  bg.__wbg_set_wasm(inst.exports);
  (inst.exports as { __wbindgen_start: () => void }).__wbindgen_start();
  return bg.SchemaEngine as EngineClass;
};

const makeAdapterFactory = (url: string) => {
  // Pass discrete fields, NOT connectionString: adapter-pg's connectToShadowDb sets {...config, database: shadow},
  // and pg lets connectionString override `database`.
  const c = parse(url);
  // Also NOT a pg.Pool: pg-pool keeps `password` non-enumerable in pool.options, so the shadow pool loses it.
  const cfg = {
    host: c.host ?? "localhost",
    port: Number(c.port ?? 5432),
    user: c.user,
    password: c.password,
    database: c.database ?? undefined,
    allowExitOnIdle: true,
  };
  // adapter-pg 7.10 rejects pg_catalog's internal types (e.g. "char", OID 18) that the schema engine's
  // introspection queries return; report them to the adapter as text (OID 25).
  const makePool = (database: string | undefined) => {
    const pool = new pg.Pool({ ...cfg, database });
    // an idle connection the server ends (a restart, DROP DATABASE … WITH (FORCE)) must not crash the process
    pool.on("error", () => undefined);
    pool.on("connect", (client) => {
      const query = client.query.bind(client) as (...a: unknown[]) => unknown;
      const fix = (r: { fields?: { dataTypeID: number }[] } | undefined) => {
        // "char" (18) becomes bpchar (1042), not text: the describer reads pg_constraint.contype "as char"
        // and panics on a text value once the schema holds a CHECK constraint.
        for (const f of r?.fields ?? []) if (PG_INTERNAL_AS_TEXT.has(f.dataTypeID)) f.dataTypeID = f.dataTypeID === 18 ? 1042 : 25;
        return r;
      };
      (client as unknown as { query: unknown }).query = (...a: unknown[]) => {
        const cb = typeof a[a.length - 1] === "function" ? (a.pop() as (err: unknown, r: unknown) => void) : null;
        if (cb) return query(...a, (err: unknown, r: never) => cb(err, err ? r : fix(r)));
        const res = query(...a) as Promise<never> | undefined;
        return res && typeof res.then === "function" ? res.then(fix) : res;
      };
    });
    return pool;
  };
  // adapter-pg 7.10's executeScript() splits the script on every ";", which breaks PL/pgSQL bodies
  // ($$ ... ; ... $$) and semicolons in comments. Send the script whole: the simple query protocol
  // accepts many statements and runs them in one implicit transaction, so a failing migration leaves nothing.
  type ScriptAdapter = { client: { query(sql: string): Promise<unknown> }; onError(e: unknown): never; executeScript(s: string): Promise<void> };
  const wholeScript = <A>(adapter: A): A => {
    const a = adapter as unknown as ScriptAdapter;
    a.executeScript = async (script: string) => {
      try {
        await a.client.query(script);
      } catch (e) {
        a.onError(e);
      }
    };
    return adapter;
  };
  const mainPool = makePool(cfg.database);
  const base = new PrismaPg(mainPool);
  // adapter-pg's own connectToShadowDb() runs DROP DATABASE while its pool is still connected
  // ("database ... is being accessed by other users") and leaks the shadow DB; do it in the right order.
  const factory = {
    provider: base.provider,
    adapterName: base.adapterName,
    connect: async () => wholeScript(await base.connect()),
    async connectToShadowDb() {
      const admin = new pg.Client(cfg);
      await admin.connect();
      const database = `prisma_migrate_shadow_db_${randomUUID()}`;
      await admin.query(`CREATE DATABASE "${database}"`);
      const shadowPool = makePool(database);
      const adapter = wholeScript(await new PrismaPg(shadowPool).connect());
      (adapter as { dispose: () => Promise<void> }).dispose = async () => {
        await shadowPool.end();
        await admin.query(`DROP DATABASE IF EXISTS "${database}"`);
        await admin.end();
      };
      return adapter;
    },
  };
  return { factory, close: () => mainPool.end() };
};

const listMigrations = async () => {
  const lockPath = "migration_lock.toml";
  const lock = await fs.readFile(path.join(migrationsDir, lockPath), "utf8").catch(() => null);
  const entries = await fs.readdir(migrationsDir, { withFileTypes: true }).catch(() => []);
  const dirs = [];
  for (const e of entries.filter((d) => d.isDirectory())) {
    const content = await fs.readFile(path.join(migrationsDir, e.name, "migration.sql"), "utf8").then(
      (value) => ({ tag: "ok", value }),
      (err: Error) => ({ tag: "error", value: err.message }),
    );
    dirs.push({ path: e.name, migrationFile: { path: "migration.sql", content } });
  }
  dirs.sort((a, b) => a.path.localeCompare(b.path));
  return { baseDir: migrationsDir, lockfile: { path: lockPath, content: lock }, migrationDirectories: dirs, shadowDbInitScript: "" };
};

const withEngine = async <T>(url: string, fn: (engine: Engine, schema: { files: { path: string; content: string }[] }) => Promise<T>): Promise<T> => {
  const schemaContent = await fs.readFile(schemaPath, "utf8");
  const SchemaEngine = await loadEngine();
  const { factory, close } = makeAdapterFactory(url);
  const bound = bindMigrationAwareSqlAdapterFactory(factory as never) as { errorRegistry?: { consumeError(id: number): { error: unknown } | undefined } };
  const debugLog = (m: string) => config().DEBUG_SE !== undefined && console.error("[se]", m);
  const engine = await SchemaEngine.new({ datamodels: [[schemaPath, schemaContent]] }, debugLog, bound);
  try {
    return await fn(engine, { files: [{ path: schemaPath, content: schemaContent }] });
  } catch (e) {
    const m = /External error id#(\d+)/.exec(String((e as Error)?.message));
    const reg = m && bound.errorRegistry?.consumeError(Number(m[1]));
    throw reg ? reg.error : e;
  } finally {
    engine.free?.();
    await close();
  }
};

/** Applies pending migrations, like `prisma migrate deploy`. Returns the names applied. */
export const migrateDeploy = (url: string): Promise<string[]> =>
  withEngine(url, async (engine) => (await engine.applyMigrations({ migrationsList: await listMigrations(), filters })).appliedMigrationNames);

/** Like `prisma migrate status`. */
export const migrateStatus = (url: string): Promise<unknown> =>
  withEngine(url, async (engine) => engine.diagnoseMigrationHistory({ migrationsList: await listMigrations(), optInToShadowDatabase: false, filters }));

/** SQL that takes the migrations (replayed in a shadow database) to schema.prisma; "" when they agree. */
export const migrationsToSchemaDiff = (url: string): Promise<string> =>
  withEngine(url, async (engine, schema) => {
    const out = await engine.diff({
      from: { tag: "migrations", ...(await listMigrations()) },
      to: { tag: "schemaDatamodel", ...schema },
      script: true,
      exitCode: true,
      filters,
    });
    return out.exitCode === 0 || /^-- This is an empty migration\.\s*$/.test(out.stdout ?? "") ? "" : out.stdout;
  });

/** SQL that takes the live database to schema.prisma; "" when they agree. */
export const liveDrift = (url: string): Promise<string> =>
  withEngine(url, async (engine, schema) => {
    const out = await engine.diff({
      from: { tag: "schemaDatasource", files: schema.files, configDir: root },
      to: { tag: "schemaDatamodel", ...schema },
      script: true,
      exitCode: true,
      filters,
    });
    return out.exitCode === 0 ? "" : out.stdout;
  });

/** Creates prisma/migrations/<timestamp>_<name>/migration.sql from the difference; null when nothing changed. */
export const migrateCreate = async (url: string, name: string): Promise<string | null> => {
  await fs.mkdir(migrationsDir, { recursive: true });
  const lockFile = path.join(migrationsDir, "migration_lock.toml");
  if (!fss.existsSync(lockFile))
    await fs.writeFile(
      lockFile,
      `# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "postgresql"\n`,
    );
  // The WASM engine's createMigration() has no shadow-database support for PostgreSQL; diff() from a
  // "migrations" source does (it calls the adapter factory's connectToShadowDb()).
  const sql = await migrationsToSchemaDiff(url);
  if (!sql) return null;
  const ts = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const dir = path.join(migrationsDir, `${ts}_${name.replace(/[^A-Za-z0-9_]/g, "_")}`);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, "migration.sql"), sql);
  return path.relative(root, dir);
};
