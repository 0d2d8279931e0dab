import { deleteWebhookEndpoint } from "../webhooks/delete-webhook-endpoint.ts";
import { portalCommand } from "./portal-command.ts";
import { findWebhookGame, webhookAudit } from "./webhook-access.ts";

/** Deletes a game's webhook endpoint (webhooks:write); for the primary one, clears the game's webhook URL. */
export const deletePortalWebhookEndpoint = portalCommand({
  permission: "webhooks:write",
  load: (ctx, params: { businessId: string; gameId: string; endpointId: string }) => findWebhookGame(ctx, params),
  run: async (ctx, { params, target: { owner } }) => {
    const { primary } = await deleteWebhookEndpoint(ctx, { owner, endpointId: params.endpointId });
    return { primary };
  },
  audit: ({ primary }, { params, target: { game } }) =>
    webhookAudit(game, { action: primary ? "webhook_endpoint.url_cleared" : "webhook_endpoint.deleted", objectId: params.endpointId }),
});
