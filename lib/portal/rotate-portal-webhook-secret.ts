import { rotateWebhookSecret } from "../webhooks/rotate-webhook-secret.ts";
import { portalCommand } from "./portal-command.ts";
import { findWebhookGame, webhookAudit } from "./webhook-access.ts";

/** Rotates a webhook endpoint's secret (webhooks:write): the old one keeps signing for 24 h. The new one is returned. */
export const rotatePortalWebhookSecret = portalCommand({
  permission: "webhooks:write",
  load: (ctx, params: { businessId: string; gameId: string; endpointId: string }) => findWebhookGame(ctx, params),
  run: (ctx, { params, target: { owner } }) => rotateWebhookSecret(ctx, { owner, endpointId: params.endpointId }),
  audit: (rotated, { params, target: { game } }) =>
    webhookAudit(game, {
      action: "webhook_endpoint.secret_rotated",
      objectId: params.endpointId,
      details: { previousSecretUntil: rotated.previousSecretUntil.toISOString() },
    }),
});
