import { newId } from "../db/ids.ts";
import type { DbClient } from "../db/transaction.ts";
import type { Environment } from "../core/environment.ts";
import { createDelivery } from "./create-delivery.ts";
import { listOwnerEndpoints, receives, type Endpoint } from "./resolve-endpoint.ts";

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

/**
 * Writes an event to the outbox. Call it with the transaction that makes the change it reports, so the
 * event exists exactly when the change does. Each of the owner's endpoints whose filter takes the event
 * gets a delivery row and its job in the same transaction (createDelivery); `to` names the endpoints
 * instead, filters ignored (a test event goes to one). Returns the event id.
 */
export const emitEvent = async (db: DbClient, input: EmitInput, { to }: { to?: Endpoint[] } = {}): Promise<string> => {
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
  const endpoints = to ?? (await listOwnerEndpoints(db, input.owner)).filter((e) => receives(e, input.event));
  for (const endpoint of endpoints) await createDelivery(db, { eventId: id, endpoint });
  return id;
};
