import { newId } from "../db/ids.ts";
import { Prisma } from "../db/generated/client.ts";
import type { SqlClient } from "../db/transaction.ts";
import { utcSql } from "../db/utc.ts";
import type { Environment } from "../core/environment.ts";
import { createDeliveries } from "./create-delivery.ts";
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
 * gets a delivery row and its job in the same transaction (createDeliveries); `to` names the endpoints
 * instead, filters ignored (a test event goes to one). Returns the event id. Raw SQL only (SqlClient): it runs in
 * Prisma's transaction or in node-postgres's (lib/db/pg-transaction.ts).
 */
export const emitEvent = async (db: SqlClient, input: EmitInput, { to }: { to?: Endpoint[] } = {}): Promise<string> => {
  const objectKey = `${input.objectType}:${input.objectId}`;
  const id = newId();
  const now = new Date();
  const payload = JSON.stringify({ event: input.event, data: input.data, timestamp: now.toISOString() });
  // the object's next sequence number and the event, in one statement; with the owner's endpoints when it reads them
  const write = Prisma.sql`
    seq AS (
      INSERT INTO "ObjectSequence" ("objectKey", "last") VALUES (${objectKey}, 1)
      ON CONFLICT ("objectKey") DO UPDATE SET "last" = "ObjectSequence"."last" + 1
      RETURNING "last"),
    ev AS (
      INSERT INTO "WebhookEvent" ("id", "ownerType", "ownerId", "environment", "event", "objectType", "objectId", "sequence", "payload", "createdAt")
      SELECT ${id}, ${input.owner.type}, ${input.owner.id}, ${input.environment}::"Environment", ${input.event}, ${input.objectType}, ${input.objectId},
             seq."last", ${payload}, ${utcSql(now)}
      FROM seq)`;
  let endpoints = to;
  if (endpoints) await db.$executeRaw`WITH ${write} SELECT 1`;
  else endpoints = (await listOwnerEndpoints({ db }, { owner: input.owner, along: write })).filter((e) => receives(e, input.event));
  await createDeliveries(db, { eventId: id, endpoints });
  return id;
};
