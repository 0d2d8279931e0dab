import { deleteWebhookEndpoint } from "../webhooks/delete-webhook-endpoint.ts";
import type { PortalContext } from "./require-portal-access.ts";
import { auditWebhook, requireWebhookGame } from "./webhook-access.ts";

/** Deletes a game's webhook endpoint (webhooks:write); for the primary one, clears the game's webhook URL. */
export const deletePortalWebhookEndpoint = async (ctx: PortalContext, input: { businessId: string; gameId: string; endpointId: string }) => {
  const { member, game, owner } = await requireWebhookGame(ctx, { ...input, permission: "webhooks:write" });
  const { primary } = await deleteWebhookEndpoint(ctx, { owner, endpointId: input.endpointId });
  await auditWebhook(ctx, { member, game, action: primary ? "webhook_endpoint.url_cleared" : "webhook_endpoint.deleted", objectId: input.endpointId });
  return { primary };
};
