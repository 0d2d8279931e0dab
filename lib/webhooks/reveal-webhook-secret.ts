import type { DbContext } from "../core/context.ts";
import { conflict } from "../core/errors.ts";
import type { WebhookOwner } from "./emit-event.ts";
import { findOwnerEndpoint } from "./find-owner-endpoint.ts";
import { endpointOfRow } from "./resolve-endpoint.ts";

/** The current signing secret of one of the owner's endpoints (the caller checks the permission and audits). */
export const revealWebhookSecret = async (ctx: DbContext, { owner, endpointId }: { owner: WebhookOwner; endpointId: string }): Promise<{ secret: string }> => {
  const row = await findOwnerEndpoint(ctx, { owner, endpointId });
  const endpoint = await endpointOfRow(ctx, row);
  if (!endpoint) throw conflict("WEBHOOK_ENDPOINT_NOT_SET", "The endpoint has no URL, so no secret signs for it.");
  return { secret: endpoint.secret };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_OWNER_ENDPOINT_ERRORS } from "./find-owner-endpoint.ts";
export const REVEAL_WEBHOOK_SECRET_ERRORS = ["WEBHOOK_ENDPOINT_NOT_SET", ...FIND_OWNER_ENDPOINT_ERRORS] as const satisfies readonly ErrorCode[];
