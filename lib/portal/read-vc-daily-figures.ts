// The Overview's VC issued and spent by UTC day (issue 32, target 4; docs/decisions/portal-daily-rollups.md).
// Ledger journals are append-only, so a day at least two days old (by the real clock: a transaction that began
// before midnight may commit after it) never changes: its figures are read from PortalDailyFigure, computed once
// when missing (the live query restricted to those days) and stored with ON CONFLICT DO NOTHING, so two first
// views at once store each day once and both answer the same figures. Yesterday and today are always counted
// from the journals (countLiveVcDays). No write on the credit path: the loader writes a day the first time someone looks at it.
import type { Environment } from "../core/environment.ts";
import type { DbClient } from "../db/transaction.ts";

const DAY_MS = 86_400_000;

export type VcDayRow = { day: string; asset: string; issued: bigint; spent: bigint };
type Currency = { id: string; gameId: string };

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** The last UTC day whose journals are final: the day before yesterday, by the real clock (not a test's offset). */
export const lastFrozenDay = (at: Date = new Date()): string => isoDay(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()) - 2 * DAY_MS);

/** Issued (units leaving the pool) and spent (coming back) per day and asset of [from, until): the dashboard's query. */
const countVcDays = (db: DbClient, p: { gameIds: string[]; assets: string[]; environment: Environment; from: Date; until: Date }) =>
  db.$queryRaw<(VcDayRow & { tenantId: string })[]>`
    SELECT to_char(date_trunc('day', j."createdAt"), 'YYYY-MM-DD') AS day, j.asset, j."tenantId",
           COALESCE(SUM(-p.delta) FILTER (WHERE p.delta < 0), 0)::bigint AS issued,
           COALESCE(SUM(p.delta) FILTER (WHERE p.delta > 0), 0)::bigint AS spent
    FROM "LedgerJournal" j
    JOIN "LedgerPosting" p ON p."journalId" = j.id
    JOIN "LedgerAccount" a ON a.id = p."accountId" AND a.kind = 'pool'
    WHERE j."tenantId" = ANY(${p.gameIds}) AND j.asset LIKE 'vc:%' AND j.environment = ${p.environment}::"Environment"
      AND j.asset = ANY(${p.assets}) AND j."createdAt" >= ${p.from} AND j."createdAt" < ${p.until}
    GROUP BY 1, 2, 3`;

/**
 * The same sums for the live days, driven by the journals: each journal of the window (the index on (tenantId,
 * asset, createdAt)) sums its own pool postings (the index on journalId). The dashboard's join above is planned from
 * the pool accounts (PostgreSQL estimates a few dozen postings an account; a pool slot has tens of thousands) and so
 * reads every pool posting ever written, whatever the window: on the large bench database 4.7 s for two days, this
 * form 1.2 s (docs/benchmarks.md). A journal without a pool posting adds nothing (its sums are null).
 */
const countLiveVcDays = (db: DbClient, p: { gameIds: string[]; assets: string[]; environment: Environment; from: Date }) =>
  db.$queryRaw<VcDayRow[]>`
    SELECT to_char(date_trunc('day', j."createdAt"), 'YYYY-MM-DD') AS day, j.asset,
           COALESCE(SUM(x.issued), 0)::bigint AS issued, COALESCE(SUM(x.spent), 0)::bigint AS spent
    FROM "LedgerJournal" j
    CROSS JOIN LATERAL (
      SELECT SUM(-p.delta) FILTER (WHERE p.delta < 0) AS issued, SUM(p.delta) FILTER (WHERE p.delta > 0) AS spent
      FROM "LedgerPosting" p JOIN "LedgerAccount" a ON a.id = p."accountId" AND a.kind = 'pool'
      WHERE p."journalId" = j.id) x
    WHERE j."tenantId" = ANY(${p.gameIds}) AND j.asset = ANY(${p.assets}) AND j.environment = ${p.environment}::"Environment"
      AND j."createdAt" >= ${p.from}
    GROUP BY 1, 2`;

export const readVcDailyFigures = async (
  db: DbClient,
  {
    gameIds: allGameIds,
    currencies,
    environment,
    days,
    at,
  }: { gameIds: string[]; currencies: Currency[]; environment: Environment; days: string[]; at?: Date },
): Promise<VcDayRow[]> => {
  if (currencies.length === 0 || days.length === 0) return [];
  const gameIds = [...new Set(currencies.map((c) => c.gameId))];
  const assets = currencies.map((c) => `vc:${c.id}`);
  const frozen = lastFrozenDay(at);
  const past = days.filter((d) => d <= frozen);
  const live = days.filter((d) => d > frozen);
  const out: VcDayRow[] = [];

  if (past.length > 0) {
    const stored = await db.$queryRaw<{ tenantId: string; series: string; day: string; a: bigint; b: bigint }[]>`
      SELECT "tenantId", series, to_char(day, 'YYYY-MM-DD') AS day, a, b FROM "PortalDailyFigure"
      WHERE "tenantId" = ANY(${gameIds}) AND environment = ${environment}::"Environment" AND series = ANY(${assets})
        AND day >= ${past[0]}::date AND day <= ${past[past.length - 1]}::date`;
    const have = new Set<string>();
    for (const c of currencies)
      for (const r of stored)
        if (r.tenantId === c.gameId && r.series === `vc:${c.id}`) {
          have.add(`${r.series} ${r.day}`);
          out.push({ day: r.day, asset: r.series, issued: r.a, spent: r.b });
        }
    const missing = currencies.flatMap((c) => past.filter((d) => !have.has(`vc:${c.id} ${d}`)).map((day) => ({ c, day })));
    if (missing.length > 0) {
      const first = missing.reduce((m, x) => (x.day < m ? x.day : m), missing[0].day);
      const last = missing.reduce((m, x) => (x.day > m ? x.day : m), missing[0].day);
      const counted = await countVcDays(db, {
        gameIds,
        assets: [...new Set(missing.map((x) => `vc:${x.c.id}`))],
        environment,
        from: dayStart(first),
        until: new Date(dayStart(last).getTime() + DAY_MS),
      });
      const figures = new Map(counted.map((r) => [`${r.tenantId} ${r.asset} ${r.day}`, r]));
      const rows = missing.map(({ c, day }) => {
        const r = figures.get(`${c.gameId} vc:${c.id} ${day}`);
        return { tenantId: c.gameId, series: `vc:${c.id}`, day, a: r?.issued ?? 0n, b: r?.spent ?? 0n };
      });
      // a concurrent first view computes the same figures (the days are final): whichever insert lands first is kept
      await db.$executeRaw`
        INSERT INTO "PortalDailyFigure" ("tenantId", environment, series, day, a, b)
        SELECT t, ${environment}::"Environment", s, d, a, b
        FROM unnest(${rows.map((r) => r.tenantId)}::text[], ${rows.map((r) => r.series)}::text[], ${rows.map((r) => r.day)}::date[],
                    ${rows.map((r) => r.a.toString())}::bigint[], ${rows.map((r) => r.b.toString())}::bigint[]) AS u(t, s, d, a, b)
        ON CONFLICT DO NOTHING`;
      for (const r of rows) out.push({ day: r.day, asset: r.series, issued: r.a, spent: r.b });
    }
  }

  if (live.length > 0) {
    const rows = await countLiveVcDays(db, { gameIds: allGameIds, assets, environment, from: dayStart(live[0]) });
    for (const r of rows) out.push({ day: r.day, asset: r.asset, issued: r.issued, spent: r.spent });
  }
  return out;
};
