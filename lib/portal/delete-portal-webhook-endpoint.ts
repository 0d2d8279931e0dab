import { deleteWebhookEndpoint } from "../webhooks/delete-webhook-endpoint.ts";
import { portalCommand } from "./portal-command.ts";
import { findWebhookOwner, webhookAudit, type WebhookOwnerParams } from "./webhook-access.ts";

/** Deletes a game's or platform's webhook endpoint (webhooks:write); for the primary one, clears the game's webhook URL. */
export const deletePortalWebhookEndpoint = portalCommand({
  permission: "webhooks:write",
  load: (ctx, params: WebhookOwnerParams & { endpointId: string }) => findWebhookOwner(ctx, params),
  run: async (ctx, { params, target: { owner } }) => {
    const { primary } = await deleteWebhookEndpoint(ctx, { owner, endpointId: params.endpointId });
    return { primary };
  },
  audit: ({ primary }, { params, target: { record } }) =>
    webhookAudit(record, { action: primary ? "webhook_endpoint.url_cleared" : "webhook_endpoint.deleted", objectId: params.endpointId }),
});
