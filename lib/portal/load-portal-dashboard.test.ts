// The Overview dashboard's loader against PostgreSQL: a known history (rows stamped on known UTC days)
// gives known daily figures; another business's rows and the other environment's rows never count; rows
// older than the window are left out; every role may read it, a stranger gets 404 and nobody signed in 401.
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import type { Environment } from "@/lib/core/environment";
import { createGame } from "@/lib/games/create-game";
import { makeBusiness, makeBusinessAdmin } from "@/tests/support/platform";
import { as } from "@/tests/support/portal";
import { dashboardWindow, loadPortalDashboard } from "./load-portal-dashboard";
import { loadPortalOverview } from "./load-portal-overview";
import { approveBusinessForLive } from "@/tests/support/activation";

const db = getDb();
const DAY = 86_400_000;
const midnight = () => {
  const t = new Date();
  return Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate());
};
/** `k` days before today (UTC), at 00:30 (so "today" is never in the future). */
const daysAgo = (k: number, minutes = 30) => new Date(midnight() - k * DAY + minutes * 60_000);

const purchase = (gameId: string, environment: Environment, at: Date, p: { method: string; currency: string; amount: bigint; refunded?: boolean }) =>
  db.purchase.create({
    data: {
      id: newId(),
      gameId,
      environment,
      productId: "item",
      productType: "purchase",
      paymentMethod: p.method,
      currency: p.currency,
      amount: p.amount,
      status: "completed",
      isPaid: true,
      completedAt: at,
      createdAt: at,
      refundId: p.refunded ? `re_${newId()}` : null,
    },
  });

const currency = async (gameId: string, environment: Environment, code: string) => {
  const c = await db.virtualCurrency.create({ data: { id: newId(), gameId, environment, code, name: `${code} coins` } });
  const pool = await db.ledgerAccount.create({
    data: { id: newId(), asset: `vc:${c.id}`, environment, kind: "pool", ownerRef: c.id, address: `pool-${c.id}`, allowNegative: true },
  });
  const user = await db.ledgerAccount.create({
    data: { id: newId(), asset: `vc:${c.id}`, environment, kind: "user", ownerRef: `u-${c.id}`, address: `u-${c.id}` },
  });
  return { ...c, pool, user };
};

/** A VC journal at `at`: units from the pool to the player (issued, amount > 0) or back (spent, amount < 0). */
const vcJournal = (c: Awaited<ReturnType<typeof currency>>, at: Date, amount: bigint) =>
  db.ledgerJournal.create({
    data: {
      id: newId(),
      asset: `vc:${c.id}`,
      environment: c.environment,
      tenantId: c.gameId,
      type: amount > 0n ? "credit" : "debit",
      createdAt: at,
      postings: {
        create: [
          { id: newId(), accountId: c.pool.id, delta: -amount, createdAt: at },
          { id: newId(), accountId: c.user.id, delta: amount, createdAt: at },
        ],
      },
    },
  });

const payout = async (businessId: string, environment: Environment, at: Date, micros: bigint) => {
  const campaign = await db.campaign.create({ data: { id: newId(), businessId, environment, name: "C", address: `addr-${newId()}` } });
  await db.campaignTransaction.create({
    data: {
      id: newId(),
      campaignId: campaign.id,
      userRef: "u",
      playerId: "p",
      eventCode: "level_complete",
      eventName: "Level complete",
      payoutMicros: micros,
      journalId: newId(),
      transactionHash: "0x",
      createdAt: at,
    },
  });
  return campaign;
};

const attempts = async (owner: { type: string; id: string }, environment: Environment, at: Date, codes: (number | null)[]) => {
  const event = await db.webhookEvent.create({
    data: {
      id: newId(),
      ownerType: owner.type,
      ownerId: owner.id,
      environment,
      event: "Purchases.Completed",
      objectType: "purchase",
      objectId: newId(),
      sequence: 1,
      payload: "{}",
      createdAt: at,
    },
  });
  const delivery = await db.webhookDelivery.create({ data: { id: newId(), eventId: event.id, url: "https://hooks.example/x", createdAt: at } });
  for (const [i, statusCode] of codes.entries())
    await db.webhookAttempt.create({ data: { id: newId(), deliveryId: delivery.id, attempt: i + 1, statusCode, latencyMs: 40, createdAt: at } });
};

const requests = (businessId: string, environment: Environment, at: Date, statuses: number[]) =>
  db.requestLog.createMany({
    data: statuses.map((status) => ({
      id: newId(),
      requestId: `req_${newId()}`,
      businessId,
      environment,
      method: "GET",
      path: "/v1/game",
      status,
      latencyMs: 12,
      createdAt: at,
    })),
  });

