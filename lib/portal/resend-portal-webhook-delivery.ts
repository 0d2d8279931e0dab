import { resendDelivery } from "../webhooks/resend-delivery.ts";
import type { PortalContext } from "./require-portal-access.ts";
import { auditWebhook, requireWebhookGame } from "./webhook-access.ts";

/** Resends any delivery of the game's events, a succeeded one too (webhooks:write): a new delivery, same event id. */
export const resendPortalWebhookDelivery = async (ctx: PortalContext, input: { businessId: string; gameId: string; deliveryId: string }) => {
  const { member, game, owner } = await requireWebhookGame(ctx, { ...input, permission: "webhooks:write" });
  const made = await resendDelivery(ctx, { owner, deliveryId: input.deliveryId });
  await auditWebhook(ctx, {
    member,
    game,
    action: "webhook_delivery.resent",
    objectType: "webhook_delivery",
    objectId: input.deliveryId,
    details: { eventId: made.eventId, newDeliveryId: made.deliveryId },
  });
  return made;
};
