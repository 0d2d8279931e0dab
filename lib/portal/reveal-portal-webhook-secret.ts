import { revealWebhookSecret } from "../webhooks/reveal-webhook-secret.ts";
import type { PortalContext } from "./require-portal-access.ts";
import { auditWebhook, requireWebhookGame } from "./webhook-access.ts";

/** Shows a webhook endpoint's signing secret (webhooks:write), and records who saw it. */
export const revealPortalWebhookSecret = async (ctx: PortalContext, input: { businessId: string; gameId: string; endpointId: string }) => {
  const { member, game, owner } = await requireWebhookGame(ctx, { ...input, permission: "webhooks:write" });
  const { secret } = await revealWebhookSecret(ctx, { owner, endpointId: input.endpointId });
  await auditWebhook(ctx, { member, game, action: "webhook_endpoint.secret_revealed", objectId: input.endpointId });
  return { secret };
};
