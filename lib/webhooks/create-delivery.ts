import { newId } from "../db/ids.ts";
import { Prisma } from "../db/generated/client.ts";
import type { SqlClient } from "../db/transaction.ts";
import { utcSql } from "../db/utc.ts";
import { addJobSql } from "../jobs/enqueue.ts";
import { DELIVER_TASK } from "./delivery-job.ts";
import type { Endpoint } from "./resolve-endpoint.ts";

/** Why a delivery to a disabled endpoint failed without an attempt. */
export const DISABLED_REASON = "not attempted: the endpoint is disabled (recover it once the endpoint is enabled again)";

/** A delivery job's payload ({deliveryId}, as enqueueJob writes it) from the `id` of the delivery rows a statement writes. */
export const DELIVERY_PAYLOAD = Prisma.sql`json_build_object('deliveryId', id)`;

/**
 * Adds one delivery of an event to each endpoint, with its first job, in `db`'s transaction, in one statement
 * (an event of the link stream went from two statements per endpoint to one in all). To a disabled endpoint no
 * attempt is made: the delivery is stored `failed` with the reason and gets no job, so "recover all failed
 * since…" can send it once the endpoint is enabled again. Returns the deliveries' ids, in the endpoints' order.
 */
export const createDeliveries = async (db: SqlClient, { eventId, endpoints }: { eventId: string; endpoints: Endpoint[] }): Promise<string[]> => {
  if (endpoints.length === 0) return [];
  const ids = endpoints.map(() => newId());
  const at = utcSql(new Date());
  await db.$executeRaw`
    WITH d AS (
      INSERT INTO "WebhookDelivery" ("id", "eventId", "url", "endpointId", "status", "failureReason", "nextAttemptAt", "createdAt", "updatedAt")
      SELECT v.id, ${eventId}, v.url, v.endpoint_id,
             CASE WHEN v.disabled THEN 'failed' ELSE 'pending' END,
             CASE WHEN v.disabled THEN ${DISABLED_REASON} END,
             CASE WHEN v.disabled THEN NULL ELSE ${at} END,
             ${at}, ${at}
      FROM unnest(${ids}::text[], ${endpoints.map((e) => e.url)}::text[], ${endpoints.map((e) => (e.primary ? null : e.id))}::text[],
                  ${endpoints.map((e) => e.disabledAt !== null)}::boolean[]) AS v(id, url, endpoint_id, disabled)
      RETURNING "id", "status")
    SELECT ${addJobSql(DELIVER_TASK, DELIVERY_PAYLOAD)} FROM d WHERE d."status" = 'pending'`;
  return ids;
};

/** One delivery of an event to one endpoint (createDeliveries). Returns its id. */
export const createDelivery = async (db: SqlClient, { eventId, endpoint }: { eventId: string; endpoint: Endpoint }): Promise<string> =>
  (await createDeliveries(db, { eventId, endpoints: [endpoint] }))[0];
