import type { LookupAll } from "../webhooks/resolve-webhook-target.ts";
import { UpdateEndpointInput } from "../webhooks/schemas.ts";
import { updateWebhookEndpoint } from "../webhooks/update-webhook-endpoint.ts";
import type { PortalContext } from "./require-portal-access.ts";
import { parseOrThrow } from "../http/validation.ts";
import { auditWebhook, requireWebhookGame } from "./webhook-access.ts";
import { eventTypesOf } from "./webhook-event-types.ts";

/**
 * Edits a game's webhook endpoint (webhooks:write): URL, filter, description, or enabled (enabling again
 * after a failure streak clears it). The primary endpoint's URL is the game's webhookUrl.
 */
export const updatePortalWebhookEndpoint = async (
  ctx: PortalContext,
  input: {
    businessId: string;
    gameId: string;
    endpointId: string;
    url?: string;
    eventTypes?: string | string[];
    description?: string;
    enabled?: boolean;
    lookup?: LookupAll;
  },
) => {
  const { member, game, owner } = await requireWebhookGame(ctx, { ...input, permission: "webhooks:write" });
  const body = parseOrThrow(
    UpdateEndpointInput,
    {
      url: input.url,
      eventTypes: input.eventTypes === undefined ? undefined : eventTypesOf(input.eventTypes),
      description: input.description,
      enabled: input.enabled,
    },
    "body",
  );
  const row = await updateWebhookEndpoint(ctx, { owner, endpointId: input.endpointId, ...body, lookup: input.lookup });
  const action = body.enabled === true ? "webhook_endpoint.enabled" : body.enabled === false ? "webhook_endpoint.disabled" : "webhook_endpoint.updated";
  await auditWebhook(ctx, {
    member,
    game,
    action,
    objectId: row.id,
    details: { changed: Object.keys(body).filter((k) => body[k as keyof typeof body] !== undefined), ...body },
  });
  return { endpointId: row.id, eventTypes: row.eventTypes, enabled: row.disabledAt === null };
};
