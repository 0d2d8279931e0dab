import { now } from "../core/clock.ts";
import type { DbContext } from "../core/context.ts";
import type { WebhookOwner } from "./emit-event.ts";
import { findOwnerEndpoint } from "./find-owner-endpoint.ts";
import { setWebhookEndpoint } from "./set-webhook-endpoint.ts";

/**
 * Removes an endpoint: no more deliveries are made to it, and its pending retries fail ("no webhook endpoint").
 * Its row and delivery log are kept (deletedAt). The primary endpoint is the owner's own URL: removing it
 * clears that URL (the spec's null), and its row stays for a URL set later.
 */
export const deleteWebhookEndpoint = async (
  ctx: DbContext,
  { owner, endpointId }: { owner: WebhookOwner; endpointId: string },
): Promise<{ primary: boolean }> => {
  const row = await findOwnerEndpoint(ctx, { owner, endpointId });
  if (row.primaryOf) {
    await setWebhookEndpoint(ctx, { owner, url: null });
    return { primary: true };
  }
  await ctx.db.webhookEndpoint.update({ where: { id: row.id }, data: { deletedAt: now() } });
  return { primary: false };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_OWNER_ENDPOINT_ERRORS } from "./find-owner-endpoint.ts";
import { SET_WEBHOOK_ENDPOINT_ERRORS } from "./set-webhook-endpoint.ts";
export const DELETE_WEBHOOK_ENDPOINT_ERRORS = [...FIND_OWNER_ENDPOINT_ERRORS, ...SET_WEBHOOK_ENDPOINT_ERRORS] as const satisfies readonly ErrorCode[];
