import type { LookupAll } from "../webhooks/resolve-webhook-target.ts";
import { UpdateEndpointInput } from "../webhooks/schemas.ts";
import { updateWebhookEndpoint } from "../webhooks/update-webhook-endpoint.ts";
import { portalCommand } from "./portal-command.ts";
import { findWebhookOwner, webhookAudit, type WebhookOwnerParams } from "./webhook-access.ts";
import { eventTypesOf } from "./webhook-event-types.ts";

/**
 * Edits a game's or platform's webhook endpoint (webhooks:write): URL, filter, description, or enabled (enabling again
 * after a failure streak clears it). The primary endpoint's URL is the game's webhookUrl.
 */
export const updatePortalWebhookEndpoint = portalCommand({
  permission: "webhooks:write",
  load: (
    ctx,
    params: WebhookOwnerParams & {
      endpointId: string;
      url?: string;
      eventTypes?: string | string[];
      description?: string;
      enabled?: boolean;
      lookup?: LookupAll;
    },
  ) => findWebhookOwner(ctx, params),
  input: UpdateEndpointInput,
  form: (params) => ({
    url: params.url,
    eventTypes: params.eventTypes === undefined ? undefined : eventTypesOf(params.eventTypes),
    description: params.description,
    enabled: params.enabled,
  }),
  run: async (ctx, { params, input: body, target: { owner } }) => {
    const row = await updateWebhookEndpoint(ctx, { owner, endpointId: params.endpointId, ...body, lookup: params.lookup });
    return { endpointId: row.id, eventTypes: row.eventTypes, enabled: row.disabledAt === null };
  },
  audit: ({ endpointId }, { input: body, target: { record } }) =>
    webhookAudit(record, {
      action: body.enabled === true ? "webhook_endpoint.enabled" : body.enabled === false ? "webhook_endpoint.disabled" : "webhook_endpoint.updated",
      objectId: endpointId,
      details: { changed: Object.keys(body).filter((k) => body[k as keyof typeof body] !== undefined), ...body },
    }),
});
