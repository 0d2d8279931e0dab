import type { SqlClient } from "../db/transaction.ts";
import { now } from "../core/clock.ts";
import { Prisma, type WebhookEndpoint } from "../db/generated/client.ts";
import type { DbContext } from "../core/context.ts";
import type { DbClient } from "../db/transaction.ts";
import type { WebhookOwner } from "./emit-event.ts";

export type Endpoint = {
  /** the WebhookEndpoint row; null for a primary endpoint that has no row yet */
  id: string | null;
  primary: boolean;
  url: string;
  /** the current signing secret */
  secret: string;
  /** the secret before the last rotation while it still signs (24 h), else null */
  previousSecret: string | null;
  /** event names it receives; empty: all */
  eventTypes: string[];
  disabledAt: Date | null;
};

/** The key of an owner's primary endpoint row (WebhookEndpoint.primaryOf). */
export const primaryKeyOf = (owner: WebhookOwner): string => `${owner.type}:${owner.id}`;

const liveSecret = (row: Pick<WebhookEndpoint, "previousSecret" | "previousSecretUntil"> | null, at: Date) =>
  row?.previousSecret && row.previousSecretUntil && row.previousSecretUntil > at ? row.previousSecret : null;

/** The owner's own URL and secret (the spec's endpoint): Game, Platform or Campaign columns. */
export const ownerColumns = async ({ db }: DbContext, { owner }: { owner: WebhookOwner }): Promise<{ url: string | null; secret: string | null } | null> => {
  const select = { webhookUrl: true, webhookSecret: true } as const;
  const row =
    owner.type === "game"
      ? await db.game.findUnique({ where: { id: owner.id }, select })
      : owner.type === "platform"
        ? await db.platform.findUnique({ where: { id: owner.id }, select })
        : await db.campaign.findUnique({ where: { id: owner.id }, select });
  return row ? { url: row.webhookUrl, secret: row.webhookSecret } : null;
};

/**
 * The owner's primary endpoint as configured now (the owner's webhookUrl and webhookSecret, with its row's
 * filter, health and previous secret). Read at every attempt, so a rotated secret or a corrected URL applies
 * to pending retries. Null when the URL or the secret is missing. (The rules live once, in deliveryEndpointSql.)
 */
export const resolveEndpoint = (db: DbClient, owner: WebhookOwner): Promise<Endpoint | null> => resolveDeliveryEndpoint({ db }, { endpointId: null, owner });

/** An endpoint row as an Endpoint (the primary's URL and secret come from the owner). Null when it has none or was deleted. */
export const endpointOfRow = (ctx: DbContext, row: WebhookEndpoint): Promise<Endpoint | null> =>
  resolveDeliveryEndpoint(ctx, { endpointId: row.id, owner: { type: row.ownerType as WebhookOwner["type"], id: row.ownerId } });

/**
 * Where a delivery goes now, read in SQL together with the delivery (deliver.ts: one query per attempt
 * instead of a load and two or three reads): the only place the rules are written (resolveEndpoint and endpointOfRow use it too). A
 * delivery's endpointId names its WebhookEndpoint row (none, or deleted: no endpoint); a primary row's URL
 * and secret come from its owner, as does a delivery without endpointId (made before endpoints existed)
 * from its event's owner, with the primary row's filter, health and previous secret. Joined onto a query
 * whose rows have the delivery's `endpointId` and its event's `ownerType` and `ownerId` (`q`: wrap a query
 * with a LIMIT in it, so this runs for the rows it keeps). Columns: DeliveryEndpointColumns; the timestamps
 * are read AT TIME ZONE 'UTC' (Prisma writes UTC wall time).
 */
export const deliveryEndpointSql = (q: string) => {
  const [endpointId, ownerType, ownerId] = ["endpointId", "ownerType", "ownerId"].map((c) => Prisma.raw(`${q}."${c}"`));
  return {
    columns: Prisma.sql`
      ep_key.is_primary AS "epPrimary",
      (${endpointId} IS NOT NULL AND (ep_row.id IS NULL OR ep_row."deletedAt" IS NOT NULL)) AS "epGone",
      CASE WHEN ep_key.is_primary THEN ep_primary.id ELSE ep_row.id END AS "epId",
      CASE WHEN ep_key.is_primary THEN ep_owner.url ELSE ep_row.url END AS "epUrl",
      CASE WHEN ep_key.is_primary THEN ep_owner.secret ELSE ep_row.secret END AS "epSecret",
      CASE WHEN ep_key.is_primary THEN ep_primary."previousSecret" ELSE ep_row."previousSecret" END AS "epPreviousSecret",
      (CASE WHEN ep_key.is_primary THEN ep_primary."previousSecretUntil" ELSE ep_row."previousSecretUntil" END) AT TIME ZONE 'UTC' AS "epPreviousSecretUntil",
      CASE WHEN ep_key.is_primary THEN ep_primary."eventTypes" ELSE ep_row."eventTypes" END AS "epEventTypes",
      (CASE WHEN ep_key.is_primary THEN ep_primary."disabledAt" ELSE ep_row."disabledAt" END) AT TIME ZONE 'UTC' AS "epDisabledAt"`,
    joins: Prisma.sql`
      LEFT JOIN "WebhookEndpoint" ep_row ON ep_row.id = ${endpointId}
      CROSS JOIN LATERAL (SELECT
        (${endpointId} IS NULL OR (ep_row."primaryOf" IS NOT NULL AND ep_row."deletedAt" IS NULL)) AS is_primary,
        CASE WHEN ${endpointId} IS NULL THEN ${ownerType} ELSE ep_row."ownerType" END AS owner_type,
        CASE WHEN ${endpointId} IS NULL THEN ${ownerId} ELSE ep_row."ownerId" END AS owner_id) ep_key
      LEFT JOIN "WebhookEndpoint" ep_primary ON ep_key.is_primary AND ep_primary."primaryOf" = ep_key.owner_type || ':' || ep_key.owner_id
      LEFT JOIN LATERAL (
        SELECT "webhookUrl" AS url, "webhookSecret" AS secret FROM "Game" WHERE ep_key.owner_type = 'game' AND id = ep_key.owner_id
        UNION ALL SELECT "webhookUrl", "webhookSecret" FROM "Platform" WHERE ep_key.owner_type = 'platform' AND id = ep_key.owner_id
        UNION ALL SELECT "webhookUrl", "webhookSecret" FROM "Campaign" WHERE ep_key.owner_type NOT IN ('game', 'platform') AND id = ep_key.owner_id
      ) ep_owner ON ep_key.is_primary`,
  };
};

