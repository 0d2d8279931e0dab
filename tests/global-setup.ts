// Starts (or reaches) the test PostgreSQL and prepares a migrated template database. Each test file
// then clones its own database from the template (tests/file-setup.ts), so files run in parallel.
// TEST_DATABASE_URL picks a server (CI: the machine's PostgreSQL 15); otherwise an embedded
// PostgreSQL 17 runs under .data/test-postgres.
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { config } from "../lib/config/env.ts";
import { embeddedTestPgPort } from "../lib/config/settings.ts";
import { startEmbeddedPostgres, type EmbeddedHandle } from "../lib/db/embedded.ts";
import { migrateDeploy } from "../lib/db/migrate.ts";
import { installJobSchema } from "../lib/jobs/schema.ts";

declare module "vitest" {
  export interface ProvidedContext {
    adminUrl: string;
    templateDb: string;
    /** names this run's per-file databases (tests/file-setup.ts), dropped together when the run ends */
    testRunId: string;
  }
}

const migrationsHash = (): string => {
  const h = createHash("sha256");
  const dir = path.resolve("prisma/migrations");
  for (const name of fs.readdirSync(dir).sort()) {
    const file = path.join(dir, name, "migration.sql");
    if (fs.existsSync(file)) h.update(name).update(fs.readFileSync(file));
  }
  return h.digest("hex").slice(0, 12);
};

const withDb = (url: string, database: string): string => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
};

/**
 * Vitest calls this once for the root and once for each project (vitest.config.ts), in one process: the first
 * call prepares the server and the template, the others wait for it, and the last teardown cleans up.
 */
type Prepared = { adminUrl: string; templateDb: string; runId: string };
type Shared = { ready?: Promise<Prepared>; users: number; embedded: EmbeddedHandle | null };
const shared: Shared = ((globalThis as { __coinopTestSetup?: Shared }).__coinopTestSetup ??= { users: 0, embedded: null });

const prepare = async (): Promise<Prepared> => {
  let adminUrl: string;
  const { TEST_DATABASE_URL } = config();
  if (TEST_DATABASE_URL) {
    adminUrl = TEST_DATABASE_URL;
  } else {
    shared.embedded = await startEmbeddedPostgres({
      dataDir: path.resolve(".data/test-postgres"),
      port: embeddedTestPgPort(),
      database: "postgres",
      log: () => undefined,
    });
    adminUrl = shared.embedded.adminUrl;
  }
  const templateDb = `coinop_tpl_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // A lock, so two test runs against one server do not build the template at the same time.
    await admin.query("SELECT pg_advisory_lock(727001)");
    const { rows } = await admin.query("SELECT datname FROM pg_database WHERE datname = $1", [templateDb]);
    if (rows.length === 0) {
      const building = `${templateDb}_building`;
      await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${building}"`);
      const url = withDb(adminUrl, building);
      await migrateDeploy(url);
      await installJobSchema(url);
      await admin.query(`ALTER DATABASE "${building}" RENAME TO "${templateDb}"`);
    }
    // Databases left behind by a killed run: only those created over an hour ago, so a concurrent run
    // against the same server keeps its own.
    const { rows: stale } = await admin.query("SELECT datname FROM pg_database WHERE datname ~ '^coinop_t_[0-9]+_'");
    const cutoff = Date.now() / 1000 - 3600;
    for (const r of stale) {
      const created = Number(/^coinop_t_([0-9]+)_/.exec(r.datname)![1]);
      if (created < cutoff) await admin.query(`DROP DATABASE IF EXISTS "${r.datname}" WITH (FORCE)`).catch(() => undefined);
    }
    await admin.query("SELECT pg_advisory_unlock(727001)");
  } finally {
    await admin.end();
  }
  return { adminUrl, templateDb, runId: randomBytes(4).toString("hex") };
};

/**
 * This run's per-file databases, kept until the run ends (tests/file-setup.ts says why). Every DROP DATABASE
 * waits for a checkpoint of its own (PostgreSQL 15+), about 0.2-0.45 s each: one after another, the full
 * suite's ~300 databases held `npm test` open for a silent minute after its totals. Dropped on several
 * connections at once, the drops share their checkpoints (measured: 30 databases, 13.6 s one by one,
 * 4.5 s at once; 48 databases on the machine's PostgreSQL 15, 15.4 s on 8 connections, 1.8 s on 48). A
 * connection the server refuses (max_connections) leaves its share to the others.
 */
const DROP_CONNECTIONS = 32;
export const dropRunDatabases = async ({ adminUrl, runId }: Prepared, connections = DROP_CONNECTIONS) => {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  let names: string[];
  try {
    const { rows } = await c.query("SELECT datname FROM pg_database WHERE datname ~ $1", [`^coinop_t_[0-9]+_${runId}_`]);
    names = rows.map((r) => r.datname as string);
  } finally {
    await c.end();
  }
  const dropNext = async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    if (
      !(await client.connect().then(
        () => true,
        () => false,
      ))
    )
      return;
    try {
      for (let name = names.pop(); name !== undefined; name = names.pop())
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
    } finally {
      await client.end();
    }
  };
  await Promise.all(Array.from({ length: Math.min(connections, names.length) }, dropNext));
};

export default async function setup(project: TestProject) {
  shared.users++;
  shared.ready ??= prepare();
  const prepared = await shared.ready;
  project.provide("adminUrl", prepared.adminUrl);
  project.provide("templateDb", prepared.templateDb);
  project.provide("testRunId", prepared.runId);
  return async () => {
    if (--shared.users > 0) return;
    shared.ready = undefined;
    await dropRunDatabases(prepared);
    await shared.embedded?.stop();
    shared.embedded = null;
  };
}
