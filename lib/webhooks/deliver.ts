import type { Db } from "../db/client.ts";
import { newId } from "../db/ids.ts";
import { Prisma } from "../db/generated/client.ts";
import { queryPrepared } from "../db/prepared.ts";
import { utcSql } from "../db/utc.ts";
import { addJobSql, enqueueJob } from "../jobs/enqueue.ts";
import { ATTEMPTABLE, deliveryTimeoutMs, retryDelayMs, type DeliveryStatus } from "./delivery-policy.ts";
import { loopbackRule } from "./loopback-rule.ts";
import { postWebhook, type AttemptResult } from "./post-webhook.ts";
import { DELIVERY_PAYLOAD, DISABLED_REASON } from "./create-delivery.ts";
import { DELIVER_TASK, deliveryJobKey } from "./delivery-job.ts";
import { recordEndpointHealth } from "./record-endpoint-health.ts";
import { deliveryEndpointOf, deliveryEndpointSql, ownerOf, type DeliveryEndpointColumns, type Endpoint } from "./resolve-endpoint.ts";
import { sign, signTimestamped } from "./sign.ts";
import { isEventOnClock } from "./event-on-clock.ts";

export { DELIVER_TASK, deliveryJobKey };

/** deferred: an earlier event of the same object to the same endpoint is still being delivered (per-object order). */
export type DeliverOutcome = Exclude<DeliveryStatus, "pending"> | "skipped" | "deferred";

type Event = { id: string; event: string; sequence: number; payload: string };

/** A delivery with its event and where it goes now, as one query reads it (loadDelivery, nextInQueue). */
type Delivery = {
  id: string;
  endpointId: string | null;
  attempts: number;
  status: string;
  /** null: an attempt is in flight */
  nextAttemptAt: Date | null;
  event: Event & { ownerType: string; ownerId: string; objectType: string; objectId: string; environment: string };
  /** its endpoint as configured now (read at every attempt: a rotated secret or a corrected URL applies at once) */
  endpoint: Endpoint | null;
};

type DeliveryRow = Omit<Delivery, "event" | "endpoint"> &
  DeliveryEndpointColumns & {
    eventId: string;
    eventName: string;
    sequence: number;
    payload: string;
    ownerType: string;
    ownerId: string;
    objectType: string;
    objectId: string;
    environment: string;
  };

const toDelivery = (r: DeliveryRow): Delivery => ({
  id: r.id,
  endpointId: r.endpointId,
  attempts: r.attempts,
  status: r.status,
  nextAttemptAt: r.nextAttemptAt,
  event: {
    id: r.eventId,
    event: r.eventName,
    sequence: r.sequence,
    payload: r.payload,
    ownerType: r.ownerType,
    ownerId: r.ownerId,
    objectType: r.objectType,
    objectId: r.objectId,
    environment: r.environment,
  },
  endpoint: deliveryEndpointOf(r),
});

// The columns are timestamp (UTC wall time, as Prisma writes them): read and written AT TIME ZONE 'UTC'.
const DELIVERY_COLUMNS = Prisma.sql`d.id, d."endpointId", d.attempts, d.status, d."nextAttemptAt" AT TIME ZONE 'UTC' AS "nextAttemptAt",
  e.id AS "eventId", e.event AS "eventName", e.sequence, e.payload, e."ownerType", e."ownerId", e."objectType", e."objectId", e.environment::text AS environment`;

const endpointOfQ = deliveryEndpointSql("q");

/** The delivery found by `query` (DELIVERY_COLUMNS, at most one row), with where it goes now (deliveryEndpointSql). */
const withEndpoint = (query: Prisma.Sql) => Prisma.sql`SELECT q.*, ${endpointOfQ.columns} FROM (${query}) q ${endpointOfQ.joins}`;

/** The delivery with its event and its endpoint, in one query. */
const loadDelivery = async (db: Db, deliveryId: string): Promise<Delivery | null> => {
  const [row] = await queryPrepared<DeliveryRow>(
    db,
    withEndpoint(Prisma.sql`SELECT ${DELIVERY_COLUMNS} FROM "WebhookDelivery" d JOIN "WebhookEvent" e ON e.id = d."eventId" WHERE d.id = ${deliveryId}`),
  );
  return row ? toDelivery(row) : null;
};

/**
 * Deliveries of the same endpoint and object that are still being tried (not final, not recovered), found
 * from the object's events by sequence (index WebhookEvent(objectType, objectId, sequence)).
 */
