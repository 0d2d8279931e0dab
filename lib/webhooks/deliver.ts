import type { Db } from "../db/client.ts";
import { newId } from "../db/ids.ts";
import { inTransaction } from "../db/transaction.ts";
import { enqueueJob } from "../jobs/enqueue.ts";
import { ATTEMPTABLE, deliveryTimeoutMs, retryDelayMs, type DeliveryStatus } from "./delivery-policy.ts";
import { postWebhook, type AttemptResult } from "./post-webhook.ts";
import { DISABLED_REASON } from "./create-delivery.ts";
import { recordEndpointHealth } from "./record-endpoint-health.ts";
import { ownerOf, resolveDeliveryEndpoint, type Endpoint } from "./resolve-endpoint.ts";
import { sign } from "./sign.ts";

export const DELIVER_TASK = "webhooks:deliver";

/** The job key of a delivery's next attempt: re-adding it replaces the pending job instead of adding a second. */
export const deliveryJobKey = (deliveryId: string) => `${DELIVER_TASK}:${deliveryId}`;

/** deferred: an earlier event of the same object to the same endpoint is still being delivered (per-object order). */
export type DeliverOutcome = Exclude<DeliveryStatus, "pending"> | "skipped" | "deferred";

type Event = { id: string; event: string; sequence: number; payload: string };
type Delivery = {
  id: string;
  endpointId: string | null;
  attempts: number;
  event: { ownerType: string; ownerId: string; objectType: string; objectId: string; sequence: number };
};

/** Deliveries of the same endpoint and object that are still being tried (not final, not recovered). */
const sameQueue = (d: Delivery) => ({
  endpointId: d.endpointId,
  status: { in: ATTEMPTABLE },
  event: { ownerType: d.event.ownerType, ownerId: d.event.ownerId, objectType: d.event.objectType, objectId: d.event.objectId },
});

/**
 * Per-object order: while an earlier event of the same object to the same endpoint is still being tried,
 * this delivery waits (no attempt is used up). The earlier one wakes the next when it ends (wakeNext), so
 * the wait here is only a safety net: until just after the earlier one's next attempt could have ended.
 * If the earlier one ended while this was being put off, it wakes itself. Returns true when it was put off.
 */
const deferBehindEarlier = async (db: Db, d: Delivery): Promise<boolean> => {
  const q = sameQueue(d);
  const blocker = await db.webhookDelivery.findFirst({
    where: { ...q, id: { not: d.id }, event: { ...q.event, sequence: { lt: d.event.sequence } } },
    orderBy: { event: { sequence: "asc" } },
    select: { id: true, nextAttemptAt: true },
  });
  if (!blocker) return false;
  const from = Math.max(blocker.nextAttemptAt?.getTime() ?? 0, Date.now());
  const runAt = new Date(from + deliveryTimeoutMs() + IN_FLIGHT_MARGIN_MS);
  await inTransaction(db, async (tx) => {
    const { count } = await tx.webhookDelivery.updateMany({
      where: { id: d.id, attempts: d.attempts, status: { in: ATTEMPTABLE }, nextAttemptAt: { not: null } },
      data: { nextAttemptAt: runAt },
    });
    if (count === 1) await enqueueJob(tx, DELIVER_TASK, { deliveryId: d.id }, { runAt, jobKey: deliveryJobKey(d.id) });
  });
  // the earlier one may have ended (and looked for a next one to wake) before the job above was written
  const ongoing = await db.webhookDelivery.count({ where: { id: blocker.id, status: { in: ATTEMPTABLE } } });
  if (ongoing === 0) await enqueueJob(db, DELIVER_TASK, { deliveryId: d.id }, { jobKey: deliveryJobKey(d.id) });
  return true;
};

/** After a delivery ends (succeeded or failed): the next event of its object to its endpoint goes now. */
const wakeNext = async (db: Db, d: Delivery): Promise<void> => {
  const q = sameQueue(d);
  const next = await db.webhookDelivery.findFirst({
    where: { ...q, id: { not: d.id }, event: { ...q.event, sequence: { gt: d.event.sequence } } },
    orderBy: { event: { sequence: "asc" } },
    select: { id: true, nextAttemptAt: true },
  });
  // only one that was put off (its next look is in the future): a new one's first job is still to run, and a
  // second job for it would only find its attempt in flight
  if (next?.nextAttemptAt && next.nextAttemptAt.getTime() > Date.now())
    await enqueueJob(db, DELIVER_TASK, { deliveryId: next.id }, { jobKey: deliveryJobKey(next.id) });
};

/**
 * The headers of one attempt. x-service-signature is signed with the endpoint's current secret; for 24 h
 * after a rotation x-service-signature-previous carries the signature with the secret before it.
 */
export const headersFor = ({
  event,
  deliveryId,
  attempt,
  endpoint,
}: {
  event: Event;
  deliveryId: string;
  attempt: number;
  endpoint: Pick<Endpoint, "secret" | "previousSecret">;
}) => ({
  "content-type": "application/json",
  "user-agent": "Coinop-Webhooks/1",
  "x-service-signature": sign(event.payload, endpoint.secret),
  ...(endpoint.previousSecret ? { "x-service-signature-previous": sign(event.payload, endpoint.previousSecret) } : {}),
  "x-service-event": event.event,
  "x-service-event-id": event.id,
  "x-service-delivery-id": deliveryId,
  "x-service-sequence": String(event.sequence),
  "x-service-attempt": String(attempt),
  "x-service-timestamp": String(Math.floor(Date.now() / 1000)),
});

const IN_FLIGHT_MARGIN_MS = 60_000;

