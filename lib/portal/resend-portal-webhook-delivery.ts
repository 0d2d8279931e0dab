import { resendDelivery } from "../webhooks/resend-delivery.ts";
import { portalCommand } from "./portal-command.ts";
import { findWebhookGame, webhookAudit } from "./webhook-access.ts";

/** Resends any delivery of the game's events, a succeeded one too (webhooks:write): a new delivery, same event id. */
export const resendPortalWebhookDelivery = portalCommand({
  permission: "webhooks:write",
  load: (ctx, params: { businessId: string; gameId: string; deliveryId: string }) => findWebhookGame(ctx, params),
  run: (ctx, { params, target: { owner } }) => resendDelivery(ctx, { owner, deliveryId: params.deliveryId }),
  audit: (made, { params, target: { game } }) =>
    webhookAudit(game, {
      action: "webhook_delivery.resent",
      objectType: "webhook_delivery",
      objectId: params.deliveryId,
      details: { eventId: made.eventId, newDeliveryId: made.deliveryId },
    }),
});
