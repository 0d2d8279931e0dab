import type { DbContext } from "../core/context.ts";
import { notFound } from "../core/errors.ts";
import { inTransaction } from "../db/transaction.ts";
import { EXCERPT_CHARS } from "./delivery-policy.ts";
import type { WebhookOwner } from "./emit-event.ts";
import { LISTENER_PENDING_ERROR, LISTENER_URL_PREFIX } from "./listener.ts";

export type ListenerAnswer = {
  owner: WebhookOwner;
  deliveryId: string;
  /** the local receiver's HTTP status; null when it could not be reached (then `error` says why) */
  statusCode: number | null;
  latencyMs: number;
  responseExcerpt?: string | null;
  error?: string | null;
};

/**
 * Records what the local receiver answered to a delivery handed to `npm run listen` (pollListenerDeliveries):
 * its one attempt gets the status, latency, excerpt (at most EXCERPT_CHARS) or error, and the delivery is
 * succeeded (a 2xx) or failed. No retry: a listener is a live session, and the event's own deliveries to the
 * configured endpoints are retried as always (docs/decisions/listen.md). Only the owner's own listener
 * deliveries (another owner's, or a delivery of an endpoint: 404); reported once (a repeat: recorded false).
 */
export const recordListenerAttempt = async (
  ctx: DbContext,
  { owner, deliveryId, statusCode, latencyMs, responseExcerpt = null, error = null }: ListenerAnswer,
): Promise<{ deliveryId: string; status: "succeeded" | "failed"; recorded: boolean }> =>
  inTransaction(ctx.db, async (tx) => {
    const delivery = await tx.webhookDelivery.findFirst({
      where: { id: deliveryId, url: { startsWith: LISTENER_URL_PREFIX }, event: { ownerType: owner.type, ownerId: owner.id, environment: "test" } },
      select: { id: true, status: true },
    });
    if (!delivery) throw notFound("The listener delivery", "WEBHOOK_DELIVERY_NOT_FOUND");
    const ok = statusCode !== null && statusCode >= 200 && statusCode < 300 && !error;
    const { count } = await tx.webhookAttempt.updateMany({
      where: { deliveryId, attempt: 1, statusCode: null, error: LISTENER_PENDING_ERROR },
      data: {
        statusCode,
        latencyMs: Math.max(0, Math.round(latencyMs)),
        responseExcerpt: responseExcerpt === null ? null : responseExcerpt.slice(0, EXCERPT_CHARS),
        error: ok ? null : (error ?? `the local receiver answered ${statusCode}`),
      },
    });
    if (count === 0) return { deliveryId, status: delivery.status as "succeeded" | "failed", recorded: false };
    await tx.webhookDelivery.update({
      where: { id: deliveryId },
      data: { status: ok ? "succeeded" : "failed", failureReason: null, ...(ok ? { deliveredAt: new Date() } : {}) },
    });
    return { deliveryId, status: ok ? "succeeded" : "failed", recorded: true };
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const RECORD_LISTENER_ATTEMPT_ERRORS = ["WEBHOOK_DELIVERY_NOT_FOUND"] as const satisfies readonly ErrorCode[];
