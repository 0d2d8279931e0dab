import type { DbContext } from "../core/context.ts";
import { conflict, notFound } from "../core/errors.ts";
import { inTransaction } from "../db/transaction.ts";
import { createDelivery } from "./create-delivery.ts";
import type { WebhookOwner } from "./emit-event.ts";
import { endpointOfRow, resolveEndpoint, type Endpoint } from "./resolve-endpoint.ts";

/** 409 when there is no endpoint to send to, or it is disabled (no attempt would be made). */
export const sendableEndpoint = (endpoint: Endpoint | null): Endpoint => {
  if (!endpoint) throw conflict("WEBHOOK_ENDPOINT_NOT_SET", "No webhook endpoint is configured; set one before resending.");
  if (endpoint.disabledAt) throw conflict("WEBHOOK_ENDPOINT_DISABLED", "The webhook endpoint is disabled; enable it before sending to it.");
  return endpoint;
};

/**
 * Sends an existing event again as a new delivery (its own attempts and retry schedule) to the owner's
 * primary endpoint, or to `endpointId` (one of the owner's endpoints). The event is loaded scoped to
 * `owner`, so another tenant's event is not found. The payload, event id and sequence are the original
 * ones, so receivers can deduplicate.
 */
export const resendEvent = async (
  ctx: DbContext,
  { owner, eventId, endpointId }: { owner: WebhookOwner; eventId: string; endpointId?: string | null },
): Promise<{ deliveryId: string }> => {
  const event = await ctx.db.webhookEvent.findFirst({ where: { id: eventId, ownerType: owner.type, ownerId: owner.id }, select: { id: true } });
  if (!event) throw notFound("The event", "EVENT_NOT_FOUND");
  let endpoint: Endpoint | null;
  if (endpointId) {
    const row = await ctx.db.webhookEndpoint.findFirst({ where: { id: endpointId, ownerType: owner.type, ownerId: owner.id, deletedAt: null } });
    if (!row) throw notFound("The webhook endpoint", "WEBHOOK_ENDPOINT_NOT_FOUND");
    endpoint = await endpointOfRow(ctx, row);
  } else endpoint = await resolveEndpoint(ctx.db, owner);
  const target = sendableEndpoint(endpoint);
  const deliveryId = await inTransaction(ctx.db, (tx) => createDelivery(tx, { eventId, endpoint: target }));
  return { deliveryId };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const RESEND_EVENT_ERRORS = [
  "EVENT_NOT_FOUND",
  "WEBHOOK_ENDPOINT_DISABLED",
  "WEBHOOK_ENDPOINT_NOT_FOUND",
  "WEBHOOK_ENDPOINT_NOT_SET",
] as const satisfies readonly ErrorCode[];
