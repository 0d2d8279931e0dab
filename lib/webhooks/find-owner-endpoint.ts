import { notFound } from "../core/errors.ts";
import type { WebhookEndpoint } from "../db/generated/client.ts";
import type { DbContext } from "../core/context.ts";
import type { WebhookOwner } from "./emit-event.ts";

/** One of the owner's endpoints (not deleted); another owner's, or a deleted one, is 404 WEBHOOK_ENDPOINT_NOT_FOUND. */
export const findOwnerEndpoint = async ({ db }: DbContext, { owner, endpointId }: { owner: WebhookOwner; endpointId: string }): Promise<WebhookEndpoint> => {
  const row = await db.webhookEndpoint.findFirst({ where: { id: endpointId, ownerType: owner.type, ownerId: owner.id, deletedAt: null } });
  if (!row) throw notFound("The webhook endpoint", "WEBHOOK_ENDPOINT_NOT_FOUND");
  return row;
};

/** The deliveries of an endpoint: those naming its row, and for the primary also those made before endpoints existed. */
export const deliveriesOfEndpoint = (owner: WebhookOwner, row: Pick<WebhookEndpoint, "id" | "primaryOf">) => ({
  event: { ownerType: owner.type, ownerId: owner.id },
  ...(row.primaryOf ? { OR: [{ endpointId: row.id }, { endpointId: null }] } : { endpointId: row.id }),
});

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const FIND_OWNER_ENDPOINT_ERRORS = ["WEBHOOK_ENDPOINT_NOT_FOUND"] as const satisfies readonly ErrorCode[];