const sameQueue = (d: Delivery) => Prisma.sql`
  e."objectType" = ${d.event.objectType} AND e."objectId" = ${d.event.objectId}
  AND e."ownerType" = ${d.event.ownerType} AND e."ownerId" = ${d.event.ownerId}
  AND d."endpointId" IS NOT DISTINCT FROM ${d.endpointId}::text AND d.status = ANY(${ATTEMPTABLE}::text[]) AND d.id <> ${d.id}`;

/**
 * The nearest earlier delivery of the same queue still being tried, if any. From the nearest sequence down:
 * when the one just before is still being tried (a backlog), it is the first row read.
 */
const earlierInQueue = async (db: Db, d: Delivery): Promise<{ id: string; nextAttemptAt: Date | null } | undefined> => {
  const [row] = await queryPrepared<{ id: string; nextAttemptAt: Date | null }>(
    db,
    Prisma.sql`
    SELECT d.id, d."nextAttemptAt" AT TIME ZONE 'UTC' AS "nextAttemptAt" FROM "WebhookEvent" e JOIN "WebhookDelivery" d ON d."eventId" = e.id
    WHERE ${sameQueue(d)} AND e.sequence < ${d.event.sequence} ORDER BY e.sequence DESC LIMIT 1`,
  );
  return row;
};

/** The query of nextInQueue (also read in the statement that records an attempt: recordAttempt). */
const nextInQueueSql = (d: Delivery) =>
  withEndpoint(Prisma.sql`
    SELECT ${DELIVERY_COLUMNS} FROM "WebhookEvent" e JOIN "WebhookDelivery" d ON d."eventId" = e.id
    WHERE ${sameQueue(d)} AND e.sequence > ${d.event.sequence} ORDER BY e.sequence ASC LIMIT 1`);

/** The next delivery of the same queue (the lowest later sequence still being tried), with its event and endpoint. */
const nextInQueue = async (db: Db, d: Delivery): Promise<Delivery | null> => {
  const [row] = await queryPrepared<DeliveryRow>(db, nextInQueueSql(d));
  return row ? toDelivery(row) : null;
};

/**
 * Per-object order: while an earlier event of the same object to the same endpoint is still being tried,
 * this delivery waits (no attempt is used up). The earlier one's job goes on to the next when it ends
 * (deliverWebhook's `follow`, or wakeNext), so the wait here is only a safety net: until just after the
 * earlier one's next attempt could have ended. If the earlier one ended while this was being put off, it
 * wakes itself. Returns true when it was put off.
 *
 * An earlier one with an attempt in flight needs no safety net here: the job making that attempt takes or
 * wakes this one when it ends, and if its worker dies, the job runs again and looks at the abandoned
 * attempt once stale (recheckInFlight, recheckFollowed), and then goes on the same way. Writing a delay and
 * a job for every event behind a busy object cost more than the deliveries themselves.
 */
