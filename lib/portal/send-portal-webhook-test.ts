import { sendTestEvent } from "../webhooks/send-test-event.ts";
import { portalCommand } from "./portal-command.ts";
import { findWebhookOwner, webhookAudit, type WebhookOwnerParams } from "./webhook-access.ts";

/** "Send test event" (webhooks:write): a Webhook.Ping to this one endpoint. */
export const sendPortalWebhookTest = portalCommand({
  permission: "webhooks:write",
  load: (ctx, params: WebhookOwnerParams & { endpointId: string }) => findWebhookOwner(ctx, params),
  run: (ctx, { params, target: { owner } }) => sendTestEvent(ctx, { owner, endpointId: params.endpointId }),
  audit: (sent, { params, target: { record } }) => webhookAudit(record, { action: "webhook_endpoint.test_sent", objectId: params.endpointId, details: sent }),
});
