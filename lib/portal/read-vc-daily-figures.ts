// The Overview's VC issued and spent by UTC day (issue 32, target 4; docs/decisions/portal-daily-rollups.md).
// Ledger journals are append-only and stamped with their transaction's start (lib/ledger/post-journal.ts), so a
// period (a day, an hour) never changes once no transaction that began before its end is still open: its figures
// are then read from a rollup the loader stores the first time it counts them, with ON CONFLICT DO NOTHING (two
// first views at once store each period once and both answer the same figures). Days up to the day before yesterday
// are in PortalDailyFigure; the closed hours of yesterday and today in PortalHourlyFigure; only the hours not yet
// final (the current one, and any an open transaction may still write into) are counted from the journals on each
// view. No write on the credit path: the loader writes a period the first time someone looks at it.
import type { Environment } from "../core/environment.ts";
import type { DbClient } from "../db/transaction.ts";

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const NO_END = new Date("9999-12-31T00:00:00.000Z");
/**
 * How long after its end an hour waits, besides the open transactions: a transaction takes its start time when
 * PostgreSQL reads its first statement and shows it in pg_stat_activity a few instructions later (no wait in between
 * but the CPU's): a transaction started before an hour's end yet not shown when the loader looks is covered by this.
 */
export const FINAL_MARGIN_MS = 60_000;

export type VcDayRow = { day: string; asset: string; issued: bigint; spent: bigint };
type Currency = { id: string; gameId: string };

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** The last UTC day whose journals are final: the day before yesterday, by the real clock (not a test's offset). */
export const lastFrozenDay = (at: Date = new Date()): string => isoDay(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()) - 2 * DAY_MS);

/**
 * Until when the journals are final, by the database: every journal with a createdAt before `until` is committed
 * (or will never be). A journal's createdAt is its transaction's start (`now()`, rounded to the millisecond), so a
 * journal before `until` comes from a transaction that began before it; none such is open: the oldest open
 * transaction of this database (pg_stat_activity's xact_start, or query_start of a statement about to start one)
 * began at or after `until`, and `until` is FINAL_MARGIN_MS before the statement's time. A transaction leaves
 * pg_stat_activity only after its commit is visible (PostgreSQL clears xact_start after ProcArrayEndTransaction),
 * so the next statement's snapshot sees everything before `until`. Null (nothing final by this rule) when the
 * database cannot tell: another backend's activity hidden from this role (needs pg_read_all_stats) or not tracked
 * (track_activities off), a prepared transaction, a standby (its pg_stat_activity does not show the primary's
 * transactions), or a caller's transaction that is not READ COMMITTED (its snapshot may be older than this look). `writable`: false on a standby, where the rollups are read but not written. `at` replaces the
 * statement's time (tests that look at hours still to come); it never moves `until` past an open transaction.
 */
