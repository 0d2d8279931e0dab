// The portal Overview's and request log's statements on a kept bench database (issue 32, target 4): every statement
// the loader sends for the page as the bench asks it, captured as sent and EXPLAIN (ANALYZE, BUFFERS)ed in place
// (scripts/bench/pg-spy.ts), after 3 warm-up calls (the first view stores the Overview's rollups); then the
// loader's time, 20 calls. Like explain-portal-journals.ts.
//   DATABASE_URL=<a BENCH_KEEP_DB=1 large pass's database> npx tsx scripts/bench/explain-portal-data.ts overview|logs
import { closeDb, getDb } from "../../lib/db/client.ts";
import { loadPortalOverview } from "../../lib/portal/load-portal-overview.ts";
import { loadRequestLog } from "../../lib/portal/load-request-log.ts";
import { explainLoader } from "./explain-loader.ts";

const page = process.argv[2] === "logs" ? "logs" : "overview";
const db = getDb();
// the seed's developer (an owner), as the bench signs in (lib/flows/create-seed-tenants.ts)
const member = await db.businessMember.findFirstOrThrow({ where: { isOwner: true, email: { startsWith: "dev-" } }, orderBy: { createdAt: "asc" } });
const player = await db.player.findFirstOrThrow({ where: { email: member.email } });
const ctx = { db, player: { playerId: player.id, email: member.email } };
const call = () =>
  page === "logs"
    ? loadRequestLog(ctx, { businessId: member.businessId, environment: "test", filters: {} })
    : loadPortalOverview(ctx, { businessId: member.businessId, environment: "test" });
for (let i = 0; i < 3; i++) {
  const t0 = performance.now();
  await call();
  console.log(`warm-up call ${i + 1}: ${(performance.now() - t0).toFixed(1)} ms`);
}
await explainLoader(`the ${page} loader`, call);
await closeDb();
