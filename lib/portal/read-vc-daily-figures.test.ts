// The Overview's VC series from daily rollups (issue 32, target 4): on a history of journals over several days
// (today, yesterday, the day before and older, outside the window too, two currencies, another business), the
// loader answers exactly what the dashboard's query over the raw journals answers, on the first view (which
// stores the past days) and on the next ones (which read them); the closed hours of yesterday and today are stored
// (hour and day edges, concurrent first views, an open transaction keeping its hour live), the rest is live.
import pg from "pg";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { createGame } from "@/lib/games/create-game";
import { makeBusiness, makeBusinessAdmin } from "@/tests/support/platform";
import { as } from "@/tests/support/portal";
import { dashboardWindow, loadPortalDashboard } from "./load-portal-dashboard";
import { FINAL_MARGIN_MS, lastFrozenDay, readFinalUntil, readVcDailyFigures, type VcDayRow } from "./read-vc-daily-figures";

const db = getDb();
const DAY = 86_400_000;
const HOUR = 3_600_000;
const midnight = () => {
  const t = new Date();
  return Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate());
};
/** `k` days before today (UTC), `minutes` after midnight (today's rows at 00:01, never in the future). */
const daysAgo = (k: number, minutes = 1) => new Date(midnight() - k * DAY + minutes * 60_000);

const currency = async (gameId: string, code: string) => {
  const c = await db.virtualCurrency.create({ data: { id: newId(), gameId, environment: "test", code, name: `${code} coins` } });
  const pools = await Promise.all(
    [0, 1].map((slot) =>
      db.ledgerAccount.create({
        data: {
          id: newId(),
          asset: `vc:${c.id}`,
          environment: "test",
          kind: "pool",
          ownerRef: c.id,
          slot,
          address: `pool-${c.id}-${slot}`,
          allowNegative: true,
        },
      }),
    ),
  );
  const user = await db.ledgerAccount.create({
    data: { id: newId(), asset: `vc:${c.id}`, environment: "test", kind: "user", ownerRef: `u-${c.id}`, address: `u-${c.id}` },
  });
  return { ...c, pools, user };
};

/** A VC journal: units from a pool slot to the player (issued, amount > 0) or back (spent, amount < 0). */
const vcJournal = (c: Awaited<ReturnType<typeof currency>>, at: Date, amount: bigint, slot = 0) =>
  db.ledgerJournal.create({
    data: {
      id: newId(),
      asset: `vc:${c.id}`,
      environment: "test",
      tenantId: c.gameId,
      type: amount > 0n ? "credit" : "debit",
      createdAt: at,
      postings: {
        create: [
          { id: newId(), accountId: c.pools[slot].id, delta: -amount, createdAt: at },
          { id: newId(), accountId: c.user.id, delta: amount, createdAt: at },
        ],
      },
    },
  });

/** The dashboard's query before the rollups (main at 84f3824), verbatim, as the loader turned it into series. */
const rawSeries = async (gameIds: string[], currencies: { id: string }[], days: number) => {
  const { from, days: window } = dashboardWindow(days);
  const rows = await db.$queryRaw<{ day: string; asset: string; issued: bigint; spent: bigint }[]>`
    SELECT to_char(date_trunc('day', j."createdAt"), 'YYYY-MM-DD') AS day, j.asset,
           COALESCE(SUM(-p.delta) FILTER (WHERE p.delta < 0), 0)::bigint AS issued,
           COALESCE(SUM(p.delta) FILTER (WHERE p.delta > 0), 0)::bigint AS spent
    FROM "LedgerJournal" j
    JOIN "LedgerPosting" p ON p."journalId" = j.id
    JOIN "LedgerAccount" a ON a.id = p."accountId" AND a.kind = 'pool'
    WHERE j."tenantId" = ANY(${gameIds}) AND j.asset LIKE 'vc:%' AND j.environment = 'test'::"Environment"
      AND j."createdAt" >= ${from}
    GROUP BY 1, 2`;
  const series = (id: string, key: "issued" | "spent") => window.map((d) => Number(rows.find((r) => r.asset === `vc:${id}` && r.day === d)?.[key] ?? 0n));
  return currencies.map((c) => ({ currencyId: c.id, issued: series(c.id, "issued"), spent: series(c.id, "spent") }));
};

