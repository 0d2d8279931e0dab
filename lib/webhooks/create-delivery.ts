import { newId } from "../db/ids.ts";
import type { DbClient } from "../db/transaction.ts";
import { enqueueJob } from "../jobs/enqueue.ts";
import type { Endpoint } from "./resolve-endpoint.ts";

/** Why a delivery to a disabled endpoint failed without an attempt. */
export const DISABLED_REASON = "not attempted: the endpoint is disabled (recover it once the endpoint is enabled again)";

/**
 * Adds one delivery of an event to one endpoint, with its first job, in `db`'s transaction. To a disabled
 * endpoint no attempt is made: the delivery is stored `failed` with the reason, so "recover all failed
 * since…" can send it once the endpoint is enabled again. Returns the delivery's id.
 */
export const createDelivery = async (db: DbClient, { eventId, endpoint }: { eventId: string; endpoint: Endpoint }): Promise<string> => {
  const id = newId();
  const endpointId = endpoint.primary ? null : endpoint.id;
  if (endpoint.disabledAt) {
    await db.webhookDelivery.create({ data: { id, eventId, url: endpoint.url, endpointId, status: "failed", failureReason: DISABLED_REASON } });
    return id;
  }
  await db.webhookDelivery.create({ data: { id, eventId, url: endpoint.url, endpointId, nextAttemptAt: new Date() } });
  await enqueueJob(db, "webhooks:deliver", { deliveryId: id });
  return id;
};
