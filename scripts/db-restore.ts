// npm run db:restore -- <file> [--database NAME]
// Loads a backup made by `npm run db:backup` into an EMPTY database (a database that has any table is
// refused): DATABASE_URL, or else the embedded PostgreSQL's database; --database NAME restores into that
// database on the same server instead, creating it when missing (the usual drill: restore next to the
// live database, check it, then point DATABASE_URL at it). See docs/operations.md.
import { parseArgs } from "node:util";
import pg from "pg";
import { config } from "../lib/config/env.ts";
import { startEmbeddedPostgres } from "../lib/db/embedded.ts";
import { restoreDatabase } from "../lib/ops/restore-database.ts";

const { values, positionals } = parseArgs({ options: { database: { type: "string" } }, allowPositionals: true });

const main = async () => {
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new Error("usage: npm run db:restore -- <file> [--database NAME]");
  const embedded = config().DATABASE_URL ? null : await startEmbeddedPostgres({ log: (m) => console.error(m) });
  let url = config().DATABASE_URL ?? embedded!.url;
  try {
    if (values.database) {
      if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(values.database)) throw new Error(`"${values.database}" is not a plain database name.`);
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [values.database]);
        if (!rowCount) await admin.query(`CREATE DATABASE "${values.database}"`);
      } finally {
        await admin.end();
      }
      const u = new URL(url);
      u.pathname = `/${values.database}`;
      url = u.toString();
    }
    const r = await restoreDatabase(url, file);
    const rows = r.rows ? `, ${Object.values(r.rows).reduce((a, b) => a + b, 0)} rows` : "";
    console.log(
      `restored ${file} into ${new URL(url).pathname.slice(1)} (${r.tool === "pg_dump" ? "pg_restore" : "logical"}${rows}) in ${(r.ms / 1000).toFixed(1)} s`,
    );
    if (r.unlockedJobs) console.log(`  ${r.unlockedJobs} jobs that a worker held at backup time were unlocked; a worker runs them again`);
  } finally {
    if (embedded?.started) await embedded.stop();
  }
};

main().then(
  () => process.exit(0),
  (e) => {
    console.error(`db:restore failed: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  },
);