const history = async () => {
  const business = await makeBusiness("test");
  const other = await makeBusiness("test");
  const game = await createGame({ db }, { businessId: business.id, environment: "test", name: "Test game" });
  await approveBusinessForLive(business.id); // the test is about something else: a live business is an approved one
  const liveGame = await createGame({ db }, { businessId: business.id, environment: "live", name: "Live game" });
  const otherGame = await createGame({ db }, { businessId: other.id, environment: "test", name: "Their game" });
  const admin = await makeBusinessAdmin(business.id, { roles: ["admin"] });

  // purchases: two days ago $4.99 + $10.00 by card and 2.5 USDC by wallet, a refunded card and a VC purchase;
  // today one $1.99 card; 40 days ago (outside the window) a card; live and another business's rows
  await purchase(game.id, "test", daysAgo(2), { method: "card", currency: "USD", amount: 499n });
  await purchase(game.id, "test", daysAgo(2, 600), { method: "card", currency: "USD", amount: 1000n });
  await purchase(game.id, "test", daysAgo(2), { method: "wallet", currency: "USDC", amount: 2_500_000n });
  await purchase(game.id, "test", daysAgo(2), { method: "card", currency: "USD", amount: 700n, refunded: true });
  await purchase(game.id, "test", daysAgo(2), { method: "vc", currency: "GEM", amount: 50n });
  await purchase(game.id, "test", daysAgo(0), { method: "card", currency: "USD", amount: 199n });
  await purchase(game.id, "test", daysAgo(40), { method: "card", currency: "USD", amount: 9999n });
  await purchase(liveGame.id, "live", daysAgo(2), { method: "card", currency: "USD", amount: 123_45n });
  await purchase(otherGame.id, "test", daysAgo(2), { method: "card", currency: "USD", amount: 555n });

  // VC: GEM 3 days ago issued 100 + 20, spent 30; yesterday spent 5; the other business's currency too
  const gem = await currency(game.id, "test", "GEM");
  await vcJournal(gem, daysAgo(3), 100n);
  await vcJournal(gem, daysAgo(3, 90), 20n);
  await vcJournal(gem, daysAgo(3), -30n);
  await vcJournal(gem, daysAgo(1), -5n);
  const theirs = await currency(otherGame.id, "test", "GEM");
  await vcJournal(theirs, daysAgo(3), 1000n);
  const liveGem = await currency(liveGame.id, "live", "GEM");
  await vcJournal(liveGem, daysAgo(3), 7n);

  // campaign payouts: 5 USDC 4 days ago, 1 USDC today; live and other business excluded
  const campaign = await payout(business.id, "test", daysAgo(4), 5_000_000n);
  await payout(business.id, "test", daysAgo(0), 1_000_000n);
  await payout(business.id, "live", daysAgo(4), 9_000_000n);
  await payout(other.id, "test", daysAgo(4), 9_000_000n);

  // webhooks yesterday: game 3 attempts (500, timeout, 200), campaign 1 (204); other business's game 1 (200)
  await attempts({ type: "game", id: game.id }, "test", daysAgo(1), [500, null, 200]);
  await attempts({ type: "campaign", id: campaign.id }, "test", daysAgo(1), [204]);
  await attempts({ type: "game", id: otherGame.id }, "test", daysAgo(1), [200]);
  await attempts({ type: "game", id: liveGame.id }, "live", daysAgo(1), [500]);

  // API: 5 days ago 4 requests, 1 error (404); today 2 requests, 2 errors; live and other business excluded
  await requests(business.id, "test", daysAgo(5), [200, 201, 404, 200]);
  await requests(business.id, "test", daysAgo(0), [400, 500]);
  await requests(business.id, "live", daysAgo(5), [500]);
  await requests(other.id, "test", daysAgo(5), [500]);
  return { business, other, game, gem, admin };
};

/** The value of `series` on the day `k` days ago (30-day window: index 29 is today). */
const at = (series: number[], k: number) => series[series.length - 1 - k];
const nonZero = (series: number[]) => series.map((v, i) => [i, v] as const).filter(([, v]) => v !== 0);

