// Backup and restore against real PostgreSQL: the file's database (ledger, idempotency records, a locked
// job) is backed up and restored into a new, empty database on the same server; every table's content
// comes back identical, the ledger invariant holds there, locked jobs are unlocked, and a non-empty
// database is refused without a change. The logical format always; "auto" too (pg_dump when the
// server's major version has a pg_dump installed, else the logical format).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes, randomUUID } from "node:crypto";
import { gzipSync } from "node:zlib";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { checkVcLedgerInvariants } from "@/lib/vc/check-vc-journal-entries";
import { vcAsset } from "@/lib/ledger/accounts";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/db/generated/client";
import { fund, makeVcGame } from "@/tests/support/vc";
import { backupDatabase, pgToolsFor } from "./backup-database";
import { countRelations, restoreDatabase } from "./restore-database";

const adminUrl = inject("adminUrl");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "coinop-backup-test-"));
const created: string[] = [];

const withClient = async <T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
};

/** A new, empty database on the test server. */
const emptyDatabase = async (): Promise<string> => {
  const name = `coinop_t_${Math.floor(Date.now() / 1000)}_r${randomBytes(5).toString("hex")}`;
  await withClient(adminUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
  created.push(name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

afterAll(async () => {
  await withClient(adminUrl, async (c) => {
    for (const name of created) await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
  });
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Every table of public and graphile_worker: its row count and an md5 of its rows in a fixed order. */
const fingerprint = (url: string) =>
  withClient(url, async (c) => {
    const { rows: tables } = await c.query<{ t: string }>(
      `SELECT format('%I.%I', n.nspname, c.relname) AS t FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE c.relkind = 'r' AND n.nspname IN ('public', 'graphile_worker') AND c.relname NOT IN ('_prisma_migrations', 'migrations') ORDER BY 1`,
    );
    const out: Record<string, string> = {};
    for (const { t } of tables) {
      // a restore unlocks jobs on purpose (locked_at, locked_by, and so updated_at and is_available)
      const { rows } = await c.query<{ n: number; h: string | null }>(
        `SELECT count(*)::int AS n, md5(string_agg((to_jsonb(x) - 'locked_at' - 'locked_by' - 'updated_at' - 'is_available')::text, ',' ORDER BY (to_jsonb(x) - 'locked_at' - 'locked_by' - 'updated_at' - 'is_available')::text)) AS h FROM ${t} x`,
      );
      out[t] = `${rows[0].n}:${rows[0].h}`;
    }
    return out;
  });

/** Some of everything a restore must bring back: a game, a currency, journals, idempotency records, a locked job. */
const seed = async () => {
  const vc = await makeVcGame({ players: 2 });
  for (let i = 1; i <= 3; i++) await fund(vc.headers, vc.currencyId, vc.users[i % 2], 10 * i);
  await withClient(process.env.DATABASE_URL!, async (c) => {
    await c.query(`SELECT graphile_worker.add_job('backup-test-noop', '{}'::json, job_key := $1)`, [randomUUID()]);
    await c.query(`UPDATE graphile_worker._private_jobs SET locked_at = now(), locked_by = 'a-worker-that-died'`);
  });
  return vc;
};

const checkRestored = async (url: string, currencyId: string) => {
  const pool = new pg.Pool({ connectionString: url });
  pool.on("error", () => undefined);
  const db = new PrismaClient({ adapter: new PrismaPg(pool) });
  try {
    const audit = await checkVcLedgerInvariants(db, { asset: vcAsset(currencyId), environment: "test" });
    expect(audit.sum).toBe(0n);
    expect(audit).toMatchObject({ negativeAccounts: [], driftedAccounts: [], unbalancedJournals: [], miscountedTenants: [], misstatedJournals: [] });
    expect(await db.ledgerJournal.count({ where: { asset: vcAsset(currencyId) } })).toBe(3);
    expect(await db.idempotencyRecord.count()).toBeGreaterThanOrEqual(4);
  } finally {
    await db.$disconnect();
    await pool.end();
  }
};

describe("npm run db:backup / db:restore", () => {
  it("logical format: a restore into an empty database has every row, the ledger balances, jobs are unlocked", async () => {
    const vc = await seed();
    const source = process.env.DATABASE_URL!;
    const file = path.join(dir, "logical.dump");
    const backup = await backupDatabase(source, file, { tool: "logical" });
    expect(backup.tool).toBe("logical");
    expect(backup.bytes).toBeGreaterThan(100);
    expect(backup.rows!["public.LedgerJournal"]).toBeGreaterThanOrEqual(3);
    expect(fs.existsSync(`${file}.partial`)).toBe(false);

    const target = await emptyDatabase();
    const restored = await restoreDatabase(target, file);
    expect(restored.tool).toBe("logical");
    expect(restored.unlockedJobs).toBe(1);
    expect(await fingerprint(target)).toEqual(await fingerprint(source));
    await checkRestored(target, vc.currencyId);
    const [{ locked }] = await withClient(
      target,
      async (c) => (await c.query("SELECT count(*)::int AS locked FROM graphile_worker._private_jobs WHERE locked_by IS NOT NULL")).rows,
    );
    expect(locked).toBe(0);

    // a second restore into the now non-empty database is refused, and changes nothing
    const before = await fingerprint(target);
    await expect(restoreDatabase(target, file)).rejects.toThrow(/is not empty .* restore into an empty database/);
    expect(await fingerprint(target)).toEqual(before);
  });

  it("auto: pg_dump when one fits the server's version (else the logical format), restored the same way", async () => {
    const source = process.env.DATABASE_URL!;
    const major = await withClient(source, async (c) => Math.floor(Number((await c.query("SHOW server_version_num")).rows[0].server_version_num) / 10_000));
    const file = path.join(dir, "auto.dump");
    const backup = await backupDatabase(source, file);
    expect(backup.tool).toBe((await pgToolsFor(major)) ? "pg_dump" : "logical");
    const target = await emptyDatabase();
    expect(await countRelations(target)).toBe(0);
    const restored = await restoreDatabase(target, file);
    expect(restored.tool).toBe(backup.tool);
    expect(await fingerprint(target)).toEqual(await fingerprint(source));
  });

  it("refuses a file that is no dump, and a truncated dump (without committing a row)", async () => {
    const junk = path.join(dir, "junk.dump");
    fs.writeFileSync(junk, "hello");
    const target = await emptyDatabase();
    await expect(restoreDatabase(target, junk)).rejects.toThrow(/neither a pg_dump custom-format file nor a Coinop logical dump/);
    expect(await countRelations(target)).toBe(0);

    // the first two lines of a real dump: its header and one batch of rows, no closing line
    const full = path.join(dir, "full.dump");
    await backupDatabase(process.env.DATABASE_URL!, full, { tool: "logical" });
    const { gunzipSync } = await import("node:zlib");
    const lines = gunzipSync(fs.readFileSync(full)).toString("utf8").split("\n");
    const cut = path.join(dir, "cut.dump");
    fs.writeFileSync(cut, gzipSync(lines.slice(0, 2).join("\n") + "\n"));
    await expect(restoreDatabase(target, cut)).rejects.toThrow(/truncated/);
    const rows = await withClient(target, async (c) => (await c.query(`SELECT count(*)::int AS n FROM "LedgerJournal"`)).rows[0].n);
    expect(rows).toBe(0);
  });
});
