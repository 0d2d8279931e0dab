import { rotateWebhookSecret } from "../webhooks/rotate-webhook-secret.ts";
import type { PortalContext } from "./require-portal-access.ts";
import { auditWebhook, requireWebhookGame } from "./webhook-access.ts";

/** Rotates a webhook endpoint's secret (webhooks:write): the old one keeps signing for 24 h. The new one is returned. */
export const rotatePortalWebhookSecret = async (ctx: PortalContext, input: { businessId: string; gameId: string; endpointId: string }) => {
  const { member, game, owner } = await requireWebhookGame(ctx, { ...input, permission: "webhooks:write" });
  const rotated = await rotateWebhookSecret(ctx, { owner, endpointId: input.endpointId });
  await auditWebhook(ctx, {
    member,
    game,
    action: "webhook_endpoint.secret_rotated",
    objectId: input.endpointId,
    details: { previousSecretUntil: rotated.previousSecretUntil.toISOString() },
  });
  return rotated;
};