const deferBehindEarlier = async (db: Db, d: Delivery): Promise<boolean> => {
  const blocker = await earlierInQueue(db, d);
  if (!blocker) return false;
  if (blocker.nextAttemptAt === null) return true;
  const from = Math.max(blocker.nextAttemptAt?.getTime() ?? 0, Date.now());
  const runAt = new Date(from + deliveryTimeoutMs() + IN_FLIGHT_MARGIN_MS);
  // one statement: the delay and its job commit together (graphile_worker.add_job, as enqueueJob)
  await db.$executeRaw`
    WITH put_off AS (
      UPDATE "WebhookDelivery" SET "nextAttemptAt" = ${utcSql(runAt)}, "updatedAt" = ${utcSql(new Date())}
      WHERE id = ${d.id} AND attempts = ${d.attempts} AND status = ANY(${ATTEMPTABLE}::text[]) AND "nextAttemptAt" IS NOT NULL
      RETURNING id)
    SELECT ${addJobSql(DELIVER_TASK, DELIVERY_PAYLOAD, { runAt, jobKey: deliveryJobKey(d.id) })}::text FROM put_off`;
  // the earlier one may have ended (and looked for a next one to take) before the job above was written
  const [still] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM "WebhookDelivery" WHERE id = ${blocker.id} AND status = ANY(${ATTEMPTABLE}::text[])`;
  if (still.n === 0) await enqueueJob(db, DELIVER_TASK, { deliveryId: d.id }, { jobKey: deliveryJobKey(d.id) });
  return true;
};

/**
 * After a delivery ends (succeeded or failed) and its job does not go on: the next event of its object to
 * its endpoint (`next`, read as the end was recorded) goes now, unless its attempt is already in flight. Also
 * when its next look is not in the future: its own job may have run already and found this one in flight
 * (deferBehindEarlier writes nothing then); where its own job is still queued, this replaces it (the same key).
 */
const wakeNext = async (db: Db, next: Delivery | null): Promise<void> => {
  if (next?.nextAttemptAt) await enqueueJob(db, DELIVER_TASK, { deliveryId: next.id }, { jobKey: deliveryJobKey(next.id) });
};

/**
 * The headers of one attempt. x-service-signature is signed with the endpoint's current secret; for 24 h
 * after a rotation x-service-signature-previous carries the signature with the secret before it.
 * x-service-timestamped-signature (an addition) signs the attempt's time with the body, for replay checks.
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
}) => {
  const timestamp = Math.floor(Date.now() / 1000);
  return {
    "content-type": "application/json",
    "user-agent": "Coinop-Webhooks/1",
    "x-service-signature": sign(event.payload, endpoint.secret),
    ...(endpoint.previousSecret ? { "x-service-signature-previous": sign(event.payload, endpoint.previousSecret) } : {}),
    "x-service-event": event.event,
    "x-service-event-id": event.id,
    "x-service-delivery-id": deliveryId,
    "x-service-sequence": String(event.sequence),
    "x-service-attempt": String(attempt),
    "x-service-timestamp": String(timestamp),
    "x-service-timestamped-signature": signTimestamped(
      event.payload,
      timestamp,
      endpoint.previousSecret ? [endpoint.secret, endpoint.previousSecret] : [endpoint.secret],
    ),
  };
};

const IN_FLIGHT_MARGIN_MS = 60_000;

/**
 * The claim of a job that runs again (`rerun`: its worker died, lib/jobs/worker-liveness.ts, or it threw)
 * failed. When an attempt is in flight (nextAttemptAt null), that worker may have died mid-attempt
 * (SIGKILL, a lost machine): nothing else would ever take it over, and the object's later events would
 * wait behind it for good. So look again once that attempt would be stale; had a live worker made it, it
 * is recorded by then, and the job is skipped. (Found by the fault run's worker-kill scenario.) A first
 * run that meets an attempt in flight is a duplicate job beside a live attempt: skipped at once. (A
 * delivery's first job has no key, so nothing else gives it up for retries: graphile-worker's add_job or
 * remove_job on the key of a running job would; docs/decisions/webhooks.md.)
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

/**
 * Stores the attempt and moves the delivery on; a retry is a new job (graphile_worker.add_job, as
 * enqueueJob) added in the same statement, so the attempt, the new state and the retry's job commit
 * together. A success also ends its endpoint's failure streak in that statement (what recordEndpointHealth
 * does for a success, without a round trip of its own: a no-op on a healthy endpoint). When the delivery has
 * ended (succeeded, or failed for good), the same statement reads the next delivery of its queue (nextInQueue,
 * which the job then takes or wakes): one round trip instead of two for each delivery of a busy object.
 */
const recordAttempt = async (
  db: Db,
  {
    delivery,
    attempt,
    result,
    endpoint,
    requestHeaders,
  }: {
    delivery: Delivery;
    attempt: number;
    result: AttemptResult;
    endpoint: Endpoint | null;
    requestHeaders: Record<string, string> | null;
  },
): Promise<Attempted> => {
  const deliveryId = delivery.id;
  const now = new Date();
  const delay = result.ok || !endpoint ? null : retryDelayMs(attempt);
  const status: DeliverOutcome = result.ok ? "succeeded" : delay === null ? "failed" : "retrying";
  const nextAttemptAt = delay === null ? null : new Date(now.getTime() + delay);
  const headers = requestHeaders ? JSON.stringify(requestHeaders) : null;
  const recorded = Prisma.sql`
    WITH attempt AS (
      INSERT INTO "WebhookAttempt" ("id", "deliveryId", "attempt", "statusCode", "latencyMs", "responseExcerpt", "error", "requestHeaders", "createdAt")
      VALUES (${newId()}, ${deliveryId}, ${attempt}, ${result.statusCode}::int, ${result.latencyMs}, ${result.responseExcerpt}::text, ${result.error}::text,
        ${headers}::text, ${utcSql(now)})),
    moved AS (
      UPDATE "WebhookDelivery" SET status = ${status}, "nextAttemptAt" = ${nextAttemptAt ? utcSql(nextAttemptAt) : Prisma.sql`NULL`},
        "deliveredAt" = ${result.ok ? utcSql(now) : Prisma.sql`"deliveredAt"`}, "updatedAt" = ${utcSql(now)}
      WHERE id = ${deliveryId} RETURNING id),
    healed AS (
      UPDATE "WebhookEndpoint" SET "failingSince" = NULL, "warnedAt" = NULL, "updatedAt" = ${utcSql(now)}
      WHERE ${result.ok}::boolean AND id = ${endpoint?.id ?? null}::text AND "failingSince" IS NOT NULL)`;
  if (nextAttemptAt) {
    await queryPrepared(
      db,
      Prisma.sql`${recorded}
      SELECT ${addJobSql(DELIVER_TASK, DELIVERY_PAYLOAD, { runAt: nextAttemptAt, jobKey: deliveryJobKey(deliveryId) })}::text FROM moved`,
    );
    return { outcome: status };
  }
  // Ended: a job of this delivery still waiting (a look for when an attempt would be stale, written by a job that
  // lost the claim to this attempt: recheckInFlight; or a wake-up) has nothing left to do, and is removed with
  // the end. Only one not running: remove_job on a running job (this one, for its first delivery) would give up
  // its retries (graphile-worker clears the key and sets attempts to max_attempts).
  // The data-modifying CTEs run whatever the query reads; it reads the queue as it was when the statement
  // began, which is what it would read after it (the delivery this statement changes is not part of its own queue)
  // (A CTE that only reads runs only when the query reads it: the count is the preserved side of a left join.)
  const [row] = await queryPrepared<DeliveryRow | { [K in keyof DeliveryRow]: null }>(
    db,
    Prisma.sql`${recorded},
    cleared AS (
      SELECT graphile_worker.remove_job(j.key) FROM graphile_worker.jobs j
      WHERE j.key = ${deliveryJobKey(deliveryId)}::text AND j.locked_at IS NULL AND EXISTS (SELECT 1 FROM moved))
    SELECT n.* FROM (SELECT count(*) FROM cleared) c LEFT JOIN (${nextInQueueSql(delivery)}) n ON true`,
  );
  return { outcome: status, next: row?.id ? toDelivery(row as DeliveryRow) : null };
};

/** What an attempt came to; `next`: the next delivery of its queue, when it ended and that was read with it (recordAttempt). */
type Attempted = { outcome: DeliverOutcome; next?: Delivery | null };

/** One attempt of a loaded delivery (see deliverWebhook); `ordered`: it was reached from the earlier one that just ended. */
const attemptDelivery = async (db: Db, delivery: Delivery, { rerun, ordered }: { rerun: boolean; ordered: boolean }): Promise<Attempted> => {
  const deliveryId = delivery.id;
  const owner = ownerOf(delivery.event);
  const { endpoint } = delivery;
  if (endpoint?.disabledAt) {
    const count = await db.$executeRaw`
      UPDATE "WebhookDelivery" SET status = 'failed', "nextAttemptAt" = NULL, "failureReason" = ${DISABLED_REASON}, "updatedAt" = ${utcSql(new Date())}
      WHERE id = ${deliveryId} AND attempts = ${delivery.attempts} AND status = ANY(${ATTEMPTABLE}::text[])`;
    return { outcome: count === 0 ? "skipped" : "failed" };
  }
  if (endpoint && !ordered && (await deferBehindEarlier(db, delivery))) return { outcome: "deferred" };
  const attempt = delivery.attempts + 1;
  const timeoutMs = deliveryTimeoutMs();
  // nextAttemptAt = null marks an attempt in flight; one older than the timeout plus a margin was
  // abandoned by a worker that died, and may be taken over.
  const staleBefore = new Date(Date.now() - timeoutMs - IN_FLIGHT_MARGIN_MS);
  // Taken by the job that follows the queue, a delivery's own keyed job (put off, a scheduled retry, a wake-up)
  // is removed with the claim (graphile_worker.remove_job; a running one is left to find the attempt taken).
  const [{ claimed }] = await queryPrepared<{ claimed: number }>(
    db,
    Prisma.sql`
    WITH claim AS (
      UPDATE "WebhookDelivery" SET attempts = ${attempt}, "nextAttemptAt" = NULL, url = COALESCE(${endpoint?.url ?? null}::text, url), "updatedAt" = ${utcSql(new Date())}
      WHERE id = ${deliveryId} AND attempts = ${delivery.attempts} AND status = ANY(${ATTEMPTABLE}::text[])
        AND ("nextAttemptAt" IS NOT NULL OR "updatedAt" < ${utcSql(staleBefore)})
      RETURNING id),
    removed AS (SELECT graphile_worker.remove_job(${deliveryJobKey(deliveryId)}::text) FROM claim WHERE ${ordered}::boolean)
    SELECT (SELECT count(*) FROM claim)::int AS claimed, (SELECT count(*) FROM removed)::int AS removed`,
  );
  if (claimed === 0) return { outcome: rerun ? await recheckInFlight(db, deliveryId, timeoutMs) : "skipped" };
  const headers = endpoint ? headersFor({ event: delivery.event, deliveryId, attempt, endpoint }) : null;
  const result =
    endpoint && headers
      ? await postWebhook({
          url: endpoint.url,
          body: delivery.event.payload,
          headers,
          timeoutMs,
          // loopback receivers only where the operator allows them, and for test mode only (loopback-rule.ts);
          // everything else outside the public internet is refused
          ...loopbackRule(delivery.event.environment === "test" ? "test" : "live"),
        })
      : NO_ENDPOINT;
  const attempted = await recordAttempt(db, { delivery, attempt, result, endpoint, requestHeaders: headers });
  // a success's end of the streak was recorded with the attempt
  if (endpoint && !result.ok) await recordEndpointHealth({ db }, { owner, endpoint, ok: false });
  return attempted;
};

/**
 * A job that runs again after its delivery ended died (or threw) after that end, while following the
 * object's queue or before waking the next one. The next delivery still being tried may then have no job
 * (its put-off job was removed with the claim, or its own job found the earlier attempt in flight and wrote
 * nothing): in flight, it gets recheckInFlight's look once stale; otherwise it is woken now.
 */
const recheckFollowed = async (db: Db, d: Delivery): Promise<void> => {
  const next = await nextInQueue(db, d);
  if (!next) return;
  if (next.nextAttemptAt === null) await recheckInFlight(db, next.id, deliveryTimeoutMs());
  else await enqueueJob(db, DELIVER_TASK, { deliveryId: next.id }, { jobKey: deliveryJobKey(next.id) });
};

/** How far one job goes on along an object's queue (deliverWebhook's `follow`): deliveries, and time. */
export const FOLLOW_LIMIT = { deliveries: 100, ms: 2_000 };

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
 *
 * `follow` (the worker's task): once the delivery has ended, the same job goes on with the next delivery of
 * its object to its endpoint (claimed the same way), up to FOLLOW_LIMIT or until `signal` aborts (the worker
 * stops), instead of a job round trip per event of a busy object. Without it, or where it stops, the next one
 * is woken (its job runs now). Returns the first delivery's outcome.
 *
 * A test-mode retry of an event about an object on a test clock waits for the clock: real time skips it, and the
 * clock's advance makes it (`onClock`; docs/decisions/test-clocks.md). Live and first attempts never look.
 */
export const deliverWebhook = async (
  db: Db,
  deliveryId: string,
  { rerun = false, follow = false, signal, onClock = false }: { rerun?: boolean; follow?: boolean; signal?: AbortSignal; onClock?: boolean } = {},
): Promise<DeliverOutcome> => {
  const first = await loadDelivery(db, deliveryId);
  if (!first) return "skipped";
  if (!onClock && first.status === "retrying" && first.event.environment === "test" && (await isEventOnClock(db, first.event.id))) return "skipped";
  if (!ATTEMPTABLE.includes(first.status as DeliveryStatus)) {
    if (rerun && follow) await recheckFollowed(db, first);
    return "skipped";
  }
  let [delivery, attempted, done] = [first, await attemptDelivery(db, first, { rerun, ordered: false }), 1];
  const firstOutcome = attempted.outcome;
  const started = Date.now();
  while (attempted.outcome === "succeeded" || attempted.outcome === "failed") {
    // read with the attempt's record, or (a delivery failed without an attempt: its endpoint is disabled) now
    const next = attempted.next !== undefined ? attempted.next : await nextInQueue(db, delivery);
    const goOn = follow && done < FOLLOW_LIMIT.deliveries && Date.now() - started < FOLLOW_LIMIT.ms && !signal?.aborted;
    if (!goOn) {
      await wakeNext(db, next);
      break;
    }
    // none, or in flight in another job (which goes on from there)
    if (!next?.nextAttemptAt) break;
    [delivery, attempted] = [next, await attemptDelivery(db, next, { rerun: false, ordered: true })];
    done++;
  }
  return firstOutcome;
};
