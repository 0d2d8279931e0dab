import type { DbContext } from "../core/context.ts";
import { pageInfo, pageWindow } from "../core/pagination.ts";
import type { DeliveryStatus } from "./delivery-policy.ts";
import type { WebhookOwner } from "./emit-event.ts";

export type ListDeliveriesInput = {
  owner: WebhookOwner;
  status?: DeliveryStatus;
  eventId?: string;
  page?: number;
  limit?: number;
};

/** The delivery log of one owner, newest first, each delivery with its event summary and every attempt. */
export const listDeliveries = async (ctx: DbContext, { owner, status, eventId, page = 1, limit = 20 }: ListDeliveriesInput) => {
  const where = {
    event: { ownerType: owner.type, ownerId: owner.id, ...(eventId ? { id: eventId } : {}) },
    ...(status ? { status } : {}),
  };
  const [totalCount, deliveries] = await Promise.all([
    ctx.db.webhookDelivery.count({ where }),
    ctx.db.webhookDelivery.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      ...pageWindow({ page, limit }),
      include: {
        event: { select: { id: true, event: true, objectType: true, objectId: true, sequence: true, environment: true, createdAt: true } },
        attemptLog: { orderBy: { attempt: "asc" } },
      },
    }),
  ]);
  return { deliveries, pagination: pageInfo({ page, limit, totalCount }) };
};
