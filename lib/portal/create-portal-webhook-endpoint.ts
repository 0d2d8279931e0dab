import { createWebhookEndpoint } from "../webhooks/create-webhook-endpoint.ts";
import type { LookupAll } from "../webhooks/resolve-webhook-target.ts";
import { CreateEndpointInput } from "../webhooks/schemas.ts";
import { portalCommand } from "./portal-command.ts";
import { findWebhookOwner, webhookAudit, type WebhookOwnerParams } from "./webhook-access.ts";
import { eventTypesOf } from "./webhook-event-types.ts";

/**
 * Adds a webhook endpoint to a game or platform (webhooks:write): URL (the webhook URL guard applies), event filter
 * (comma or space separated names; empty: every event), description. Its secret is returned this once.
 */
export const createPortalWebhookEndpoint = portalCommand({
  permission: "webhooks:write",
  load: (ctx, params: WebhookOwnerParams & { url: string; eventTypes: string | string[]; description?: string; lookup?: LookupAll }) =>
    findWebhookOwner(ctx, params),
  input: CreateEndpointInput,
  form: ({ url, eventTypes, description }) => ({ url, eventTypes: eventTypesOf(eventTypes), description: description ?? "" }),
  run: async (ctx, { params, input: body, target: { owner } }) => {
    const { endpoint, secret } = await createWebhookEndpoint(ctx, { owner, ...body, lookup: params.lookup });
    return { endpointId: endpoint.id, url: body.url, eventTypes: body.eventTypes, secret };
  },
  audit: (created, { input: body, target: { record } }) =>
    webhookAudit(record, { action: "webhook_endpoint.created", objectId: created.endpointId, details: { url: body.url, eventTypes: body.eventTypes } }),
});