describe("loadPortalDashboard", () => {
  it("sums a known history by UTC day, test apart from live, the business's own rows only", async () => {
    const h = await history();
    const d = await loadPortalDashboard(as(h.admin), { businessId: h.business.id, environment: "test", days: 30 });
    expect(d.days).toHaveLength(30);
    expect(d.days[29]).toBe(new Date(midnight()).toISOString().slice(0, 10));
    expect(d.days[0]).toBe(new Date(midnight() - 29 * DAY).toISOString().slice(0, 10));

    const usd = d.revenue.find((r) => r.currency === "USD")!;
    expect(usd.exponent).toBe(2);
    expect(at(usd.amounts, 2)).toBe(1499); // 4.99 + 10.00; the refunded 7.00 is not revenue
    expect(at(usd.amounts, 0)).toBe(199);
    expect(usd.amounts.reduce((a, b) => a + b)).toBe(1698); // 40 days ago is outside the window
    const usdc = d.revenue.find((r) => r.currency === "USDC")!;
    expect(usdc.exponent).toBe(6);
    expect(nonZero(usdc.amounts)).toEqual([[27, 2_500_000]]);
    // purchases of every method (the refunded card and the VC purchase too)
    expect(nonZero(d.purchases)).toEqual([
      [27, 5],
      [29, 1],
    ]);

    expect(d.vc).toEqual([{ currencyId: h.gem.id, code: "GEM", name: "GEM coins", issued: expect.any(Array), spent: expect.any(Array) }]);
    expect(nonZero(d.vc[0].issued)).toEqual([[26, 120]]);
    expect(nonZero(d.vc[0].spent)).toEqual([
      [26, 30],
      [28, 5],
    ]);

    expect(nonZero(d.payouts)).toEqual([
      [25, 5_000_000],
      [29, 1_000_000],
    ]);
    expect(nonZero(d.webhooks.attempts)).toEqual([[28, 4]]);
    expect(nonZero(d.webhooks.succeeded)).toEqual([[28, 2]]);
    expect(nonZero(d.api.requests)).toEqual([
      [24, 4],
      [29, 2],
    ]);
    expect(nonZero(d.api.errors)).toEqual([
      [24, 1],
      [29, 2],
    ]);

    // live: only the live rows
    const live = await loadPortalDashboard(as(h.admin), { businessId: h.business.id, environment: "live", days: 30 });
    expect(live.revenue).toEqual([{ currency: "USD", exponent: 2, amounts: expect.any(Array) }]);
    expect(nonZero(live.revenue[0].amounts)).toEqual([[27, 12_345]]);
    expect(nonZero(live.purchases)).toEqual([[27, 1]]);
    expect(live.vc.map((c) => [c.code, nonZero(c.issued)])).toEqual([["GEM", [[26, 7]]]]);
    expect(nonZero(live.payouts)).toEqual([[25, 9_000_000]]);
    expect(nonZero(live.webhooks.attempts)).toEqual([[28, 1]]);
    expect(nonZero(live.webhooks.succeeded)).toEqual([]);
    expect(nonZero(live.api.errors)).toEqual([[24, 1]]);

    // a shorter window
    const week = await loadPortalDashboard(as(h.admin), { businessId: h.business.id, environment: "test", days: 3 });
    expect(week.days).toHaveLength(3);
    expect(week.purchases).toEqual([5, 0, 1]);
    expect(week.payouts).toEqual([0, 0, 1_000_000]);
  });

  it("answers zeros for a business with no history, and the Overview carries the dashboard", async () => {
    const business = await makeBusiness("test");
    const viewer = await makeBusinessAdmin(business.id, { roles: ["viewer"] });
    const d = await loadPortalDashboard(as(viewer), { businessId: business.id, environment: "test", days: 30 });
    expect(d.revenue).toEqual([{ currency: "USD", exponent: 2, amounts: Array(30).fill(0) }]);
    expect(d.purchases).toEqual(Array(30).fill(0));
    expect(d.vc).toEqual([]);
    expect(d.webhooks).toEqual({ attempts: Array(30).fill(0), succeeded: Array(30).fill(0) });
    expect(d.api).toEqual({ requests: Array(30).fill(0), errors: Array(30).fill(0) });
    const overview = await loadPortalOverview(as(viewer), { businessId: business.id, environment: "test" });
    expect(overview.dashboard).toEqual(d);
    expect(overview.counts).toEqual({ test: 0, live: 0 });
  });

  it("lets every role read it, 404s a stranger, 401s nobody, and refuses a window outside 1–90 days", async () => {
    const h = await history();
    for (const roles of [["developer"], ["finance"], ["viewer"]]) {
      const member = await makeBusinessAdmin(h.business.id, { roles });
      const d = await loadPortalDashboard(as(member), { businessId: h.business.id, environment: "test", days: 30 });
      expect(at(d.purchases, 2)).toBe(5);
    }
    const stranger = await makeBusinessAdmin(h.other.id, { roles: ["admin"] });
    await expect(loadPortalDashboard(as(stranger), { businessId: h.business.id, environment: "test", days: 30 })).rejects.toMatchObject({
      code: "BUSINESS_NOT_FOUND",
      status: 404,
    });
    await expect(loadPortalDashboard(as(null), { businessId: h.business.id, environment: "test", days: 30 })).rejects.toMatchObject({
      code: "ADMIN_SIGN_IN_REQUIRED",
      status: 401,
    });
    // a member whose only role is unknown holds no role at all: 404 like a stranger
    const nobody = await makeBusinessAdmin(h.business.id, { roles: ["superuser"] });
    await expect(loadPortalDashboard(as(nobody), { businessId: h.business.id, environment: "test", days: 30 })).rejects.toMatchObject({ status: 404 });
    await expect(loadPortalDashboard(as(h.admin), { businessId: h.business.id, environment: "test", days: 91 })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      status: 400,
    });
    expect(dashboardWindow(2, new Date("2026-03-01T23:59:59Z"))).toEqual({ from: new Date("2026-02-28T00:00:00Z"), days: ["2026-02-28", "2026-03-01"] });
  });
});
