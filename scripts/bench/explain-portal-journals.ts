// The portal journals page's statements on a kept bench database (issue 32, target 4): every statement
// listLedgerJournals sends for the page as the bench asks it (no filter), captured as sent and EXPLAIN (ANALYZE,
// BUFFERS)ed in place (scripts/bench/pg-spy.ts), after 3 warm-up calls; then the page's time, 20 calls.
//   DATABASE_URL=<a BENCH_KEEP_DB=1 large pass's database> npx tsx scripts/bench/explain-portal-journals.ts [filter as JSON]
import { closeDb, getDb } from "../../lib/db/client.ts";
import { listLedgerJournals } from "../../lib/portal/list-ledger-journals.ts";
import { explainLoader } from "./explain-loader.ts";

const filter = JSON.parse(process.argv[2] ?? "{}") as Record<string, unknown>;
const db = getDb();
// the seed's developer (an owner), as the bench signs in (lib/flows/create-seed-tenants.ts)
const member = await db.businessMember.findFirstOrThrow({ where: { isOwner: true, email: { startsWith: "dev-" } }, orderBy: { createdAt: "asc" } });
const player = await db.player.findFirstOrThrow({ where: { email: member.email } });
const ctx = { db, player: { playerId: player.id, email: member.email } };
const call = () => listLedgerJournals(ctx, { businessId: member.businessId, environment: "test", filter });
for (let i = 0; i < 3; i++) await call();
await explainLoader("the loader", call);
await closeDb();