const history = async () => {
  const business = await makeBusiness("test");
  const other = await makeBusiness("test");
  const game = await createGame({ db }, { businessId: business.id, environment: "test", name: "Rollup game" });
  const second = await createGame({ db }, { businessId: business.id, environment: "test", name: "Second game" });
  const otherGame = await createGame({ db }, { businessId: other.id, environment: "test", name: "Their game" });
  const admin = await makeBusinessAdmin(business.id, { roles: ["admin"] });
  const gem = await currency(game.id, "GEM");
  const gold = await currency(second.id, "GOLD");
  const theirs = await currency(otherGame.id, "GEM");
  // several journals a day, both pool slots, credits and debits; the last minute of a day and the first of the next
  for (const [k, amount, minutes] of [
    [0, 11n, 1],
    [0, -3n, 2],
    [1, 40n, 1],
    [1, -7n, 1439],
    [2, 100n, 1],
    [2, -25n, 1439],
    [3, 9n, 600],
    [5, 13n, 1],
    [5, 2n, 1],
    [9, -4n, 30],
    [20, 70n, 720],
    [29, 5n, 1],
    [30, 999n, 600],
    [31, 888n, 1],
  ] as const) {
    await vcJournal(gem, daysAgo(k, minutes), amount, k % 2);
    await vcJournal(gold, daysAgo(k, minutes + 1), amount * 3n, (k + 1) % 2);
  }
  // a journal without a pool posting (player to player) today and 4 days ago: neither issued nor spent
  const friend = await db.ledgerAccount.create({
    data: { id: newId(), asset: `vc:${gem.id}`, environment: "test", kind: "user", ownerRef: `f-${gem.id}`, address: `f-${gem.id}` },
  });
  for (const at of [daysAgo(0, 5), daysAgo(4)])
    await db.ledgerJournal.create({
      data: {
        id: newId(),
        asset: `vc:${gem.id}`,
        environment: "test",
        tenantId: game.id,
        type: "transfer",
        createdAt: at,
        postings: {
          create: [
            { id: newId(), accountId: gem.user.id, delta: -2n, createdAt: at },
            { id: newId(), accountId: friend.id, delta: 2n, createdAt: at },
          ],
        },
      },
    });
  await vcJournal(theirs, daysAgo(2), 5000n);
  await vcJournal(theirs, daysAgo(0), 6000n);
  return { business, admin, game, second, gem, gold, theirs, gameIds: [game.id, second.id] };
};

const vcOf = (d: Awaited<ReturnType<typeof loadPortalDashboard>>) => d.vc.map(({ currencyId, issued, spent }) => ({ currencyId, issued, spent }));
const storedRows = (tenantIds: string[]) =>
  db.portalDailyFigure.findMany({ where: { tenantId: { in: tenantIds } }, orderBy: [{ series: "asc" }, { day: "asc" }] });

