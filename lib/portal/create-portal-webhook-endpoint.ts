import { createWebhookEndpoint } from "../webhooks/create-webhook-endpoint.ts";
import type { LookupAll } from "../webhooks/resolve-webhook-target.ts";
import { CreateEndpointInput } from "../webhooks/schemas.ts";
import { parseOrThrow } from "../http/validation.ts";
import type { PortalContext } from "./require-portal-access.ts";
import { auditWebhook, requireWebhookGame } from "./webhook-access.ts";
import { eventTypesOf } from "./webhook-event-types.ts";

/**
 * Adds a webhook endpoint to a game (webhooks:write): URL (the webhook URL guard applies), event filter
 * (comma or space separated names; empty: every event), description. Its secret is returned this once.
 */
export const createPortalWebhookEndpoint = async (
  ctx: PortalContext,
  input: { businessId: string; gameId: string; url: string; eventTypes: string | string[]; description?: string; lookup?: LookupAll },
) => {
  const { member, game, owner } = await requireWebhookGame(ctx, { ...input, permission: "webhooks:write" });
  const body = parseOrThrow(CreateEndpointInput, { url: input.url, eventTypes: eventTypesOf(input.eventTypes), description: input.description ?? "" }, "body");
  const { endpoint, secret } = await createWebhookEndpoint(ctx, { owner, ...body, lookup: input.lookup });
  await auditWebhook(ctx, { member, game, action: "webhook_endpoint.created", objectId: endpoint.id, details: { url: body.url, eventTypes: body.eventTypes } });
  return { endpointId: endpoint.id, url: body.url, eventTypes: body.eventTypes, secret };
};
