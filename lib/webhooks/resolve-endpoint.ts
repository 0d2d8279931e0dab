import type { DbClient } from "../db/transaction.ts";
import type { WebhookOwner } from "./emit-event.ts";

export type Endpoint = { url: string; secret: string };

/**
 * The owner's webhook endpoint as configured now: URL and signing secret. Read at every attempt, so a
 * rotated secret or a corrected URL applies to pending retries. Null when either is missing.
 */
export const resolveEndpoint = async (db: DbClient, owner: WebhookOwner): Promise<Endpoint | null> => {
  const select = { webhookUrl: true, webhookSecret: true } as const;
  const row =
    owner.type === "game"
      ? await db.game.findUnique({ where: { id: owner.id }, select })
      : owner.type === "platform"
        ? await db.platform.findUnique({ where: { id: owner.id }, select })
        : await db.campaign.findUnique({ where: { id: owner.id }, select });
  if (!row?.webhookUrl || !row.webhookSecret) return null;
  return { url: row.webhookUrl, secret: row.webhookSecret };
};

const OWNER_TYPES = ["game", "platform", "campaign"] as const;
const isOwnerType = (t: string): t is WebhookOwner["type"] => (OWNER_TYPES as readonly string[]).includes(t);

/** The owner recorded on an event row. */
export const ownerOf = (event: { ownerType: string; ownerId: string }): WebhookOwner => {
  if (!isOwnerType(event.ownerType)) throw new Error(`unknown webhook owner type "${event.ownerType}"`);
  return { type: event.ownerType, id: event.ownerId };
};
