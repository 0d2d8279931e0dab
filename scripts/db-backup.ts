// npm run db:backup [-- --file PATH] [-- --logical]
// Writes a consistent backup of the database: DATABASE_URL, or else the embedded PostgreSQL (started for
// the backup when it is not running). pg_dump's custom format when a pg_dump at least as new as the server
// is installed, else Coinop's logical snapshot (lib/ops/backup-database.ts); --logical forces the latter.
// Default file: .data/backups/coinop-<database>-<UTC time>.dump. Restore: npm run db:restore -- <file>.
import path from "node:path";
import { parseArgs } from "node:util";
import { config } from "../lib/config/env.ts";
import { startEmbeddedPostgres } from "../lib/db/embedded.ts";
import { backupDatabase } from "../lib/ops/backup-database.ts";

const { values } = parseArgs({ options: { file: { type: "string" }, logical: { type: "boolean", default: false } } });

const main = async () => {
  const embedded = config().DATABASE_URL ? null : await startEmbeddedPostgres({ log: (m) => console.error(m) });
  const url = config().DATABASE_URL ?? embedded!.url;
  try {
    const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
    const file = path.resolve(values.file ?? `.data/backups/coinop-${new URL(url).pathname.slice(1)}-${stamp}.dump`);
    const r = await backupDatabase(url, file, { tool: values.logical ? "logical" : "auto" });
    const what = r.tool === "pg_dump" ? `pg_dump custom format (${r.binary})` : `logical snapshot, ${Object.values(r.rows!).reduce((a, b) => a + b, 0)} rows`;
    console.log(`backup written: ${path.relative(process.cwd(), file) || file}`);
    console.log(`  ${what}, PostgreSQL ${r.serverVersion}, ${(r.bytes / 1024).toFixed(0)} KiB in ${(r.ms / 1000).toFixed(1)} s`);
    console.log(`  everything committed before ${r.startedAt.toISOString()} is in it`);
  } finally {
    if (embedded?.started) await embedded.stop();
  }
};

main().then(
  () => process.exit(0),
  (e) => {
    console.error(`db:backup failed: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  },
);
