import { resendDelivery } from "../webhooks/resend-delivery.ts";
import { portalCommand } from "./portal-command.ts";
import { findWebhookOwner, webhookAudit, type WebhookOwnerParams } from "./webhook-access.ts";

/** Resends any delivery of the game's or platform's events, a succeeded one too (webhooks:write): a new delivery, same event id. */
export const resendPortalWebhookDelivery = portalCommand({
  permission: "webhooks:write",
  load: (ctx, params: WebhookOwnerParams & { deliveryId: string }) => findWebhookOwner(ctx, params),
  run: (ctx, { params, target: { owner } }) => resendDelivery(ctx, { owner, deliveryId: params.deliveryId }),
  audit: (made, { params, target: { record } }) =>
    webhookAudit(record, {
      action: "webhook_delivery.resent",
      objectType: "webhook_delivery",
      objectId: params.deliveryId,
      details: { eventId: made.eventId, newDeliveryId: made.deliveryId },
    }),
});
