// npm run db:migrate -- create NAME | deploy | status | drift
// Uses DATABASE_URL, or the embedded PostgreSQL when it is not set.
import { config } from "../lib/config/env.ts";
import { startEmbeddedPostgres } from "../lib/db/embedded.ts";
import { liveDrift, migrateCreate, migrateDeploy, migrateStatus } from "../lib/db/migrate.ts";

const [cmd, ...args] = process.argv.slice(2);
const usage = "usage: npm run db:migrate -- create NAME | deploy | status | drift";

const main = async () => {
  if (!["create", "deploy", "status", "drift"].includes(cmd ?? "")) {
    console.error(usage);
    return 1;
  }
  const configured = config().DATABASE_URL;
  const embedded = configured ? null : await startEmbeddedPostgres();
  const url = configured ?? embedded!.url;
  try {
    if (cmd === "create") {
      const dir = await migrateCreate(url, args[0] ?? "migration");
      console.log(dir ? `Created ${dir}` : "No schema changes; no migration created.");
    } else if (cmd === "deploy") {
      const applied = await migrateDeploy(url);
      console.log("Applied:", applied.length ? applied.join(", ") : "(none pending)");
    } else if (cmd === "status") {
      console.log(JSON.stringify(await migrateStatus(url), null, 2));
    } else {
      const sql = await liveDrift(url);
      if (sql) {
        process.stdout.write(sql);
        console.error("\nThe database differs from prisma/schema.prisma.");
        return 2;
      }
      console.log("No drift: the database matches prisma/schema.prisma.");
    }
    return 0;
  } finally {
    await embedded?.stop();
  }
};

// exit explicitly: the WASM engine leaves a 10 s advisory-lock timer pending after deploy
main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
