import { now } from "../core/clock.ts";
import type { DbContext } from "../core/context.ts";
import { checkWebhookUrl } from "./check-webhook-url.ts";
import type { WebhookOwner } from "./emit-event.ts";
import { findOwnerEndpoint } from "./find-owner-endpoint.ts";
import type { LookupAll } from "./resolve-webhook-target.ts";
import { ownerLoopbackRule, setWebhookEndpoint } from "./set-webhook-endpoint.ts";

/**
 * Changes an endpoint's URL (checked again; the primary's goes to the owner through setWebhookEndpoint, its
 * secret kept), filter or description, or enables it again after a failure streak (the streak and warning
 * are cleared) or disables it by hand. Another owner's endpoint is 404. Returns the row as it is now.
 */
export const updateWebhookEndpoint = async (
  ctx: DbContext,
  {
    owner,
    endpointId,
    url,
    eventTypes,
    description,
    enabled,
    lookup,
  }: { owner: WebhookOwner; endpointId: string; url?: string; eventTypes?: string[]; description?: string; enabled?: boolean; lookup?: LookupAll },
) => {
  const row = await findOwnerEndpoint(ctx, { owner, endpointId });
  if (url !== undefined) {
    if (row.primaryOf) await setWebhookEndpoint(ctx, { owner, url, httpsOnly: owner.type === "campaign", lookup });
    else await checkWebhookUrl(url, { httpsOnly: owner.type === "campaign", ...(await ownerLoopbackRule(ctx, { owner })), lookup });
  }
  const health =
    enabled === true
      ? { disabledAt: null, disabledReason: null, failingSince: null, warnedAt: null }
      : enabled === false && !row.disabledAt
        ? { disabledAt: now(), disabledReason: "Disabled by a member." }
        : {};
  return ctx.db.webhookEndpoint.update({
    where: { id: row.id },
    data: {
      ...(url !== undefined && !row.primaryOf ? { url } : {}),
      ...(eventTypes !== undefined ? { eventTypes } : {}),
      ...(description !== undefined ? { description } : {}),
      ...health,
    },
  });
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { CHECK_WEBHOOK_URL_ERRORS } from "./check-webhook-url.ts";
import { FIND_OWNER_ENDPOINT_ERRORS } from "./find-owner-endpoint.ts";
import { SET_WEBHOOK_ENDPOINT_ERRORS } from "./set-webhook-endpoint.ts";
export const UPDATE_WEBHOOK_ENDPOINT_ERRORS = [
  ...CHECK_WEBHOOK_URL_ERRORS,
  ...FIND_OWNER_ENDPOINT_ERRORS,
  ...SET_WEBHOOK_ENDPOINT_ERRORS,
] as const satisfies readonly ErrorCode[];
