import { newId } from "../db/ids.ts";
import type { DbContext } from "../core/context.ts";
import { inTransaction } from "../db/transaction.ts";
import { conflict, notFound } from "../core/errors.ts";
import { enqueueJob } from "../jobs/enqueue.ts";
import { DELIVER_TASK } from "./deliver.ts";
import type { WebhookOwner } from "./emit-event.ts";
import { resolveEndpoint } from "./resolve-endpoint.ts";

/**
 * Sends an existing event again as a new delivery (its own attempts and retry schedule) to the owner's
 * current endpoint. The event is loaded scoped to `owner`, so another tenant's event is not found.
 * The payload, event id and sequence are the original ones, so receivers can deduplicate.
 */
export const resendEvent = async (ctx: DbContext, { owner, eventId }: { owner: WebhookOwner; eventId: string }): Promise<{ deliveryId: string }> => {
  const event = await ctx.db.webhookEvent.findFirst({ where: { id: eventId, ownerType: owner.type, ownerId: owner.id }, select: { id: true } });
  if (!event) throw notFound("The event", "EVENT_NOT_FOUND");
  const endpoint = await resolveEndpoint(ctx.db, owner);
  if (!endpoint) throw conflict("WEBHOOK_ENDPOINT_NOT_SET", "No webhook endpoint is configured; set one before resending.");
  const deliveryId = newId();
  await inTransaction(ctx.db, async (tx) => {
    await tx.webhookDelivery.create({ data: { id: deliveryId, eventId, url: endpoint.url, nextAttemptAt: new Date() } });
    await enqueueJob(tx, DELIVER_TASK, { deliveryId });
  });
  return { deliveryId };
};
