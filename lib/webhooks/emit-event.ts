import { newId } from "../db/ids.ts";
import type { DbClient } from "../db/transaction.ts";
import { enqueueJob } from "../jobs/enqueue.ts";
import type { Environment } from "../core/environment.ts";

export type WebhookOwner = { type: "game" | "platform" | "campaign"; id: string };

export type EmitInput = {
  owner: WebhookOwner;
  environment: Environment;
  event: string;
  /** the object the event is about; events of one object carry an increasing sequence number */
  objectType: string;
  objectId: string;
  data: Record<string, unknown>;
};

const endpointOf = async (db: DbClient, owner: WebhookOwner): Promise<string | null> => {
  if (owner.type === "game") return (await db.game.findUnique({ where: { id: owner.id }, select: { webhookUrl: true } }))?.webhookUrl ?? null;
  if (owner.type === "platform") return (await db.platform.findUnique({ where: { id: owner.id }, select: { webhookUrl: true } }))?.webhookUrl ?? null;
  return (await db.campaign.findUnique({ where: { id: owner.id }, select: { webhookUrl: true } }))?.webhookUrl ?? null;
};

/**
 * Writes an event to the outbox. Call it with the transaction that makes the change it reports, so the
 * event exists exactly when the change does. When the owner has a webhook URL, a delivery row and its
 * job are added in the same transaction. Returns the event id.
 */
export const emitEvent = async (db: DbClient, input: EmitInput): Promise<string> => {
  const objectKey = `${input.objectType}:${input.objectId}`;
  const [{ last }] = await db.$queryRaw<{ last: number }[]>`
    INSERT INTO "ObjectSequence" ("objectKey", "last") VALUES (${objectKey}, 1)
    ON CONFLICT ("objectKey") DO UPDATE SET "last" = "ObjectSequence"."last" + 1
    RETURNING "last"`;
  const id = newId();
  const now = new Date();
  const payload = JSON.stringify({ event: input.event, data: input.data, timestamp: now.toISOString() });
  await db.webhookEvent.create({
    data: {
      id,
      ownerType: input.owner.type,
      ownerId: input.owner.id,
      environment: input.environment,
      event: input.event,
      objectType: input.objectType,
      objectId: input.objectId,
      sequence: last,
      payload,
      createdAt: now,
    },
  });
  const url = await endpointOf(db, input.owner);
  if (url) {
    const deliveryId = newId();
    await db.webhookDelivery.create({ data: { id: deliveryId, eventId: id, url, nextAttemptAt: now } });
    await enqueueJob(db, "webhooks:deliver", { deliveryId });
  }
  return id;
};
