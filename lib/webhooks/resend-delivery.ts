import type { DbContext } from "../core/context.ts";
import { notFound } from "../core/errors.ts";
import type { WebhookOwner } from "./emit-event.ts";
import { resendEvent } from "./resend-event.ts";

/**
 * Sends a delivery's event again, whatever the delivery's status (a succeeded one too), as a new delivery
 * to the same endpoint: same body, same event id (x-service-event-id) and sequence, its own attempts.
 * Another owner's delivery is 404; a deleted endpoint 404, a disabled one 409.
 */
export const resendDelivery = async (
  ctx: DbContext,
  { owner, deliveryId }: { owner: WebhookOwner; deliveryId: string },
): Promise<{ deliveryId: string; eventId: string }> => {
  const delivery = await ctx.db.webhookDelivery.findFirst({
    where: { id: deliveryId, event: { ownerType: owner.type, ownerId: owner.id } },
    select: { eventId: true, endpointId: true },
  });
  if (!delivery) throw notFound("The webhook delivery", "WEBHOOK_DELIVERY_NOT_FOUND");
  const made = await resendEvent(ctx, { owner, eventId: delivery.eventId, endpointId: delivery.endpointId });
  return { deliveryId: made.deliveryId, eventId: delivery.eventId };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { RESEND_EVENT_ERRORS } from "./resend-event.ts";
export const RESEND_DELIVERY_ERRORS = ["WEBHOOK_DELIVERY_NOT_FOUND", ...RESEND_EVENT_ERRORS] as const satisfies readonly ErrorCode[];
