// RequestLogHour, the Overview's hourly count of /v1 requests (docs/decisions/request-log-hours.md): the triggers on
// RequestLog keep it equal to a count of the rows, by business, environment and UTC hour, whoever writes them (the
// batcher's multi-row insert, Prisma's createMany), with batches written at the same time on several connections,
// and when rows are deleted; rows without a business or an environment are not counted; the dashboard reads it.
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import type { Environment } from "@/lib/core/environment";
import { loadPortalDashboard } from "@/lib/portal/load-portal-dashboard";
import { makeBusiness, makeBusinessAdmin } from "@/tests/support/platform";
import { as } from "@/tests/support/portal";
import type { CapturedRequest } from "./capture-request";
import { recordRequests } from "./record-requests";

const db = getDb();
const HOUR = 3_600_000;
/** the start of the current UTC hour, minus `k` hours */
const hourAgo = (k: number) => new Date(Math.floor(Date.now() / HOUR) * HOUR - k * HOUR);

const captured = (businessId: string | undefined, environment: Environment | undefined, at: Date, status: number): CapturedRequest => ({
  requestId: `req_${newId()}`,
  at,
  method: "GET",
  path: "/v1/game",
  route: "/v1/game",
  status,
  latencyMs: 3,
  responseBody: status >= 400 ? '{"error":{"code":"VALIDATION_ERROR"}}' : '{"_id":"g"}',
  facts: { businessId, environment },
});

/** the stored hours of a business as [environment, hour offset, requests, errors], oldest first */
const hoursOf = async (businessId: string) =>
  (await db.requestLogHour.findMany({ where: { businessId }, orderBy: [{ environment: "asc" }, { hour: "asc" }] })).map((h) => [
    h.environment,
    h.hour.toISOString(),
    h.requests,
    h.errors,
  ]);

/** the same figures counted from the rows themselves */
const countedFromRows = async (businessId: string) =>
  (
    await db.$queryRaw<{ environment: string; hour: Date; requests: number; errors: number }[]>`
      SELECT r.environment::text AS environment, date_trunc('hour', r."createdAt") AS hour, COUNT(*)::int AS requests,
             (COUNT(*) FILTER (WHERE r.status >= 400))::int AS errors
      FROM "RequestLog" r WHERE r."businessId" = ${businessId} AND r.environment IS NOT NULL
      GROUP BY r.environment, 2 ORDER BY r.environment, 2`
  ).map((r) => [r.environment, r.hour.toISOString(), r.requests, r.errors]);

describe("RequestLogHour", () => {
  it("the batcher's rows are counted by business, environment and hour, with their errors; rows without a business are not", async () => {
    const [a, b] = [`biz_${newId()}`, `biz_${newId()}`];
    await recordRequests({ db }, [
      captured(a, "test", new Date(hourAgo(2).getTime() + 5_000), 200),
      captured(a, "test", new Date(hourAgo(2).getTime() + HOUR - 1), 404),
      captured(a, "test", hourAgo(1), 201),
      captured(a, "live", hourAgo(1), 500),
      captured(b, "test", hourAgo(1), 200),
      captured(undefined, undefined, hourAgo(1), 401),
      captured(a, undefined, hourAgo(1), 401),
    ]);
    expect(await hoursOf(a)).toEqual([
      ["test", hourAgo(2).toISOString(), 2, 1],
      ["test", hourAgo(1).toISOString(), 1, 0],
      ["live", hourAgo(1).toISOString(), 1, 1],
    ]);
    expect(await hoursOf(b)).toEqual([["test", hourAgo(1).toISOString(), 1, 0]]);

    // a second batch adds to the same hours
    await recordRequests({ db }, [captured(a, "test", hourAgo(1), 429), captured(a, "test", hourAgo(0), 200)]);
    expect(await hoursOf(a)).toEqual([
      ["test", hourAgo(2).toISOString(), 2, 1],
      ["test", hourAgo(1).toISOString(), 2, 1],
      ["test", hourAgo(0).toISOString(), 1, 0],
      ["live", hourAgo(1).toISOString(), 1, 1],
    ]);
    expect(await hoursOf(a)).toEqual(await countedFromRows(a));
  });

  it("twelve batches written at once on separate connections, touching the same hours in different orders, count every row once", async () => {
    const [a, b] = [`biz_${newId()}`, `biz_${newId()}`];
    const batches = Array.from({ length: 12 }, (_, i) =>
      Array.from({ length: 40 }, (_, j) => {
        const business = (i + j) % 2 === 0 ? a : b;
        return captured(business, j % 3 === 0 ? "live" : "test", hourAgo((i * 7 + j) % 4), j % 5 === 0 ? 422 : 200);
      }).sort(() => (i % 2 === 0 ? 1 : -1)),
    );
    await Promise.all(batches.map((rows) => recordRequests({ db }, rows)));
    const total = async (businessId: string) => (await db.requestLogHour.aggregate({ where: { businessId }, _sum: { requests: true, errors: true } }))._sum;
    expect(await total(a)).toEqual({ requests: 240, errors: 48 });
    expect(await total(b)).toEqual({ requests: 240, errors: 48 });
    expect(await hoursOf(a)).toEqual(await countedFromRows(a));
    expect(await hoursOf(b)).toEqual(await countedFromRows(b));
  });

  it("rows written by createMany are counted, and deleting rows takes them out of their hours", async () => {
    const a = `biz_${newId()}`;
    const row = (status: number, at: Date) => ({
      id: newId(),
      requestId: `req_${newId()}`,
      businessId: a,
      environment: "test" as const,
      method: "POST",
      path: "/v1/vc/credits",
      status,
      latencyMs: 9,
      createdAt: at,
    });
    const rows = [row(200, hourAgo(3)), row(400, hourAgo(3)), row(200, hourAgo(3)), row(503, hourAgo(0))];
    await db.requestLog.createMany({ data: rows });
    expect(await hoursOf(a)).toEqual([
      ["test", hourAgo(3).toISOString(), 3, 1],
      ["test", hourAgo(0).toISOString(), 1, 1],
    ]);
    await db.requestLog.deleteMany({ where: { id: { in: [rows[1].id, rows[3].id] } } });
    expect(await hoursOf(a)).toEqual([
      ["test", hourAgo(3).toISOString(), 2, 0],
      ["test", hourAgo(0).toISOString(), 0, 0],
    ]);
  });

  it("the Overview's API chart reads the hours: the days' sums of the rows, this business and environment only", async () => {
    const business = await makeBusiness();
    const admin = await makeBusinessAdmin(business.id);
    const other = await makeBusiness();
    const midnight = Math.floor(Date.now() / 86_400_000) * 86_400_000;
    const yesterday = (h: number) => new Date(midnight - 86_400_000 + h * HOUR + 60_000);
    await recordRequests({ db }, [
      captured(business.id, "test", yesterday(1), 200),
      captured(business.id, "test", yesterday(23), 409),
      captured(business.id, "test", new Date(midnight + 1_000), 200),
      captured(business.id, "live", yesterday(2), 200),
      captured(other.id, "test", yesterday(1), 200),
      captured(business.id, "test", new Date(midnight - 40 * 86_400_000), 200),
    ]);
    const d = await loadPortalDashboard(as(admin), { businessId: business.id, environment: "test", days: 30 });
    expect(d.api.requests.slice(-2)).toEqual([2, 1]);
    expect(d.api.errors.slice(-2)).toEqual([1, 0]);
    expect(d.api.requests.reduce((s, n) => s + n, 0)).toBe(3);
  });
});
