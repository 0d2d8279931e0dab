import type { Db } from "../db/client.ts";
import { newId } from "../db/ids.ts";
import { inTransaction } from "../db/transaction.ts";
import { enqueueJob } from "../jobs/enqueue.ts";
import { ATTEMPTABLE, deliveryTimeoutMs, retryDelayMs, type DeliveryStatus } from "./delivery-policy.ts";
import { postWebhook, type AttemptResult } from "./post-webhook.ts";
import { ownerOf, resolveEndpoint, type Endpoint } from "./resolve-endpoint.ts";
import { sign } from "./sign.ts";

export const DELIVER_TASK = "webhooks:deliver";

/** The job key of a delivery's next attempt: re-adding it replaces the pending job instead of adding a second. */
export const deliveryJobKey = (deliveryId: string) => `${DELIVER_TASK}:${deliveryId}`;

export type DeliverOutcome = Exclude<DeliveryStatus, "pending"> | "skipped";

type Event = { id: string; event: string; sequence: number; payload: string };

const headersFor = ({ event, deliveryId, attempt, secret }: { event: Event; deliveryId: string; attempt: number; secret: string }) => ({
  "content-type": "application/json",
  "user-agent": "Coinop-Webhooks/1",
  "x-service-signature": sign(event.payload, secret),
  "x-service-event": event.event,
  "x-service-event-id": event.id,
  "x-service-delivery-id": deliveryId,
  "x-service-sequence": String(event.sequence),
  "x-service-attempt": String(attempt),
  "x-service-timestamp": String(Math.floor(Date.now() / 1000)),
});

const IN_FLIGHT_MARGIN_MS = 60_000;

const NO_ENDPOINT: AttemptResult = {
  ok: false,
  statusCode: null,
  latencyMs: 0,
  responseExcerpt: null,
  error: "no webhook endpoint is configured for the owner",
};

/** Stores the attempt and moves the delivery on; a retry is a new job added in the same transaction. */
const recordAttempt = async (
  db: Db,
  {
    deliveryId,
    attempt,
    result,
    endpoint,
  }: {
    deliveryId: string;
    attempt: number;
    result: AttemptResult;
    endpoint: Endpoint | null;
  },
): Promise<DeliverOutcome> => {
  const now = new Date();
  const delay = result.ok || !endpoint ? null : retryDelayMs(attempt);
  const status: DeliverOutcome = result.ok ? "succeeded" : delay === null ? "failed" : "retrying";
  const nextAttemptAt = delay === null ? null : new Date(now.getTime() + delay);
  await inTransaction(db, async (tx) => {
    const { ok: _ok, ...fields } = result;
    await tx.webhookAttempt.create({ data: { id: newId(), deliveryId, attempt, ...fields, createdAt: now } });
    await tx.webhookDelivery.update({
      where: { id: deliveryId },
      data: { status, nextAttemptAt, ...(result.ok ? { deliveredAt: now } : {}) },
    });
    if (nextAttemptAt) await enqueueJob(tx, DELIVER_TASK, { deliveryId }, { runAt: nextAttemptAt, jobKey: deliveryJobKey(deliveryId) });
  });
  return status;
};

/**
 * Makes the next attempt of a delivery: POSTs the stored payload, signed with the owner's current
 * secret, to the owner's current URL (resolved and checked again now, and pinned: post-webhook.ts; a
 * refused address is a failed attempt that says why), records the attempt, then marks the delivery succeeded, failed,
 * or retrying with its next attempt enqueued. Throws only on internal errors (the job then retries).
 * An attempt is claimed by a conditional update (same `attempts`, none in flight), so two workers
 * never send the same delivery at once; a delivery that is already final is skipped.
 */
export const deliverWebhook = async (db: Db, deliveryId: string): Promise<DeliverOutcome> => {
  const delivery = await db.webhookDelivery.findUnique({ where: { id: deliveryId }, include: { event: true } });
  if (!delivery || !ATTEMPTABLE.includes(delivery.status as DeliveryStatus)) return "skipped";
  const endpoint = await resolveEndpoint(db, ownerOf(delivery.event));
  const attempt = delivery.attempts + 1;
  const timeoutMs = deliveryTimeoutMs();
  // nextAttemptAt = null marks an attempt in flight; one older than the timeout plus a margin was
  // abandoned by a worker that died, and may be taken over.
  const staleBefore = new Date(Date.now() - timeoutMs - IN_FLIGHT_MARGIN_MS);
  const claim = await db.webhookDelivery.updateMany({
    where: {
      id: deliveryId,
      attempts: delivery.attempts,
      status: { in: ATTEMPTABLE },
      OR: [{ nextAttemptAt: { not: null } }, { updatedAt: { lt: staleBefore } }],
    },
    data: { attempts: attempt, nextAttemptAt: null, ...(endpoint ? { url: endpoint.url } : {}) },
  });
  if (claim.count === 0) return "skipped";
  const result = endpoint
    ? await postWebhook({
        url: endpoint.url,
        body: delivery.event.payload,
        headers: headersFor({ event: delivery.event, deliveryId, attempt, secret: endpoint.secret }),
        timeoutMs,
        // loopback receivers are for test mode only; everything else outside the public internet is refused
        allowLoopback: delivery.event.environment === "test",
      })
    : NO_ENDPOINT;
  return recordAttempt(db, { deliveryId, attempt, result, endpoint });
};
