// The Overview's dashboard: the last `days` UTC days of one environment of a business, by day. Every figure
// is aggregated in SQL (GROUP BY day) through an index that exists: purchases by game, VC from PortalDailyFigure
// (days up to the day before yesterday), PortalHourlyFigure (the closed hours since) and ledger journals by (tenantId,
// asset, createdAt) for the hours not yet final (read-vc-daily-figures.ts), campaign payouts by campaign, webhook attempts through their events'
// (ownerType, ownerId, createdAt), API requests from RequestLogHour (the request log's hourly counts). Each groups by date_trunc and formats
// the day once a group (to_char a row made the request log's count 2.5–4 times dearer: docs/benchmarks.md).
import { z } from "zod";
import { now } from "../core/clock.ts";
import type { Environment } from "../core/environment.ts";
import { AppError } from "../core/errors.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";
import { readVcDailyFigures } from "./read-vc-daily-figures.ts";

const DAY_MS = 86_400_000;
/** How far back a chart may look: 1 to 90 days (30 on the Overview). */
export const DashboardDays = z.number().int().min(1).max(90);

/** A real-money revenue series: the sum of completed, unrefunded purchases in one currency's smallest unit. */
export type RevenueSeries = { currency: "USD" | "USDC"; exponent: 2 | 6; amounts: number[] };
export type VcSeries = { currencyId: string; code: string; name: string; issued: number[]; spent: number[] };

export type PortalDashboard = {
  environment: Environment;
  /** the UTC days of the window, oldest first (YYYY-MM-DD); every series below has one value per day */
  days: string[];
  /** card (USD cents) and wallet (USDC micro-units) purchases, by completion day; USD always, USDC when paid in it */
  revenue: RevenueSeries[];
  /** completed purchases of every payment method (virtual currency too), by completion day */
  purchases: number[];
  /** per currency of the environment's games: units leaving the pool (credits, grants) and coming back (debits, VC purchases, cashouts) */
  vc: VcSeries[];
  /** campaign payouts, USDC micro-units */
  payouts: number[];
  /** webhook delivery attempts (the business's games and campaigns) and those answered 2xx */
  webhooks: { attempts: number[]; succeeded: number[] };
  /** /v1 requests of the business and those answered with a status ≥ 400 */
  api: { requests: number[]; errors: number[] };
};

type DayRow = { day: string };

/** The first instant (UTC midnight) of the window and its days, oldest first, ending today. */
export const dashboardWindow = (days: number, at: Date = now()) => {
  const today = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const from = new Date(today - (days - 1) * DAY_MS);
  return { from, days: Array.from({ length: days }, (_, i) => new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10)) };
};

const byDay = <R extends DayRow>(days: string[], rows: R[], value: (r: R) => number | bigint | null): number[] => {
  const index = new Map(days.map((d, i) => [d, i]));
  const out = days.map(() => 0);
  for (const r of rows) {
    const i = index.get(r.day);
    if (i !== undefined) out[i] += Number(value(r) ?? 0);
  }
  return out;
};

