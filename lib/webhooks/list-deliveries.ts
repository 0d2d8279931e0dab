import type { DbContext } from "../core/context.ts";
import { pageInfo, pageWindow } from "../core/pagination.ts";
import type { DeliveryStatus } from "./delivery-policy.ts";
import type { WebhookOwner } from "./emit-event.ts";
import { deliveriesOfEndpoint, findOwnerEndpoint } from "./find-owner-endpoint.ts";

export type ListDeliveriesInput = {
  owner: WebhookOwner;
  status?: DeliveryStatus;
  eventId?: string;
  /** one endpoint's deliveries (404 for another owner's) */
  endpointId?: string;
  /** the event name */
  event?: string;
  /** created at or after / before */
  since?: Date;
  until?: Date;
  page?: number;
  limit?: number;
};

/**
 * The delivery log of one owner, newest first, each delivery with its event (the body sent, byte for byte)
 * and every attempt (status, latency, response excerpt, error, the request headers: signatures, never a secret).
 */
export const listDeliveries = async (
  ctx: DbContext,
  { owner, status, eventId, endpointId, event, since, until, page = 1, limit = 20 }: ListDeliveriesInput,
) => {
  const scope = endpointId ? deliveriesOfEndpoint(owner, await findOwnerEndpoint(ctx, { owner, endpointId })) : {};
  const where = {
    ...scope,
    event: { ownerType: owner.type, ownerId: owner.id, ...(eventId ? { id: eventId } : {}), ...(event ? { event } : {}) },
    ...(status ? { status } : {}),
    ...(since || until ? { createdAt: { ...(since ? { gte: since } : {}), ...(until ? { lt: until } : {}) } } : {}),
  };
  const [totalCount, deliveries] = await Promise.all([
    ctx.db.webhookDelivery.count({ where }),
    ctx.db.webhookDelivery.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      ...pageWindow({ page, limit }),
      include: {
        event: { select: { id: true, event: true, objectType: true, objectId: true, sequence: true, environment: true, createdAt: true, payload: true } },
        attemptLog: { orderBy: { attempt: "asc" } },
      },
    }),
  ]);
  return { deliveries, pagination: pageInfo({ page, limit, totalCount }) };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_OWNER_ENDPOINT_ERRORS } from "./find-owner-endpoint.ts";
export const LIST_DELIVERIES_ERRORS = [...FIND_OWNER_ENDPOINT_ERRORS] as const satisfies readonly ErrorCode[];
