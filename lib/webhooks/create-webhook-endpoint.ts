import type { DbContext } from "../core/context.ts";
import { newId } from "../db/ids.ts";
import { checkWebhookUrl } from "./check-webhook-url.ts";
import type { WebhookOwner } from "./emit-event.ts";
import type { LookupAll } from "./resolve-webhook-target.ts";
import { ownerLoopbackRule } from "./set-webhook-endpoint.ts";
import { generateWebhookSecret } from "./webhook-secret.ts";

/**
 * Adds an endpoint to a game, platform or campaign, besides its primary one: its own URL (checked like every
 * webhook URL: check-webhook-url.ts, https only for campaigns; 400 INVALID_WEBHOOK_URL naming `url`), its
 * own secret, and an event filter (empty: every event). Returns the row and its secret.
 */
export const createWebhookEndpoint = async (
  ctx: DbContext,
  {
    owner,
    url,
    eventTypes = [],
    description = "",
    lookup,
  }: { owner: WebhookOwner; url: string; eventTypes?: string[]; description?: string; lookup?: LookupAll },
) => {
  await checkWebhookUrl(url, { httpsOnly: owner.type === "campaign", ...(await ownerLoopbackRule(ctx, { owner })), lookup });
  const secret = generateWebhookSecret();
  const row = await ctx.db.webhookEndpoint.create({ data: { id: newId(), ownerType: owner.type, ownerId: owner.id, url, secret, eventTypes, description } });
  return { endpoint: row, secret };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { CHECK_WEBHOOK_URL_ERRORS } from "./check-webhook-url.ts";
export const CREATE_WEBHOOK_ENDPOINT_ERRORS = [...CHECK_WEBHOOK_URL_ERRORS] as const satisfies readonly ErrorCode[];