export const loadPortalDashboard = async (
  ctx: PortalContext,
  { businessId, environment, days: n }: { businessId: string; environment: Environment; days: number },
): Promise<PortalDashboard> => {
  await requirePortalAccess(ctx, { businessId, permission: "overview:read" });
  if (!DashboardDays.safeParse(n).success)
    throw new AppError("VALIDATION_ERROR", "days must be a whole number from 1 to 90.", { details: [{ field: "days", message: "must be 1 to 90" }] });
  const { from, days } = dashboardWindow(n);
  const env = environment;
  const db = ctx.db;

  const games = await db.game.findMany({ where: { businessId, environment: env }, select: { id: true } });
  const gameIds = games.map((g) => g.id);
  const currenciesRead = db.virtualCurrency.findMany({
    where: { gameId: { in: gameIds }, environment: env },
    select: { id: true, gameId: true, code: true, name: true },
    orderBy: [{ code: "asc" }, { id: "asc" }],
  });
  const [purchases, vc, currencies, payouts, webhooks, api] = await Promise.all([
    gameIds.length === 0
      ? Promise.resolve([])
      : db.$queryRaw<(DayRow & { method: string | null; currency: string; refunded: boolean; amount: bigint; n: number })[]>`
          SELECT to_char(date_trunc('day', p."completedAt"), 'YYYY-MM-DD') AS day, p."paymentMethod" AS method, p.currency,
                 (p."refundId" IS NOT NULL) AS refunded, SUM(p.amount)::bigint AS amount, COUNT(*)::int AS n
          FROM "Purchase" p
          WHERE p."gameId" = ANY(${gameIds}) AND p.environment = ${env}::"Environment" AND p.status = 'completed'
            AND p."completedAt" >= ${from}
          GROUP BY date_trunc('day', p."completedAt"), 2, 3, 4`,
    // VC issued and spent: final days and hours from their rollups, the hours not yet final from the journals
    currenciesRead.then((currencies) => readVcDailyFigures(db, { currencies, environment: env, days })),
    currenciesRead,
    db.$queryRaw<(DayRow & { micros: bigint })[]>`
      SELECT to_char(date_trunc('day', t."createdAt"), 'YYYY-MM-DD') AS day, SUM(t."payoutMicros")::bigint AS micros
      FROM "CampaignTransaction" t
      WHERE t."campaignId" IN (SELECT c.id FROM "Campaign" c WHERE c."businessId" = ${businessId} AND c.environment = ${env}::"Environment")
        AND t."createdAt" >= ${from}
      GROUP BY date_trunc('day', t."createdAt")`,
    // deliveries retry for about 76 hours: an attempt in the window belongs to an event at most 4 days older
    db.$queryRaw<(DayRow & { attempts: number; succeeded: number })[]>`
      SELECT to_char(date_trunc('day', a."createdAt"), 'YYYY-MM-DD') AS day, COUNT(*)::int AS attempts,
             (COUNT(*) FILTER (WHERE a."statusCode" BETWEEN 200 AND 299))::int AS succeeded
      FROM "WebhookEvent" e
      JOIN "WebhookDelivery" d ON d."eventId" = e.id
      JOIN "WebhookAttempt" a ON a."deliveryId" = d.id
      WHERE e.environment = ${env}::"Environment" AND e."createdAt" >= ${new Date(from.getTime() - 4 * DAY_MS)}
        AND ((e."ownerType" = 'game' AND e."ownerId" = ANY(${gameIds}))
          OR (e."ownerType" = 'campaign' AND e."ownerId" IN (SELECT c.id FROM "Campaign" c WHERE c."businessId" = ${businessId})))
        AND a."createdAt" >= ${from}
      GROUP BY date_trunc('day', a."createdAt")`,
    // the request log's hourly counts (a trigger keeps them exact: docs/decisions/request-log-hours.md), at most 24 a day
    db.$queryRaw<(DayRow & { requests: number; errors: number })[]>`
      SELECT to_char(date_trunc('day', h.hour), 'YYYY-MM-DD') AS day, SUM(h.requests)::int AS requests, SUM(h.errors)::int AS errors
      FROM "RequestLogHour" h
      WHERE h."businessId" = ${businessId} AND h.environment = ${env}::"Environment" AND h.hour >= ${from}
      GROUP BY date_trunc('day', h.hour)`,
  ]);

  // real money: a card pays USD cents, a wallet USDC micro-units; refunded card payments are not revenue
  const paid = (method: string) => purchases.filter((p) => p.method === method && !p.refunded);
  const usdc = byDay(days, paid("wallet"), (r) => r.amount);
  const revenue: RevenueSeries[] = [{ currency: "USD", exponent: 2, amounts: byDay(days, paid("card"), (r) => r.amount) }];
  if (usdc.some((v) => v !== 0)) revenue.push({ currency: "USDC", exponent: 6, amounts: usdc });

  return {
    environment,
    days,
    revenue,
    purchases: byDay(days, purchases, (r) => r.n),
    vc: currencies.map((c) => {
      const rows = vc.filter((r) => r.asset === `vc:${c.id}`);
      return { currencyId: c.id, code: c.code, name: c.name, issued: byDay(days, rows, (r) => r.issued), spent: byDay(days, rows, (r) => r.spent) };
    }),
    payouts: byDay(days, payouts, (r) => r.micros),
    webhooks: { attempts: byDay(days, webhooks, (r) => r.attempts), succeeded: byDay(days, webhooks, (r) => r.succeeded) },
    api: { requests: byDay(days, api, (r) => r.requests), errors: byDay(days, api, (r) => r.errors) },
  };
};