/** What deliveryEndpointSql reads. */
export type DeliveryEndpointColumns = {
  epPrimary: boolean;
  /** the delivery names an endpoint row that is missing or deleted */
  epGone: boolean;
  epId: string | null;
  epUrl: string | null;
  epSecret: string | null;
  epPreviousSecret: string | null;
  epPreviousSecretUntil: Date | null;
  epEventTypes: string[] | null;
  epDisabledAt: Date | null;
};

/** The endpoint of deliveryEndpointSql's columns; null when there is none (no URL or secret, or deleted). */
export const deliveryEndpointOf = (c: DeliveryEndpointColumns): Endpoint | null => {
  if (c.epGone || !c.epUrl || !c.epSecret) return null;
  return {
    id: c.epId,
    primary: c.epPrimary,
    url: c.epUrl,
    secret: c.epSecret,
    previousSecret: liveSecret({ previousSecret: c.epPreviousSecret, previousSecretUntil: c.epPreviousSecretUntil }, now()),
    eventTypes: c.epEventTypes ?? [],
    disabledAt: c.epDisabledAt,
  };
};

/**
 * Where a delivery goes now (deliveryEndpointSql in one query): its endpoint row, or (no endpointId: made before
 * endpoints existed) the owner's primary. deliver.ts reads the same together with the delivery; resolveEndpoint
 * and endpointOfRow are this with no endpointId and with a row's.
 */
export const resolveDeliveryEndpoint = async ({ db }: DbContext, { endpointId, owner }: { endpointId: string | null; owner: WebhookOwner }) => {
  const sql = deliveryEndpointSql("q");
  const [row] = await db.$queryRaw<DeliveryEndpointColumns[]>`
    SELECT ${sql.columns} FROM (SELECT ${endpointId}::text AS "endpointId", ${owner.type}::text AS "ownerType", ${owner.id}::text AS "ownerId") q ${sql.joins}`;
  return deliveryEndpointOf(row);
};

/**
 * Every endpoint of the owner that exists now: the primary (when its URL is set) first, then the others, oldest
 * first. One statement: the primary and the owner's other rows, each through deliveryEndpointSql, as
 * resolveEndpoint and endpointOfRow read them one by one. `along`: data-modifying CTEs to run in the same
 * statement (emitEvent writes its event with it: one round trip for both).
 */
export const listOwnerEndpoints = async ({ db }: { db: SqlClient }, { owner, along }: { owner: WebhookOwner; along?: Prisma.Sql }): Promise<Endpoint[]> => {
  const sql = deliveryEndpointSql("q");
  const rows = await db.$queryRaw<DeliveryEndpointColumns[]>`
    ${along ? Prisma.sql`WITH ${along}` : Prisma.empty}
    SELECT ${sql.columns} FROM (
      SELECT NULL::text AS "endpointId", ${owner.type}::text AS "ownerType", ${owner.id}::text AS "ownerId", 0 AS rank, NULL::timestamp AS "createdAt"
      UNION ALL
      SELECT w.id, w."ownerType", w."ownerId", 1, w."createdAt" FROM "WebhookEndpoint" w
      WHERE w."ownerType" = ${owner.type} AND w."ownerId" = ${owner.id} AND w."primaryOf" IS NULL AND w."deletedAt" IS NULL
    ) q ${sql.joins}
    ORDER BY q.rank, q."createdAt", q."endpointId"`;
  return rows.map(deliveryEndpointOf).filter((e): e is Endpoint => e !== null);
};

/** Whether an endpoint with this filter receives `event` (an empty filter receives everything). */
export const receives = (endpoint: Pick<Endpoint, "eventTypes">, event: string): boolean =>
  endpoint.eventTypes.length === 0 || endpoint.eventTypes.includes(event);

const OWNER_TYPES = ["game", "platform", "campaign"] as const;
const isOwnerType = (t: string): t is WebhookOwner["type"] => (OWNER_TYPES as readonly string[]).includes(t);

/** The owner recorded on an event row. */
export const ownerOf = (event: { ownerType: string; ownerId: string }): WebhookOwner => {
  if (!isOwnerType(event.ownerType)) throw new Error(`unknown webhook owner type "${event.ownerType}"`);
  return { type: event.ownerType, id: event.ownerId };
};
