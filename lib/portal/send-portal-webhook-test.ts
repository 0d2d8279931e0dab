import { sendTestEvent } from "../webhooks/send-test-event.ts";
import type { PortalContext } from "./require-portal-access.ts";
import { auditWebhook, requireWebhookGame } from "./webhook-access.ts";

/** "Send test event" (webhooks:write): a Webhook.Ping to this one endpoint. */
export const sendPortalWebhookTest = async (ctx: PortalContext, input: { businessId: string; gameId: string; endpointId: string }) => {
  const { member, game, owner } = await requireWebhookGame(ctx, { ...input, permission: "webhooks:write" });
  const sent = await sendTestEvent(ctx, { owner, endpointId: input.endpointId });
  await auditWebhook(ctx, { member, game, action: "webhook_endpoint.test_sent", objectId: input.endpointId, details: sent });
  return sent;
};
