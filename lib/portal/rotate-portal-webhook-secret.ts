import { rotateWebhookSecret } from "../webhooks/rotate-webhook-secret.ts";
import { portalCommand } from "./portal-command.ts";
import { findWebhookOwner, webhookAudit, type WebhookOwnerParams } from "./webhook-access.ts";

/** Rotates a webhook endpoint's secret (webhooks:write): the old one keeps signing for 24 h. The new one is returned. */
export const rotatePortalWebhookSecret = portalCommand({
  permission: "webhooks:write",
  load: (ctx, params: WebhookOwnerParams & { endpointId: string }) => findWebhookOwner(ctx, params),
  run: (ctx, { params, target: { owner } }) => rotateWebhookSecret(ctx, { owner, endpointId: params.endpointId }),
  audit: (rotated, { params, target: { record } }) =>
    webhookAudit(record, {
      action: "webhook_endpoint.secret_rotated",
      objectId: params.endpointId,
      details: { previousSecretUntil: rotated.previousSecretUntil.toISOString() },
    }),
});
