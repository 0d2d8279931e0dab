import { now } from "../core/clock.ts";
import type { WebhookEndpoint } from "../db/generated/client.ts";
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
export const ownerColumns = async (db: DbClient, owner: WebhookOwner): Promise<{ url: string | null; secret: string | null } | null> => {
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
 * to pending retries. Null when the URL or the secret is missing.
 */
export const resolveEndpoint = async (db: DbClient, owner: WebhookOwner): Promise<Endpoint | null> => {
  const cols = await ownerColumns(db, owner);
  if (!cols?.url || !cols.secret) return null;
  const row = await db.webhookEndpoint.findUnique({ where: { primaryOf: primaryKeyOf(owner) } });
  return {
    id: row?.id ?? null,
    primary: true,
    url: cols.url,
    secret: cols.secret,
    previousSecret: liveSecret(row, now()),
    eventTypes: row?.eventTypes ?? [],
    disabledAt: row?.disabledAt ?? null,
  };
};

/** An endpoint row as an Endpoint (the primary's URL and secret come from the owner). Null when it has none or was deleted. */
export const endpointOfRow = async (db: DbClient, row: WebhookEndpoint): Promise<Endpoint | null> => {
  if (row.deletedAt) return null;
  if (row.primaryOf) return resolveEndpoint(db, { type: row.ownerType as WebhookOwner["type"], id: row.ownerId });
  if (!row.url || !row.secret) return null;
  return {
    id: row.id,
    primary: false,
    url: row.url,
    secret: row.secret,
    previousSecret: liveSecret(row, now()),
    eventTypes: row.eventTypes,
    disabledAt: row.disabledAt,
  };
};

/** Where a delivery goes now: its endpoint row, or (no endpointId: made before endpoints existed) the primary. */
export const resolveDeliveryEndpoint = async (db: DbClient, { endpointId, owner }: { endpointId: string | null; owner: WebhookOwner }) => {
  if (!endpointId) return resolveEndpoint(db, owner);
  const row = await db.webhookEndpoint.findUnique({ where: { id: endpointId } });
  return row ? endpointOfRow(db, row) : null;
};

/** Every endpoint of the owner that exists now: the primary (when its URL is set) first, then the others, oldest first. */
export const listOwnerEndpoints = async (db: DbClient, owner: WebhookOwner): Promise<Endpoint[]> => {
  const primary = await resolveEndpoint(db, owner);
  const rows = await db.webhookEndpoint.findMany({
    where: { ownerType: owner.type, ownerId: owner.id, primaryOf: null, deletedAt: null },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const others = (await Promise.all(rows.map((r) => endpointOfRow(db, r)))).filter((e): e is Endpoint => e !== null);
  return primary ? [primary, ...others] : others;
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
