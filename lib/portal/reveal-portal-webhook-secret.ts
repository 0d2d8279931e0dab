import { revealWebhookSecret } from "../webhooks/reveal-webhook-secret.ts";
import { portalCommand } from "./portal-command.ts";
import { findWebhookOwner, webhookAudit, type WebhookOwnerParams } from "./webhook-access.ts";

/** Shows a webhook endpoint's signing secret (webhooks:write), and records who saw it. */
export const revealPortalWebhookSecret = portalCommand({
  permission: "webhooks:write",
  load: (ctx, params: WebhookOwnerParams & { endpointId: string }) => findWebhookOwner(ctx, params),
  run: async (ctx, { params, target: { owner } }) => {
    const { secret } = await revealWebhookSecret(ctx, { owner, endpointId: params.endpointId });
    return { secret };
  },
  audit: (_, { params, target: { record } }) => webhookAudit(record, { action: "webhook_endpoint.secret_revealed", objectId: params.endpointId }),
});
