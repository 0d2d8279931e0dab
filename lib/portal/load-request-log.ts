// /portal/{businessId}/logs: the business's recent /v1 calls (its keys', and its platforms' acting for it),
// newest first, filtered by key, status class, method and path text, or found by request id. Members with
// logs:read only. Bodies are not loaded here (the detail page shows them, redacted).
// /portal/{businessId}/platforms/{platformId}/logs: the same for the calls of a platform the business
// registered (its keys, whichever business they acted for), with platforms:read.
import { z } from "zod";
import type { Environment } from "../core/environment.ts";
import { findBusinessPlatform } from "./find-business-platform.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";

export const STATUS_CLASSES = ["2xx", "3xx", "4xx", "5xx"] as const;
export const LOG_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export const LOG_PAGE_SIZE = 50;

/** A search parameter: its first value; an empty field is no filter. */
const optional = <T extends z.ZodType>(s: T) =>
  z.preprocess((v) => {
    const first: unknown = Array.isArray(v) ? v[0] : v;
    return first === "" ? undefined : first;
  }, s.optional());

/** The filters, from the page's search parameters (an empty field is no filter). */
export const RequestLogFilters = z.object({
  keyId: optional(z.string().trim().max(64)),
  status: optional(z.enum(STATUS_CLASSES)),
  method: optional(z.enum(LOG_METHODS)),
  path: optional(z.string().trim().max(200)),
  requestId: optional(z.string().trim().max(64)),
  /** the id of the last row of the previous page */
  before: optional(z.string().trim().max(64)),
});
export type RequestLogFilters = z.output<typeof RequestLogFilters>;

/** The filters of a URL: a value that is not one the form offers (a hand-edited URL) is left out, not an error. */
export const readFilters = (raw: Record<string, unknown>): RequestLogFilters => {
  const out: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(RequestLogFilters.shape)) {
    const parsed = schema.safeParse(raw[name]);
    if (parsed.success && parsed.data !== undefined) out[name] = parsed.data;
  }
  return out as RequestLogFilters;
};

export type RequestLogRow = {
  requestId: string;
  method: string;
  path: string;
  status: number;
  latencyMs: number;
  idempotencyKey: string | null;
  errorCode: string | null;
  apiKeyId: string | null;
  createdAt: Date;
};

export type LogKey = { keyId: string; prefix: string; label: string; kind: string };

const statusRange = (c: (typeof STATUS_CLASSES)[number]) => {
  const low = Number(c[0]) * 100;
  return { gte: low, lt: low + 100 };
};

/**
 * Whose calls a request log shows: the business's (logs:read), or, with `platformId`, those of a platform the
 * business registered (platforms:read; another business's platform is 404 PLATFORM_NOT_FOUND).
 */
export const requestLogScope = async (ctx: PortalContext, { businessId, platformId }: { businessId: string; platformId?: string }) => {
  if (platformId === undefined)
    return { member: await requirePortalAccess(ctx, { businessId, permission: "logs:read" }), where: { businessId }, platform: null };
  const member = await requirePortalAccess(ctx, { businessId, permission: "platforms:read" });
  const platform = await findBusinessPlatform(ctx, { businessId, platformId });
  return { member, where: { platformId: platform.id }, platform: { id: platform.id, name: platform.name } };
};

/**
 * The distinct keys of a business's request log rows in one environment, by a skip scan of the index on
 * (businessId, environment, apiKeyId): one index probe a key, whatever the number of rows. A GROUP BY over the rows
 * read them all (300 ms for 108,000 rows of one business, docs/benchmarks.md).
 */
const keysThatCalled = async (ctx: PortalContext, { businessId, environment }: { businessId: string; environment: Environment }) => {
  const rows = await ctx.db.$queryRaw<{ id: string }[]>`
    WITH RECURSIVE k AS (
      (SELECT r."apiKeyId" AS id FROM "RequestLog" r
       WHERE r."businessId" = ${businessId} AND r.environment = ${environment}::"Environment" AND r."apiKeyId" IS NOT NULL
       ORDER BY r."apiKeyId" LIMIT 1)
      UNION ALL
      SELECT (SELECT r."apiKeyId" FROM "RequestLog" r
              WHERE r."businessId" = ${businessId} AND r.environment = ${environment}::"Environment" AND r."apiKeyId" > k.id
              ORDER BY r."apiKeyId" LIMIT 1)
      FROM k WHERE k.id IS NOT NULL
    )
    SELECT id FROM k WHERE id IS NOT NULL`;
  return rows.map((r) => r.id);
};

/** The same for a platform's log (no index on platformId: the rows of the platform are grouped). */
const keysThatCalledPlatform = async (ctx: PortalContext, scope: { platformId: string; environment: Environment }) => {
  const used = await ctx.db.requestLog.groupBy({ by: ["apiKeyId"], where: { ...scope, apiKeyId: { not: null } } });
  return used.flatMap((u) => (u.apiKeyId ? [u.apiKeyId] : []));
};

export const loadRequestLog = async (
  ctx: PortalContext,
  {
    businessId,
    platformId,
    environment,
    filters: raw,
  }: { businessId: string; platformId?: string; environment: Environment; filters: Record<string, unknown> },
) => {
  const { member, where, platform } = await requestLogScope(ctx, { businessId, platformId });
  const filters = readFilters(raw);
  const scope = { ...where, environment };
  const cursor = filters.before ? await ctx.db.requestLog.findFirst({ where: { ...scope, id: filters.before }, select: { id: true, createdAt: true } }) : null;
  const rows = await ctx.db.requestLog.findMany({
    where: {
      ...scope,
      ...(filters.requestId ? { requestId: filters.requestId } : {}),
      ...(filters.keyId ? { apiKeyId: filters.keyId } : {}),
      ...(filters.status ? { status: statusRange(filters.status) } : {}),
      ...(filters.method ? { method: filters.method } : {}),
      ...(filters.path ? { path: { contains: filters.path, mode: "insensitive" as const } } : {}),
      ...(cursor ? { OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }] } : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: LOG_PAGE_SIZE + 1,
    select: {
      id: true,
      requestId: true,
      method: true,
      path: true,
      status: true,
      latencyMs: true,
      idempotencyKey: true,
      errorCode: true,
      apiKeyId: true,
      createdAt: true,
    },
  });
  const page = rows.slice(0, LOG_PAGE_SIZE);
  // the keys that called for this business (for the filter and the rows' labels)
  const used =
    platform === null ? await keysThatCalled(ctx, { businessId, environment }) : await keysThatCalledPlatform(ctx, { platformId: platform.id, environment });
  const keys = await ctx.db.apiKey.findMany({
    where: { id: { in: used } },
    select: { id: true, prefix: true, label: true, kind: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return {
    member,
    /** the platform whose log this is (null: the business's) */
    platform,
    filters,
    rows: page.map(({ id: _id, ...r }): RequestLogRow => r),
    nextBefore: rows.length > LOG_PAGE_SIZE ? page.at(-1)!.id : null,
    keys: keys.map((k): LogKey => ({ keyId: k.id, prefix: k.prefix, label: k.label, kind: k.kind })),
  };
};