describe("the Overview's VC series from daily rollups", () => {
  it("answers what the query over the journals answers, first view and next, with the hour not yet closed live", async () => {
    const h = await history();
    const currencies = [h.gem, h.gold].sort((a, b) => a.code.localeCompare(b.code));
    const expected = await rawSeries(h.gameIds, currencies, 30);
    // the history shows: GEM's issued 100 two days ago, 11 today; spent 7 yesterday
    expect(expected[0].issued.at(-3)).toBe(100);
    expect(expected[0].issued.at(-1)).toBe(11);
    expect(expected[0].spent.at(-2)).toBe(7);
    expect(expected[1].issued.at(-1)).toBe(33);

    const first = await loadPortalDashboard(as(h.admin), { businessId: h.business.id, environment: "test", days: 30 });
    expect(vcOf(first)).toEqual(expected);

    // the 28 past days of each currency are stored (zeros too), yesterday and today are not; nothing of the other business
    const frozen = lastFrozenDay();
    const rows = await storedRows([h.game.id, h.second.id, h.theirs.gameId]);
    expect(rows).toHaveLength(2 * 28);
    expect(rows.every((r) => r.day.toISOString().slice(0, 10) <= frozen)).toBe(true);
    const gemTwoDaysAgo = rows.find((r) => r.series === `vc:${h.gem.id}` && r.day.getTime() === midnight() - 2 * DAY);
    expect(gemTwoDaysAgo).toMatchObject({ tenantId: h.game.id, environment: "test", a: 100n, b: 25n });

    // the next view reads the stored days: the same figures; a row changed by hand shows it is read, not recounted
    const second = await loadPortalDashboard(as(h.admin), { businessId: h.business.id, environment: "test", days: 30 });
    expect(vcOf(second)).toEqual(expected);
    await db.portalDailyFigure.update({
      where: { tenantId_environment_series_day: { tenantId: h.game.id, environment: "test", series: `vc:${h.gem.id}`, day: new Date(midnight() - 2 * DAY) } },
      data: { a: 101n },
    });
    const tampered = await loadPortalDashboard(as(h.admin), { businessId: h.business.id, environment: "test", days: 30 });
    expect(tampered.vc.find((c) => c.currencyId === h.gem.id)!.issued.at(-3)).toBe(101);
    await db.portalDailyFigure.update({
      where: { tenantId_environment_series_day: { tenantId: h.game.id, environment: "test", series: `vc:${h.gem.id}`, day: new Date(midnight() - 2 * DAY) } },
      data: { a: 100n },
    });

    // the hour not yet closed is live: journals written now show at once
    await vcJournal(h.gem, new Date(), 17n);
    await vcJournal(h.gold, new Date(), -8n);
    const later = await loadPortalDashboard(as(h.admin), { businessId: h.business.id, environment: "test", days: 30 });
    const expectedLater = await rawSeries(h.gameIds, currencies, 30);
    expect(expectedLater[0].issued.at(-1)).toBe(28);
    expect(vcOf(later)).toEqual(expectedLater);
    expect(await storedRows([h.game.id, h.second.id])).toHaveLength(2 * 28);

    // a shorter and a longer window: the longer one stores its older days, the shorter one reads
    const week = await loadPortalDashboard(as(h.admin), { businessId: h.business.id, environment: "test", days: 7 });
    expect(vcOf(week)).toEqual(await rawSeries(h.gameIds, currencies, 7));
    const quarter = await loadPortalDashboard(as(h.admin), { businessId: h.business.id, environment: "test", days: 90 });
    expect(vcOf(quarter)).toEqual(await rawSeries(h.gameIds, currencies, 90));
    expect(quarter.vc[0].issued.reduce((a, b) => a + b)).toBe(11 + 40 + 17 + 100 + 9 + 13 + 2 + 70 + 5 + 999 + 888);
    expect(await storedRows([h.game.id, h.second.id])).toHaveLength(2 * 88);

    // a new currency's past days are stored on its first view; the others' are not written again
    const ruby = await currency(h.game.id, "RUBY");
    await vcJournal(ruby, daysAgo(4), 6n);
    const withRuby = await loadPortalDashboard(as(h.admin), { businessId: h.business.id, environment: "test", days: 30 });
    expect(withRuby.vc.find((c) => c.code === "RUBY")!.issued.at(-5)).toBe(6);
    expect(vcOf(withRuby)).toEqual(
      await rawSeries(
        h.gameIds,
        [...currencies, ruby].sort((a, b) => a.code.localeCompare(b.code)),
        30,
      ),
    );
    expect(await storedRows([h.game.id, h.second.id])).toHaveLength(2 * 88 + 28);
  });

  it("stores each past day once when first views come at once, and every view answers the same figures", async () => {
    const h = await history();
    const currencies = [h.gem, h.gold].sort((a, b) => a.code.localeCompare(b.code));
    const expected = await rawSeries(h.gameIds, currencies, 30);
    const views = await Promise.all(
      Array.from({ length: 6 }, () => loadPortalDashboard(as(h.admin), { businessId: h.business.id, environment: "test", days: 30 })),
    );
    for (const v of views) expect(vcOf(v)).toEqual(expected);
    const rows = await storedRows([h.game.id, h.second.id]);
    expect(rows).toHaveLength(2 * 28);
    expect(new Set(rows.map((r) => `${r.series} ${r.day.toISOString()}`)).size).toBe(2 * 28);
    const gem = rows.filter((r) => r.series === `vc:${h.gem.id}`);
    expect(gem.reduce((s, r) => s + r.a, 0n)).toBe(100n + 9n + 13n + 2n + 70n + 5n);
    expect(gem.reduce((s, r) => s + r.b, 0n)).toBe(25n + 4n);
  });

  it("rolls up the closed hours of yesterday and today: the journals' figures at hour edges and across midnight, each hour stored once", async () => {
    const h = await history();
    const currencies = [h.gem, h.gold];
    const today = midnight();
    // both sides of hour and day edges, the day before yesterday's last instant, and the hour not yet closed
    for (const [at, amount] of [
      [today - 2 * DAY + DAY - 1, 1n],
      [today - DAY, 2n],
      [today - DAY + 11 * HOUR - 1, 4n],
      [today - DAY + 11 * HOUR, -8n],
      [today - 1, 16n],
      [today, 32n],
      [today + 1, -64n],
      [Date.now(), 128n],
    ] as const) {
      await vcJournal(h.gem, new Date(at), amount);
      await vcJournal(h.gold, new Date(at), amount * 3n, 1);
    }
    const expected = await rawSeries(h.gameIds, currencies, 3);
    const closedHours = () => Math.floor((Date.now() - FINAL_MARGIN_MS) / HOUR) - (today - DAY) / HOUR;
    const before = closedHours();
    // six first views at once: each closed hour of each currency stored once, every view the journals' figures
    const views = await Promise.all(
      Array.from({ length: 6 }, () => readVcDailyFigures(db, { currencies, environment: "test", days: dashboardWindow(3).days })),
    );
    const series = (rows: VcDayRow[]) =>
      currencies.map((c) => ({
        currencyId: c.id,
        issued: dashboardWindow(3).days.map((d) => Number(rows.find((r) => r.asset === `vc:${c.id}` && r.day === d)?.issued ?? 0n)),
        spent: dashboardWindow(3).days.map((d) => Number(rows.find((r) => r.asset === `vc:${c.id}` && r.day === d)?.spent ?? 0n)),
      }));
    for (const v of views) expect(series(v)).toEqual(expected);
    expect(expected[0].issued).toEqual([100 + 1, 40 + 2 + 4 + 16, 11 + 32 + 128]);
    expect(expected[0].spent).toEqual([25, 7 + 8, 3 + 64]);
    const hours = await db.portalHourlyFigure.findMany({ where: { tenantId: { in: h.gameIds } }, orderBy: [{ series: "asc" }, { hour: "asc" }] });
    expect([before, closedHours()].map((n) => n * 2)).toContain(hours.length);
    expect(new Set(hours.map((r) => `${r.series} ${r.hour.toISOString()}`)).size).toBe(hours.length);
    const gem = hours.filter((r) => r.series === `vc:${h.gem.id}`);
    expect(gem[0].hour.getTime()).toBe(today - DAY);
    expect(gem.every((r, i) => r.hour.getTime() === today - DAY + i * HOUR)).toBe(true);
    expect(gem.find((r) => r.hour.getTime() === today - DAY + 10 * HOUR)).toMatchObject({ a: 4n, b: 0n });
    expect(gem.find((r) => r.hour.getTime() === today - DAY + 11 * HOUR)).toMatchObject({ a: 0n, b: 8n });
    // yesterday's 24 hours, summed, are yesterday's figures; the current hour is never stored
    const yesterday = gem.filter((r) => r.hour.getTime() < today);
    expect(yesterday).toHaveLength(Math.min(24, gem.length));
    if (yesterday.length === 24) expect(yesterday.reduce((s, r) => s + r.a, 0n)).toBe(BigInt(expected[0].issued[1]));
    expect(gem.every((r) => r.hour.getTime() + HOUR <= Date.now() - FINAL_MARGIN_MS)).toBe(true);

    // the next view reads the stored hours: an hour changed by hand shows it is read, not recounted
    await db.portalHourlyFigure.update({
      where: {
        tenantId_environment_series_hour: { tenantId: h.game.id, environment: "test", series: `vc:${h.gem.id}`, hour: new Date(today - DAY + 10 * HOUR) },
      },
      data: { a: 5n },
    });
    const next = await readVcDailyFigures(db, { currencies, environment: "test", days: dashboardWindow(3).days });
    expect(series(next)[0].issued[1]).toBe(expected[0].issued[1] + 1);
  });

  it("keeps an hour live while a transaction that may write a journal into it is open, and stores it once that commits", async () => {
    const h = await history();
    const currencies = [h.gem];
    // a transaction open now, holding an uncommitted journal stamped with its start, as lib/ledger writes one
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      await client.query("BEGIN");
      const {
        rows: [{ started }],
      } = await client.query<{ started: Date }>("SELECT now() AS started");
      const journalId = newId();
      await client.query(
        `INSERT INTO "LedgerJournal" (id, asset, environment, "tenantId", type, "createdAt") VALUES ($1, $2, 'test', $3, 'credit', now() AT TIME ZONE 'UTC')`,
        [journalId, `vc:${h.gem.id}`, h.game.id],
      );
      await client.query(
        `INSERT INTO "LedgerPosting" (id, "journalId", "accountId", delta, "createdAt") VALUES ($1, $3, $4, -1000, now() AT TIME ZONE 'UTC'), ($2, $3, $5, 1000, now() AT TIME ZONE 'UTC')`,
        [newId(), newId(), journalId, h.gem.pools[0].id, h.gem.user.id],
      );
      const t0 = started.getTime();
      const edge = Math.floor(t0 / HOUR) * HOUR;
      // committed journals on both sides of the open transaction's hour start, and an hour before
      await vcJournal(h.gem, new Date(edge - 1), 3n);
      await vcJournal(h.gem, new Date(edge), 5n);
      await vcJournal(h.gem, new Date(edge - HOUR + 1), -7n);
      // two hours on: without the transaction, every hour up to then would be final
      const at = new Date(t0 + 2 * HOUR + 2 * FINAL_MARGIN_MS);
      const days = dashboardWindow(2, at).days;
      const liveFrom = Date.parse(`${days[0]}T00:00:00Z`);
      const final = await readFinalUntil(db, at);
      expect(final.writable).toBe(true);
      expect(Math.abs(final.until!.getTime() - t0)).toBeLessThan(1);

      const raw = async () =>
        db.$queryRaw<{ day: string; issued: bigint; spent: bigint }[]>`
          SELECT to_char(date_trunc('day', j."createdAt"), 'YYYY-MM-DD') AS day,
                 COALESCE(SUM(-p.delta) FILTER (WHERE p.delta < 0), 0)::bigint AS issued, COALESCE(SUM(p.delta) FILTER (WHERE p.delta > 0), 0)::bigint AS spent
          FROM "LedgerJournal" j JOIN "LedgerPosting" p ON p."journalId" = j.id JOIN "LedgerAccount" a ON a.id = p."accountId" AND a.kind = 'pool'
          WHERE j.asset = ${`vc:${h.gem.id}`} AND j."createdAt" >= ${new Date(liveFrom)} GROUP BY 1 ORDER BY 1`;
      const read = async () =>
        (await readVcDailyFigures(db, { currencies, environment: "test", days, at }))
          .map(({ day, issued, spent }) => ({ day, issued, spent }))
          .filter((r) => r.issued !== 0n || r.spent !== 0n)
          .sort((a, b) => a.day.localeCompare(b.day));
      const stored = () => db.portalHourlyFigure.findMany({ where: { tenantId: h.game.id }, orderBy: { hour: "asc" } });
      // one hour of GEM's committed journals, counted from them (the history may have journals in it too: run between
      // 00:00 and 01:00 UTC, the hour before the edge is yesterday's last)
      const hourOf = async (start: number) =>
        (
          await db.$queryRaw<{ a: bigint; b: bigint }[]>`
            SELECT COALESCE(SUM(-p.delta) FILTER (WHERE p.delta < 0), 0)::bigint AS a, COALESCE(SUM(p.delta) FILTER (WHERE p.delta > 0), 0)::bigint AS b
            FROM "LedgerJournal" j JOIN "LedgerPosting" p ON p."journalId" = j.id JOIN "LedgerAccount" a ON a.id = p."accountId" AND a.kind = 'pool'
            WHERE j.asset = ${`vc:${h.gem.id}`} AND j."createdAt" >= ${new Date(start)} AND j."createdAt" < ${new Date(start + HOUR)}`
        )[0]!;

      const open = await read();
      expect(open).toEqual(await raw());
      expect(open.reduce((s, r) => s + r.issued, 0n)).not.toBe(0n);
      // the hours before the open transaction's are stored; its hour and the later ones are not
      const whileOpen = await stored();
      expect(whileOpen).toHaveLength((edge - liveFrom) / HOUR);
      expect(whileOpen.at(-1)!.hour.getTime()).toBe(edge - HOUR);
      const before = await hourOf(edge - HOUR);
      expect(before.a >= 3n && before.b >= 7n).toBe(true);
      expect(whileOpen.at(-1)).toMatchObject(before);

      await client.query("COMMIT");
      const committed = await read();
      const expected = await raw();
      expect(committed).toEqual(expected);
      expect(expected.reduce((s, r) => s + r.issued, 0n) - open.reduce((s, r) => s + r.issued, 0n)).toBe(1000n);
      const after = await stored();
      expect(after).toHaveLength((Math.floor((at.getTime() - FINAL_MARGIN_MS) / HOUR) * HOUR - liveFrom) / HOUR);
      const edgeHour = await hourOf(edge);
      expect(edgeHour.a >= 1000n + 5n).toBe(true);
      expect(after.find((r) => r.hour.getTime() === edge)).toMatchObject(edgeHour);
      // the hours stored while the transaction was open were not written again
      expect(after.filter((r) => r.hour.getTime() < edge).map((r) => r.createdAt)).toEqual(whileOpen.map((r) => r.createdAt));
    } finally {
      await client.end();
    }
  });

  it("finalizes nothing inside a transaction whose snapshot may be older than its look at the open transactions", async () => {
    expect((await readFinalUntil(db)).until).not.toBeNull();
    const inside = await db.$transaction((tx) => readFinalUntil(tx), { isolationLevel: "RepeatableRead" });
    expect(inside).toEqual({ until: null, writable: true });
    const committed = await db.$transaction((tx) => readFinalUntil(tx), { isolationLevel: "ReadCommitted" });
    expect(committed.until!.getTime()).toBeLessThanOrEqual(Date.now() - FINAL_MARGIN_MS);
  });

  it("keeps the day before yesterday the last stored day, by the real clock", () => {
    expect(lastFrozenDay(new Date("2026-03-01T00:00:00Z"))).toBe("2026-02-27");
    expect(lastFrozenDay(new Date("2026-03-01T23:59:59.999Z"))).toBe("2026-02-27");
  });
});
