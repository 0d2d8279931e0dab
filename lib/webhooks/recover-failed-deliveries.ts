import type { DbContext } from "../core/context.ts";
import { inTransaction } from "../db/transaction.ts";
import { createDelivery } from "./create-delivery.ts";
import type { WebhookOwner } from "./emit-event.ts";
import { deliveriesOfEndpoint, findOwnerEndpoint } from "./find-owner-endpoint.ts";
import { sendableEndpoint } from "./resend-event.ts";
import { endpointOfRow } from "./resolve-endpoint.ts";

/** At most this many deliveries are recovered per call; `more` says when the caller should call again. */
export const RECOVER_LIMIT = 1000;

/**
 * "Recover all failed since T": every failed delivery of the endpoint created at or after `since` and not
 * recovered before gets its event sent again as a new delivery to the endpoint (same event id), oldest
 * first, and is marked recovered, in one transaction, so recovering twice does not send twice. The endpoint
 * must be enabled (409 WEBHOOK_ENDPOINT_DISABLED; enable it first). Returns how many were recovered.
 */
export const recoverFailedDeliveries = async (
  ctx: DbContext,
  { owner, endpointId, since }: { owner: WebhookOwner; endpointId: string; since: Date },
): Promise<{ recovered: number; deliveryIds: string[]; more: boolean }> => {
  const row = await findOwnerEndpoint(ctx, { owner, endpointId });
  const endpoint = sendableEndpoint(await endpointOfRow(ctx, row));
  return inTransaction(ctx.db, async (tx) => {
    const failed = await tx.webhookDelivery.findMany({
      where: { ...deliveriesOfEndpoint(owner, row), status: "failed", recoveredAt: null, createdAt: { gte: since } },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: RECOVER_LIMIT + 1,
      select: { id: true, eventId: true },
    });
    const batch = failed.slice(0, RECOVER_LIMIT);
    const deliveryIds: string[] = [];
    for (const d of batch) {
      const { count } = await tx.webhookDelivery.updateMany({ where: { id: d.id, recoveredAt: null }, data: { recoveredAt: new Date() } });
      if (count === 1) deliveryIds.push(await createDelivery(tx, { eventId: d.eventId, endpoint }));
    }
    return { recovered: deliveryIds.length, deliveryIds, more: failed.length > RECOVER_LIMIT };
  });
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_OWNER_ENDPOINT_ERRORS } from "./find-owner-endpoint.ts";
import { RESEND_EVENT_ERRORS } from "./resend-event.ts";
export const RECOVER_FAILED_DELIVERIES_ERRORS = [...FIND_OWNER_ENDPOINT_ERRORS, ...RESEND_EVENT_ERRORS] as const satisfies readonly ErrorCode[];