export const readFinalUntil = async (db: DbClient, at?: Date): Promise<{ until: Date | null; writable: boolean }> => {
  const [r] = await db.$queryRaw<{ recovery: boolean; snapshot: boolean; margin: Date; oldest: Date | null; blind: boolean; prepared: boolean }[]>`
    SELECT pg_is_in_recovery() AS recovery, current_setting('transaction_isolation') <> 'read committed' AS snapshot,
           COALESCE(${at ?? null}::timestamptz, statement_timestamp()) - make_interval(secs => ${FINAL_MARGIN_MS / 1000}) AS margin,
           (SELECT min(COALESCE(a.xact_start, a.query_start)) FROM pg_stat_activity a
            WHERE a.datname = current_database() AND a.pid <> pg_backend_pid() AND a.backend_type IS DISTINCT FROM 'autovacuum worker'
              AND (a.xact_start IS NOT NULL OR a.state = 'active')) AS oldest,
           EXISTS (SELECT 1 FROM pg_stat_activity a
                   WHERE a.datname = current_database() AND a.pid <> pg_backend_pid() AND a.backend_type IS DISTINCT FROM 'autovacuum worker'
                     AND (a.state IS NULL OR a.state = 'disabled')) AS blind,
           EXISTS (SELECT 1 FROM pg_prepared_xacts p WHERE p.database = current_database()) AS prepared`;
  if (r.recovery || r.snapshot || r.blind || r.prepared) return { until: null, writable: !r.recovery };
  const until = r.oldest && r.oldest < r.margin ? r.oldest : r.margin;
  return { until, writable: true };
};

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
    GROUP BY date_trunc('day', j."createdAt"), 2, 3`;

/**
 * The same sums by hour of [from, until) (`until` null: no end), driven by the pool accounts' postings of the range:
 * each currency's pool accounts (the unique index on asset, environment, kind…), then their postings of the range (the
 * index on (accountId, createdAt)). A posting carries its journal's createdAt (lib/ledger/post-journal.ts writes both
 * with the transaction's time), so an hour's postings are its journals' postings. The tenant is the currency's game
 * (VC journals are written with it: lib/vc). The dashboard's join above, with no range on the postings, reads every
 * pool posting ever written (4.7 s for two days on the large bench database); the journal-driven form before this one
 * read each journal of the range and then its postings (17.5 ms for the current hour's 1,083 journals there, against
 * 5.3 ms here: docs/benchmarks.md).
 */
const countVcHours = (db: DbClient, p: { currencies: Currency[]; assets: string[]; environment: Environment; from: Date; until: Date | null }) => {
  const listed = p.currencies.filter((c) => p.assets.includes(`vc:${c.id}`));
  return db.$queryRaw<{ hour: bigint; asset: string; tenantId: string; issued: bigint; spent: bigint }[]>`
    SELECT (extract(epoch FROM date_trunc('hour', p."createdAt")) * 1000)::bigint AS hour, c.asset, c."tenantId",
           COALESCE(SUM(-p.delta) FILTER (WHERE p.delta < 0), 0)::bigint AS issued,
           COALESCE(SUM(p.delta) FILTER (WHERE p.delta > 0), 0)::bigint AS spent
    FROM unnest(${listed.map((c) => `vc:${c.id}`)}::text[], ${listed.map((c) => c.gameId)}::text[]) AS c(asset, "tenantId")
    JOIN "LedgerAccount" a ON a.asset = c.asset AND a.environment = ${p.environment}::"Environment" AND a.kind = 'pool'
    JOIN "LedgerPosting" p ON p."accountId" = a.id AND p."createdAt" >= ${p.from} AND p."createdAt" < ${p.until ?? NO_END}
    GROUP BY 1, 2, 3`;
};

type Figure = { tenantId: string; series: string; at: number; a: bigint; b: bigint };

/** The stored days of [first, last] of these currencies (PortalDailyFigure). */
const readStoredDays = (db: DbClient, p: { gameIds: string[]; assets: string[]; environment: Environment; first: string; last: string }) =>
  db.$queryRaw<{ tenantId: string; series: string; day: string; a: bigint; b: bigint }[]>`
    SELECT "tenantId", series, to_char(day, 'YYYY-MM-DD') AS day, a, b FROM "PortalDailyFigure"
    WHERE "tenantId" = ANY(${p.gameIds}) AND environment = ${p.environment}::"Environment" AND series = ANY(${p.assets})
      AND day >= ${p.first}::date AND day <= ${p.last}::date`;

/** The stored hours of [from, until) of these currencies (PortalHourlyFigure), each hour as its first instant in ms. */
const readStoredHours = (db: DbClient, p: { gameIds: string[]; assets: string[]; environment: Environment; from: number; until: number }) =>
  db.$queryRaw<{ tenantId: string; series: string; hour: bigint; a: bigint; b: bigint }[]>`
    SELECT "tenantId", series, (extract(epoch FROM hour) * 1000)::bigint AS hour, a, b FROM "PortalHourlyFigure"
    WHERE "tenantId" = ANY(${p.gameIds}) AND environment = ${p.environment}::"Environment" AND series = ANY(${p.assets})
      AND hour >= ${new Date(p.from)} AND hour < ${new Date(p.until)}`;

/** The days of [first, last] whose 24 hours are all in PortalHourlyFigure, summed. */
const readDaysFromHours = (db: DbClient, p: { gameIds: string[]; assets: string[]; environment: Environment; first: string; last: string }) =>
  db.$queryRaw<{ tenantId: string; series: string; day: string; a: bigint; b: bigint }[]>`
    SELECT "tenantId", series, to_char(date_trunc('day', hour), 'YYYY-MM-DD') AS day, SUM(a)::bigint AS a, SUM(b)::bigint AS b
    FROM "PortalHourlyFigure"
    WHERE "tenantId" = ANY(${p.gameIds}) AND environment = ${p.environment}::"Environment" AND series = ANY(${p.assets})
      AND hour >= ${p.first}::date AND hour < ${p.last}::date + 1
    GROUP BY 1, 2, 3
    HAVING COUNT(*) = 24`;

const storeDays = (db: DbClient, environment: Environment, rows: Figure[]) =>
  db.$executeRaw`
    INSERT INTO "PortalDailyFigure" ("tenantId", environment, series, day, a, b)
    SELECT t, ${environment}::"Environment", s, d, a, b
    FROM unnest(${rows.map((r) => r.tenantId)}::text[], ${rows.map((r) => r.series)}::text[], ${rows.map((r) => isoDay(r.at))}::date[],
                ${rows.map((r) => r.a.toString())}::bigint[], ${rows.map((r) => r.b.toString())}::bigint[]) AS u(t, s, d, a, b)
    ON CONFLICT DO NOTHING`;

const storeHours = (db: DbClient, environment: Environment, rows: Figure[]) =>
  db.$executeRaw`
    INSERT INTO "PortalHourlyFigure" ("tenantId", environment, series, hour, a, b)
    SELECT t, ${environment}::"Environment", s, to_timestamp(h / 1000.0) AT TIME ZONE 'UTC', a, b
    FROM unnest(${rows.map((r) => r.tenantId)}::text[], ${rows.map((r) => r.series)}::text[], ${rows.map((r) => r.at.toString())}::bigint[],
                ${rows.map((r) => r.a.toString())}::bigint[], ${rows.map((r) => r.b.toString())}::bigint[]) AS u(t, s, h, a, b)
    ON CONFLICT DO NOTHING`;

/**
 * The periods (first instants, ms) of each currency that are not in `stored`, counted by `count` over the range that
 * covers them, as rows of zeros where nothing was written; stored when `store` (the periods are final).
 */
const fillMissing = async (
  currencies: Currency[],
  periods: number[],
  stored: Figure[],
  count: (assets: string[], from: number, until: number) => Promise<Figure[]>,
  length: (at: number) => number,
): Promise<Figure[]> => {
  const have = new Set(stored.map((r) => `${r.tenantId} ${r.series} ${r.at}`));
  const missing = currencies.flatMap((c) => periods.filter((at) => !have.has(`${c.gameId} vc:${c.id} ${at}`)).map((at) => ({ c, at })));
  if (missing.length === 0) return [];
  const from = Math.min(...missing.map((x) => x.at));
  const last = Math.max(...missing.map((x) => x.at));
  const counted = await count([...new Set(missing.map((x) => `vc:${x.c.id}`))], from, last + length(last));
  const figures = new Map(counted.map((r) => [`${r.tenantId} ${r.series} ${r.at}`, r]));
  return missing.map(({ c, at }) => {
    const r = figures.get(`${c.gameId} vc:${c.id} ${at}`);
    return { tenantId: c.gameId, series: `vc:${c.id}`, at, a: r?.a ?? 0n, b: r?.b ?? 0n };
  });
};

export const readVcDailyFigures = async (
  db: DbClient,
  { currencies, environment, days, at }: { currencies: Currency[]; environment: Environment; days: string[]; at?: Date },
): Promise<VcDayRow[]> => {
  if (currencies.length === 0 || days.length === 0) return [];
  const gameIds = [...new Set(currencies.map((c) => c.gameId))];
  const assets = currencies.map((c) => `vc:${c.id}`);
  // first: what is final now; every count below is a later statement, whose snapshot sees it all
  const { until, writable } = await readFinalUntil(db, at);
  const finalMs = until?.getTime() ?? -Infinity;
  const frozen = lastFrozenDay(at);
  const past = days.filter((d) => d <= frozen);
  const live = days.filter((d) => d > frozen);
  const figures: Figure[] = [];

  if (past.length > 0) {
    const stored = (await readStoredDays(db, { gameIds, assets, environment, first: past[0], last: past[past.length - 1] }))
      .filter((r) => currencies.some((c) => c.gameId === r.tenantId && `vc:${c.id}` === r.series))
      .map((r) => ({ tenantId: r.tenantId, series: r.series, at: dayStart(r.day).getTime(), a: r.a, b: r.b }));
    // a day missing here whose 24 hours were stored while it was live is their sum (each hour final, so the day is)
    const fromHours =
      stored.length === past.length * currencies.length
        ? []
        : await readDaysFromHours(db, { gameIds, assets, environment, first: past[0], last: past[past.length - 1] });
    const known = new Set(stored.map((r) => `${r.tenantId} ${r.series} ${r.at}`));
    const summed = fromHours
      .filter((r) => currencies.some((c) => c.gameId === r.tenantId && `vc:${c.id}` === r.series))
      .map((r) => ({ tenantId: r.tenantId, series: r.series, at: dayStart(r.day).getTime(), a: r.a, b: r.b }))
      .filter((r) => !known.has(`${r.tenantId} ${r.series} ${r.at}`));
    const counted = await fillMissing(
      currencies,
      past.map((d) => dayStart(d).getTime()),
      [...stored, ...summed],
      async (assets, from, until) =>
        (await countVcDays(db, { gameIds, assets, environment, from: new Date(from), until: new Date(until) })).map((r) => ({
          tenantId: r.tenantId,
          series: r.asset,
          at: dayStart(r.day).getTime(),
          a: r.issued,
          b: r.spent,
        })),
      () => DAY_MS,
    );
    // a concurrent first view counts the same figures (the days are final): whichever insert lands first is kept
    // final by the open transactions; when the database cannot tell, by the day rule alone (the days are past)
    const storable = [...summed, ...counted].filter((r) => until === null || r.at + DAY_MS <= finalMs);
    if (writable && storable.length > 0) await storeDays(db, environment, storable);
    figures.push(...stored, ...summed, ...counted);
  }

  if (live.length > 0) {
    // closed hours of the live days up to `until` from PortalHourlyFigure (counted and stored when missing), the rest live
    const liveFrom = dayStart(live[0]).getTime();
    const finalEnd = Math.max(liveFrom, Math.floor(finalMs / HOUR_MS) * HOUR_MS);
    if (finalEnd > liveFrom) {
      const hours = Array.from({ length: (finalEnd - liveFrom) / HOUR_MS }, (_, i) => liveFrom + i * HOUR_MS);
      const stored = (await readStoredHours(db, { gameIds, assets, environment, from: liveFrom, until: finalEnd }))
        .filter((r) => currencies.some((c) => c.gameId === r.tenantId && `vc:${c.id}` === r.series))
        .map((r) => ({ tenantId: r.tenantId, series: r.series, at: Number(r.hour), a: r.a, b: r.b }));
      const counted = await fillMissing(
        currencies,
        hours,
        stored,
        async (assets, from, until) =>
          (await countVcHours(db, { currencies, assets, environment, from: new Date(from), until: new Date(until) })).map((r) => ({
            tenantId: r.tenantId,
            series: r.asset,
            at: Number(r.hour),
            a: r.issued,
            b: r.spent,
          })),
        () => HOUR_MS,
      );
      if (writable && counted.length > 0) await storeHours(db, environment, counted);
      figures.push(...stored, ...counted);
    }
    const rows = await countVcHours(db, { currencies, assets, environment, from: new Date(finalEnd), until: null });
    for (const r of rows) figures.push({ tenantId: r.tenantId, series: r.asset, at: Number(r.hour), a: r.issued, b: r.spent });
  }

  // one row a day and asset
  const out = new Map<string, VcDayRow>();
  for (const f of figures) {
    const day = isoDay(f.at);
    const row = out.get(`${day} ${f.series}`) ?? { day, asset: f.series, issued: 0n, spent: 0n };
    row.issued += f.a;
    row.spent += f.b;
    out.set(`${day} ${f.series}`, row);
  }
  return [...out.values()];
};
