// A link initiation's cost in process (issue 32, target 3's lever "the link initiation on node-postgres"): N
// initiations of new sessions one after another on a fresh database of BENCH_DATABASE_URL's server (each writes its
// session, its User.Account.Link.Started event and the delivery to the seed game's endpoint, with its job), and the
// Node CPU and time each took. `BENCH_DATABASE_URL=postgres://… npx tsx scripts/bench/link-initiation-cpu.ts [N]`.
import { closeDb, getDb } from "../../lib/db/client.ts";
import { migrateDeploy } from "../../lib/db/migrate.ts";
import { inTransaction } from "../../lib/db/transaction.ts";
import { createSeedTenants } from "../../lib/flows/create-seed-tenants.ts";
import { installJobSchema } from "../../lib/jobs/schema.ts";
import { initiateLinkSession } from "../../lib/linking/initiate-link-session.ts";
import { freshDatabase } from "./database.ts";

const admin = process.env.BENCH_DATABASE_URL;
if (!admin) throw new Error("BENCH_DATABASE_URL: an admin connection to a PostgreSQL server");
const n = Number(process.argv[2] ?? 2000);
const db = await freshDatabase(admin, "coinop_link_cpu");
try {
  await migrateDeploy(db.url);
  process.env.DATABASE_URL = db.url;
  await installJobSchema(db.url);
  const seed = await inTransaction(getDb(), (tx) => createSeedTenants({ db: tx }, { tag: "linkcpu", webhookUrl: "https://example.com/hooks" }));
  const scope = {
    namespace: { type: "game" as const, id: seed.game.gameId },
    environment: "test" as const,
    owner: { type: "game" as const, id: seed.game.gameId },
  };
  const run = async (count: number, tag: string) => {
    const cpu = process.cpuUsage();
    const t = performance.now();
    for (let i = 0; i < count; i++) await initiateLinkSession({ db: getDb() }, { scope, email: `${tag}-${i}@coinop.test` });
    const used = process.cpuUsage(cpu);
    return { cpuMs: (used.user + used.system) / 1000 / count, ms: (performance.now() - t) / count };
  };
  await run(200, "warm");
  const r = await run(n, "run");
  console.log(`${n} link initiations: Node CPU ${r.cpuMs.toFixed(3)} ms, time ${r.ms.toFixed(3)} ms each`);
} finally {
  await closeDb();
  await db.drop();
}
