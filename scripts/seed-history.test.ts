// `npm run seed -- --history`'s backfill against PostgreSQL: the seed's business gets 30 days of activity made
// through the services, spread over the days, and the Overview dashboard counts exactly what it reports.
import { describe, expect, it } from "vitest";
import { getDb } from "../lib/db/client.ts";
import { inTransaction } from "../lib/db/transaction.ts";
import { checkLedgerInvariants } from "../lib/ledger/check-ledger-invariants.ts";
import { createSeedTenants } from "../lib/flows/create-seed-tenants.ts";
import { loadPortalDashboard } from "../lib/portal/load-portal-dashboard.ts";
import { makePlayer } from "../tests/support/players.ts";
import { addBusinessMember } from "../lib/tenants/add-business-member.ts";
import { seedHistory } from "./seed-history.ts";

const sum = (a: number[]) => a.reduce((x, y) => x + y, 0);

describe("seedHistory", () => {
  it("backfills 30 days through the services, and the dashboard counts what it made", async () => {
    const db = getDb();
    const seeded = await inTransaction(db, (tx) => createSeedTenants({ db: tx }, { tag: "hist01", webhookUrl: "https://hooks.example/coinop" }));
    const totals = await seedHistory({ businessId: seeded.business.businessId, gameId: seeded.game.gameId });

    const viewer = await makePlayer();
    await addBusinessMember({ db }, { businessId: seeded.business.businessId, email: viewer.email, roles: ["viewer"] });
    const d = await loadPortalDashboard(
      { db, player: { playerId: viewer.id, email: viewer.email } },
      { businessId: seeded.business.businessId, environment: "test", days: 30 },
    );

    // every figure the history reports is what the dashboard sums, and there is some every day or most days
    expect(sum(d.purchases)).toBe(totals.purchases);
    expect(d.purchases.filter((n) => n > 0).length).toBe(30);
    expect(sum(d.revenue.find((r) => r.currency === "USD")!.amounts)).toBe(totals.usdCents);
    expect(sum(d.revenue.find((r) => r.currency === "USDC")?.amounts ?? [])).toBe(totals.usdcMicros);
    expect(d.vc.map((c) => c.code)).toEqual(["GEM"]);
    expect(sum(d.vc[0].issued)).toBe(totals.gemsIssued);
    expect(sum(d.vc[0].spent)).toBe(totals.gemsSpent);
    expect(sum(d.payouts)).toBe(totals.payoutMicros);
    expect(sum(d.webhooks.attempts)).toBe(totals.webhookAttempts);
    expect(sum(d.webhooks.succeeded)).toBe(totals.webhookSucceeded);
    expect(sum(d.api.requests)).toBe(totals.requests);
    expect(sum(d.api.errors)).toBe(totals.requestErrors);
    expect(totals.purchases).toBeGreaterThan(90);
    expect(totals.webhookAttempts).toBeGreaterThan(totals.purchases);
    expect(totals.webhookSucceeded).toBeLessThan(totals.webhookAttempts);
    expect(totals.requestErrors).toBeGreaterThan(0);

    // spread over the days: the oldest day has purchases, journals and payouts too
    expect(d.purchases[0]).toBeGreaterThan(0);
    expect(d.vc[0].issued[0]).toBeGreaterThan(0);
    expect(d.payouts[0]).toBeGreaterThan(0);
    // the deliveries are settled (the worker's jobs skip them), a purchase's journals sit at its completion
    expect(await db.webhookDelivery.count({ where: { event: { ownerId: seeded.game.gameId }, status: { in: ["pending", "retrying"] } } })).toBe(0);
    const p = await db.purchase.findFirstOrThrow({
      where: { gameId: seeded.game.gameId, paymentMethod: "vc", status: "completed" },
      orderBy: { completedAt: "asc" },
    });
    const j = await db.ledgerJournal.findFirstOrThrow({ where: { reference: p.id } });
    expect(j.createdAt).toEqual(p.completedAt);
    expect(p.completedAt!.getTime()).toBeLessThan(Date.now() - 86_400_000);
    // the ledger still balances
    for (const c of await db.virtualCurrency.findMany({ where: { gameId: seeded.game.gameId } }))
      expect(await checkLedgerInvariants(db, { asset: `vc:${c.id}`, environment: "test" })).toMatchObject({
        sum: 0n,
        negativeAccounts: [],
        driftedAccounts: [],
      });
  }, 120_000);
});