/**
 * The claim of a job that runs again (`rerun`: its worker died, lib/jobs/worker-liveness.ts, or it threw)
 * failed. When an attempt is in flight (nextAttemptAt null), that worker may have died mid-attempt
 * (SIGKILL, a lost machine): nothing else would ever take it over, and the object's later events would
 * wait behind it for good. So look again once that attempt would be stale; had a live worker made it, it
 * is recorded by then, and the job is skipped. (Found by the fault run's worker-kill scenario.) A first
 * run that meets an attempt in flight is a duplicate job beside a live attempt: skipped at once.
 */
const recheckInFlight = async (db: Db, deliveryId: string, timeoutMs: number): Promise<DeliverOutcome> => {
  const d = await db.webhookDelivery.findUnique({ where: { id: deliveryId }, select: { status: true, nextAttemptAt: true, updatedAt: true } });
  if (!d || d.nextAttemptAt !== null || !ATTEMPTABLE.includes(d.status as DeliveryStatus)) return "skipped";
  const runAt = new Date(Math.max(d.updatedAt.getTime() + timeoutMs + IN_FLIGHT_MARGIN_MS + 1_000, Date.now() + 1_000));
  await enqueueJob(db, DELIVER_TASK, { deliveryId }, { runAt, jobKey: deliveryJobKey(deliveryId) });
  return "deferred";
};

const NO_ENDPOINT: AttemptResult = {
  ok: false,
  statusCode: null,
  latencyMs: 0,
  responseExcerpt: null,
  error: "no webhook endpoint is configured (the URL was removed or the endpoint deleted)",
};

/** Stores the attempt and moves the delivery on; a retry is a new job added in the same transaction. */
const recordAttempt = async (
  db: Db,
  {
    deliveryId,
    attempt,
    result,
    endpoint,
    requestHeaders,
  }: {
    deliveryId: string;
    attempt: number;
    result: AttemptResult;
    endpoint: Endpoint | null;
    requestHeaders: Record<string, string> | null;
  },
): Promise<DeliverOutcome> => {
  const now = new Date();
  const delay = result.ok || !endpoint ? null : retryDelayMs(attempt);
  const status: DeliverOutcome = result.ok ? "succeeded" : delay === null ? "failed" : "retrying";
  const nextAttemptAt = delay === null ? null : new Date(now.getTime() + delay);
  await inTransaction(db, async (tx) => {
    const { ok: _ok, ...fields } = result;
    await tx.webhookAttempt.create({
      data: { id: newId(), deliveryId, attempt, ...fields, requestHeaders: requestHeaders ? JSON.stringify(requestHeaders) : null, createdAt: now },
    });
    await tx.webhookDelivery.update({
      where: { id: deliveryId },
      data: { status, nextAttemptAt, ...(result.ok ? { deliveredAt: now } : {}) },
    });
    if (nextAttemptAt) await enqueueJob(tx, DELIVER_TASK, { deliveryId }, { runAt: nextAttemptAt, jobKey: deliveryJobKey(deliveryId) });
  });
  return status;
};

/**
 * Makes the next attempt of a delivery: POSTs the stored payload, signed with its endpoint's current
 * secret (and the previous one during a rotation's 24 h), to the endpoint's current URL (resolved and checked
 * again now, and pinned: post-webhook.ts; a refused address is a failed attempt that says why), records the
 * attempt with its request headers, then marks the delivery succeeded, failed, or retrying with its next
 * attempt enqueued, and updates the endpoint's health (record-endpoint-health.ts). A delivery to a disabled
 * endpoint fails without an attempt (kept for recovery). Per-object order: a delivery waits while an earlier
 * event of its object to its endpoint is still being tried (deferBehindEarlier). Throws only on internal errors (the job then
 * retries). An attempt is claimed by a conditional update (same `attempts`, none in flight), so two workers
 * never send the same delivery at once; a delivery that is already final is skipped.
 */
export const deliverWebhook = async (db: Db, deliveryId: string, { rerun = false }: { rerun?: boolean } = {}): Promise<DeliverOutcome> => {
  const delivery = await db.webhookDelivery.findUnique({ where: { id: deliveryId }, include: { event: true } });
  if (!delivery || !ATTEMPTABLE.includes(delivery.status as DeliveryStatus)) return "skipped";
  const owner = ownerOf(delivery.event);
  const endpoint = await resolveDeliveryEndpoint(db, { endpointId: delivery.endpointId, owner });
  if (endpoint?.disabledAt) {
    const { count } = await db.webhookDelivery.updateMany({
      where: { id: deliveryId, attempts: delivery.attempts, status: { in: ATTEMPTABLE } },
      data: { status: "failed", nextAttemptAt: null, failureReason: DISABLED_REASON },
    });
    if (count === 0) return "skipped";
    await wakeNext(db, delivery);
    return "failed";
  }
  if (endpoint && (await deferBehindEarlier(db, delivery))) return "deferred";
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
  if (claim.count === 0) return rerun ? recheckInFlight(db, deliveryId, timeoutMs) : "skipped";
  const headers = endpoint ? headersFor({ event: delivery.event, deliveryId, attempt, endpoint }) : null;
  const result =
    endpoint && headers
      ? await postWebhook({
          url: endpoint.url,
          body: delivery.event.payload,
          headers,
          timeoutMs,
          // loopback receivers are for test mode only; everything else outside the public internet is refused
          allowLoopback: delivery.event.environment === "test",
        })
      : NO_ENDPOINT;
  const outcome = await recordAttempt(db, { deliveryId, attempt, result, endpoint, requestHeaders: headers });
  if (endpoint) await recordEndpointHealth(db, { owner, endpoint, ok: result.ok });
  if (outcome === "succeeded" || outcome === "failed") await wakeNext(db, delivery);
  return outcome;
};
