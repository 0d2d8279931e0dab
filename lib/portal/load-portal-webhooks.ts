import type { Environment } from "../core/environment.ts";
import { isUsableId } from "../platform/business-admin.ts";
import { listDeliveries } from "../webhooks/list-deliveries.ts";
import type { WebhookOwner } from "../webhooks/emit-event.ts";
import { listWebhookEndpoints, type EndpointSummary } from "../webhooks/list-webhook-endpoints.ts";
import { DeliveryFilter } from "../webhooks/schemas.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";

export type PortalAttempt = {
  attempt: number;
  statusCode: number | null;
  latencyMs: number;
  responseExcerpt: string | null;
  error: string | null;
  /** the request headers sent: signatures, never a secret */
  requestHeaders: Record<string, string> | null;
  createdAt: Date;
};

export type PortalDelivery = {
  id: string;
  endpointId: string;
  url: string;
  eventId: string;
  event: string;
  objectType: string;
  objectId: string;
  sequence: number;
  status: string;
  attempts: number;
  failureReason: string | null;
  recoveredAt: Date | null;
  createdAt: Date;
  deliveredAt: Date | null;
  /** when a pending or retrying delivery is tried next (null: not scheduled) */
  nextAttemptAt: Date | null;
  /** the body sent, byte for byte */
  body: string;
  attemptLog: PortalAttempt[];
};

export type WebhookLogFilter = {
  endpointId?: string;
  event?: string;
  status?: "pending" | "retrying" | "succeeded" | "failed";
  since?: Date;
  until?: Date;
  page: number;
};

const headersOf = (raw: string | null): Record<string, string> | null => {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as Record<string, string>;
  } catch {
    return null;
  }
};

/** The filter from the page's query string; a value that does not parse is dropped (the page still shows). */
export const webhookLogFilterOf = (query: Record<string, string | undefined>): WebhookLogFilter => {
  const out: WebhookLogFilter = { page: 1 };
  for (const key of ["endpointId", "event", "status", "since", "until", "page"] as const) {
    const v = query[key];
    if (!v) continue;
    const parsed = DeliveryFilter.safeParse({ [key]: v });
    if (parsed.success && parsed.data[key] !== undefined) Object.assign(out, { [key]: parsed.data[key] });
  }
  return out;
};

type Query = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);
/** a datetime-local value has no zone: the page's times are UTC */
const utcOf = (v: string | undefined) => (v && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(v) ? `${v}Z` : v);

/** The webhooks page's search parameters (the page and its live JSON read the same ones): the game and the log's filter. */
export const webhookLogQueryOf = (query: Query): { gameId?: string; filter: WebhookLogFilter } => ({
  gameId: one(query.game),
  filter: webhookLogFilterOf({
    endpointId: one(query.endpointId),
    event: one(query.event),
    status: one(query.status),
    since: utcOf(one(query.since)),
    until: utcOf(one(query.until)),
    page: one(query.page),
  }),
});

/**
 * What the log shows, in one string: the count and each delivery's id, status, attempts and next attempt. The
 * page renders it; the page's poller (GET …/webhooks/log) reads it again and refreshes the page when it differs.
 */
export const webhookLogFingerprint = (log: {
  pagination: { totalCount: number };
  deliveries: Pick<PortalDelivery, "id" | "status" | "attempts" | "nextAttemptAt">[];
}) => [String(log.pagination.totalCount), ...log.deliveries.map((d) => `${d.id}:${d.status}:${d.attempts}:${d.nextAttemptAt?.getTime() ?? ""}`)].join("|");

/**
 * The webhooks page (webhooks:read): each game of `environment` with its endpoints and their health, and the
 * delivery log of one game (the one asked for, else the first), filtered and 20 to a page.
 */
export const loadPortalWebhooks = async (
  ctx: PortalContext,
  { businessId, environment, gameId, filter = { page: 1 } }: { businessId: string; environment: Environment; gameId?: string; filter?: WebhookLogFilter },
) => {
  const member = await requirePortalAccess(ctx, { businessId, permission: "webhooks:read" });
  const rows = await ctx.db.game.findMany({
    where: { businessId, environment },
    select: { id: true, name: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  const games: { id: string; name: string; endpoints: EndpointSummary[] }[] = [];
  for (const g of rows) games.push({ ...g, endpoints: await listWebhookEndpoints(ctx, { owner: { type: "game", id: g.id } }) });
  const selected = games.find((g) => gameId && isUsableId(gameId) && g.id === gameId) ?? games[0] ?? null;
  if (!selected) return { member, games, selected: null, log: null, eventNames: [] as string[], filter };
  const { log, eventNames, filter: shown } = await loadWebhookLog(ctx, { owner: { type: "game", id: selected.id }, endpoints: selected.endpoints, filter });
  return { member, games, selected, log, eventNames, filter: shown };
};

/**
 * The delivery log of one webhook owner (a game, a platform) whose `endpoints` the caller listed: filtered, 20
 * to a page, each delivery with its body and attempts; and the event names it has had (for the filter).
 * The caller checked the member's access to the owner.
 */
export const loadWebhookLog = async (
  ctx: PortalContext,
  { owner, endpoints, filter }: { owner: WebhookOwner; endpoints: EndpointSummary[]; filter: WebhookLogFilter },
) => {
  const endpointId = filter.endpointId && endpoints.some((e) => e.id === filter.endpointId) ? filter.endpointId : undefined;
  const { deliveries, pagination } = await listDeliveries(ctx, { owner, ...filter, endpointId, limit: 20 });
  const primary = endpoints.find((e) => e.primary)!;
  const urlOf = new Map(endpoints.map((e) => [e.id, e.url ?? ""]));
  const log = {
    pagination,
    deliveries: deliveries.map((d): PortalDelivery => ({
      id: d.id,
      endpointId: d.endpointId ?? primary.id,
      url: d.url || urlOf.get(d.endpointId ?? primary.id) || "",
      eventId: d.event.id,
      event: d.event.event,
      objectType: d.event.objectType,
      objectId: d.event.objectId,
      sequence: d.event.sequence,
      status: d.status,
      attempts: d.attempts,
      failureReason: d.failureReason,
      recoveredAt: d.recoveredAt,
      createdAt: d.createdAt,
      deliveredAt: d.deliveredAt,
      nextAttemptAt: d.status === "pending" || d.status === "retrying" ? d.nextAttemptAt : null,
      body: d.event.payload,
      attemptLog: d.attemptLog.map((a) => ({
        attempt: a.attempt,
        statusCode: a.statusCode,
        latencyMs: a.latencyMs,
        responseExcerpt: a.responseExcerpt,
        error: a.error,
        requestHeaders: headersOf(a.requestHeaders),
        createdAt: a.createdAt,
      })),
    })),
  };
  const names = await ctx.db.webhookEvent.findMany({
    where: { ownerType: owner.type, ownerId: owner.id },
    distinct: ["event"],
    select: { event: true },
    take: 100,
  });
  return { log, eventNames: names.map((n) => n.event).sort(), filter: { ...filter, endpointId } };
};
