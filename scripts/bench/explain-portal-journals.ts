// The portal journals page's statements on a kept bench database (issue 32, target 4): every statement
// listLedgerJournals sends for the page as the bench asks it (no filter), captured as sent and EXPLAIN (ANALYZE,
// BUFFERS)ed in place (scripts/bench/pg-spy.ts), after 3 warm-up calls; then the page's time, 20 calls.
//   DATABASE_URL=<a BENCH_KEEP_DB=1 large pass's database> npx tsx scripts/bench/explain-portal-journals.ts [filter as JSON]
import { closeDb, getDb } from "../../lib/db/client.ts";
import { listLedgerJournals } from "../../lib/portal/list-ledger-journals.ts";
import { captureStatements } from "./pg-spy.ts";

const filter = JSON.parse(process.argv[2] ?? "{}") as Record<string, unknown>;
const db = getDb();
// the seed's developer (an owner), as the bench signs in (lib/flows/create-seed-tenants.ts)
const member = await db.businessMember.findFirstOrThrow({ where: { isOwner: true, email: { startsWith: "dev-" } }, orderBy: { createdAt: "asc" } });
const player = await db.player.findFirstOrThrow({ where: { email: member.email } });
const ctx = { db, player: { playerId: player.id, email: member.email } };
const call = () => listLedgerJournals(ctx, { businessId: member.businessId, environment: "test", filter });
for (let i = 0; i < 3; i++) await call();
const statements = await captureStatements(call, { explain: true });
for (const s of statements) {
  if (!s.plan && !s.error) continue;
  console.log(`\n### ${s.executionMs ?? "?"} ms\n${s.text}\n-- ${JSON.stringify(s.values).slice(0, 300)}\n${s.plan ?? s.error}`);
}
const times: number[] = [];
for (let i = 0; i < 20; i++) {
  const t0 = performance.now();
  await call();
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
console.log(`\nthe loader, 20 calls: p50 ${times[10]!.toFixed(1)} ms, max ${times[19]!.toFixed(1)} ms`);
await closeDb();
