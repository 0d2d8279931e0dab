import { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/client.ts";
import { inTransaction } from "../db/transaction.ts";
import { queryPrepared } from "../db/prepared.ts";
import { AppError, type ErrorCode } from "../core/errors.ts";
import type { ServiceContext } from "../core/context.ts";
import { expireCheckoutGrants } from "../checkout/expire-grants.ts";
import { GRANT_TRANSITIONS } from "../checkout/grant-states.ts";
import { expireLinkSessions } from "../linking/expire-link-sessions.ts";
import { LINK_SESSION_TRANSITIONS } from "../linking/link-session-states.ts";
import { expireDueFundSession } from "../fund-sessions/expire-due-fund-session.ts";
import { markInvoicePastDue } from "../invoices/mark-invoice-past-due.ts";
import { deliverWebhook } from "../webhooks/deliver.ts";
import { deliveryJobKey } from "../webhooks/delivery-job.ts";
import { eventOnClockSql } from "../webhooks/event-on-clock.ts";
import { findTestClock } from "../test-clocks/find-test-clock.ts";
import { serializeTestClock } from "../test-clocks/serialize-test-clock.ts";
import { renewSubscription } from "./renew-subscription.ts";

export type ClockWorkKind = "subscription.renewal" | "checkout_grant.expiry" | "link_session.expiry" | "fund_session.expiry" | "invoice.due" | "webhook.retry";
type Due = { kind: ClockWorkKind; objectId: string; at: Date };
export type Ran = { kind: ClockWorkKind; objectId: string; at: string; outcome: string };

/** The most work items one advance runs (a runaway loop, e.g. years of monthly renewals on many subscriptions, stops here). */
export const MAX_ADVANCE_WORK = 1_000;

/**
 * The webhook deliveries of a clock: those of the events of its objects (link sessions, invoices, subscriptions,
 * fund sessions, and the purchases of its grants and subscriptions) still retrying. A retry's wait (its
 * nextAttemptAt minus the time of the attempt that scheduled it: the retry schedule's delay, whatever real time
 * passed since) counts on the clock from `cursor`, where the clock stands in the advance.
 */
const nextRetry = async (db: Db, clockId: string, cursor: Date): Promise<Due | null> => {
  const [row] = await queryPrepared<{ id: string; waitMs: number }>(
    db,
    Prisma.sql`
    SELECT d.id, GREATEST(0, EXTRACT(EPOCH FROM d."nextAttemptAt" - (SELECT max(a."createdAt") FROM "WebhookAttempt" a WHERE a."deliveryId" = d.id)) * 1000)::float8 AS "waitMs"
    FROM "WebhookDelivery" d JOIN "WebhookEvent" e ON e.id = d."eventId"
    WHERE d.status = 'retrying' AND d."nextAttemptAt" IS NOT NULL AND e.environment = 'test' AND ${eventOnClockSql(clockId)}
    ORDER BY d."nextAttemptAt", e.sequence, d.id LIMIT 1`,
  );
  // in whole seconds: the few real milliseconds since the attempt are not the clock's
  return row ? { kind: "webhook.retry", objectId: row.id, at: new Date(cursor.getTime() + Math.ceil(row.waitMs / 1000 - 0.5) * 1000) } : null;
};

/** The earliest work of each kind due on the clock by `to` (null: none), from the objects on it. */
const nextDue = async (db: Db, clockId: string, to: Date, cursor: Date): Promise<Due | null> => {
  const testClockId = clockId;
  const [grant, link, fund, invoice, sub, retry] = await Promise.all([
    db.checkoutGrant.findFirst({
      where: { testClockId, status: { in: [...GRANT_TRANSITIONS.expire.from] }, expiresAt: { lte: to } },
      orderBy: [{ expiresAt: "asc" }, { id: "asc" }],
      select: { id: true, expiresAt: true },
    }),
    db.linkSession.findFirst({
      where: { testClockId, state: { in: [...LINK_SESSION_TRANSITIONS.expire.from] }, expiresAt: { lte: to } },
      orderBy: [{ expiresAt: "asc" }, { id: "asc" }],
      select: { id: true, expiresAt: true },
    }),
    db.fundSession.findFirst({
      where: { testClockId, status: "pending", expiresAt: { lte: to } },
      orderBy: [{ expiresAt: "asc" }, { id: "asc" }],
      select: { id: true, expiresAt: true },
    }),
    db.invoice.findFirst({
      where: { testClockId, status: "sent", pastDueAt: null, dueDate: { lte: to } },
      orderBy: [{ dueDate: "asc" }, { id: "asc" }],
      select: { id: true, dueDate: true },
    }),
    db.subscription.findFirst({
      where: { testClockId, status: "Active", currentPeriodEnd: { lte: to }, OR: [{ nextChargeAt: null }, { nextChargeAt: { lte: to } }] },
      orderBy: [{ currentPeriodEnd: "asc" }, { id: "asc" }],
      select: { id: true, currentPeriodEnd: true, nextChargeAt: true },
    }),
    nextRetry(db, clockId, cursor),
  ]);
  const candidates: Due[] = [];
  if (grant) candidates.push({ kind: "checkout_grant.expiry", objectId: grant.id, at: grant.expiresAt });
  if (link) candidates.push({ kind: "link_session.expiry", objectId: link.id, at: link.expiresAt });
  if (fund) candidates.push({ kind: "fund_session.expiry", objectId: fund.id, at: fund.expiresAt });
  if (invoice) candidates.push({ kind: "invoice.due", objectId: invoice.id, at: invoice.dueDate });
  if (sub) {
    const at = sub.nextChargeAt && sub.nextChargeAt > sub.currentPeriodEnd ? sub.nextChargeAt : sub.currentPeriodEnd;
    candidates.push({ kind: "subscription.renewal", objectId: sub.id, at });
  }
  if (retry && retry.at <= to) candidates.push(retry);
  // time order; at one instant, in the order of the kinds above (a renewal before the retries it causes)
  return candidates.reduce<Due | null>((first, c) => (!first || c.at < first.at ? c : first), null);
};

/** Runs one item as real time would have at `at`; returns what it came to. */
const runDue = async (db: Db, clockId: string, d: Due): Promise<string> => {
  const ctx = { db };
  const at = d.at < new Date(0) ? new Date(0) : d.at;
  switch (d.kind) {
    case "checkout_grant.expiry":
      return (await expireCheckoutGrants(ctx, { now: at, testClockId: clockId, only: { id: d.objectId } })) ? "expired" : "skipped";
    case "link_session.expiry":
      return (await expireLinkSessions(ctx, { now: at, testClockId: clockId, only: { id: d.objectId } })) ? "expired" : "skipped";
    case "fund_session.expiry":
      return (await expireDueFundSession(ctx, { id: d.objectId, at })) ? "expired" : "skipped";
    case "invoice.due":
      return (await markInvoicePastDue(ctx, { invoiceId: d.objectId, at })) ? "past_due" : "skipped";
    case "subscription.renewal":
      return renewSubscription(ctx, { subscriptionId: d.objectId, now: at });
    case "webhook.retry": {
      const outcome = await deliverWebhook(db, d.objectId, { onClock: true });
      // its next retry waits for the clock, not for real time: the job the attempt scheduled is removed
      await db.$executeRaw`SELECT graphile_worker.remove_job(j.key) FROM graphile_worker.jobs j WHERE j.key = ${deliveryJobKey(d.objectId)} AND j.locked_at IS NULL`;
      return outcome;
    }
  }
};

/**
 * POST /v1/test-helpers/test-clocks/{clockId}/advance: moves the clock forward to `frozenTime` (or by `seconds`)
 * and runs, in time order, the work that came due on it in between (renewals, expiries, invoices falling due,
 * webhook retries of its objects), each as real time would have run it at its due time; then answers what ran.
 * Advances of one clock are serialized by a lock on its row (a second waits, then moves on from where the first
 * left it); a backwards move is 400 TEST_CLOCK_BACKWARDS. Objects on no clock, or on another, are not touched.
 */
export const advanceTestClock = async (
  ctx: ServiceContext,
  { id, frozenTime, seconds, maxWork = MAX_ADVANCE_WORK }: { id: string; frozenTime?: string; seconds?: number; maxWork?: number },
) => {
  const db = ctx.db as Db;
  return inTransaction(db, async (tx) => {
    const clock = await findTestClock({ ...ctx, db: tx }, { id, lock: true });
    const from = clock.frozenTime;
    const to = frozenTime !== undefined ? new Date(frozenTime) : new Date(from.getTime() + (seconds ?? 0) * 1000);
    if (to < from)
      throw new AppError(
        "TEST_CLOCK_BACKWARDS",
        `The clock is at ${from.toISOString()}: it moves only forward (frozenTime ${to.toISOString()} is before it).`,
        {
          details: [{ field: "frozenTime", message: `must be at or after ${from.toISOString()}` }],
        },
      );
    // the work runs on the request's database handle (each item commits on its own, as a job would, unless the
    // call came with an Idempotency-Key: then all of it commits with the answer); the row lock holds meanwhile
    const ran: Ran[] = [];
    let cursor = from;
    let reached = to;
    for (;;) {
      const due = await nextDue(db, clock.id, to, cursor);
      if (!due) break;
      const last = ran.at(-1);
      // the cap, or an item that did nothing and is due again (it would loop): the clock stops where the work did,
      // and the next advance goes on from there
      if (ran.length >= maxWork || (last?.outcome === "skipped" && last.kind === due.kind && last.objectId === due.objectId)) {
        reached = cursor;
        break;
      }
      if (due.at > cursor) cursor = due.at;
      ran.push({ kind: due.kind, objectId: due.objectId, at: cursor.toISOString(), outcome: await runDue(db, clock.id, { ...due, at: cursor }) });
    }
    const moved = await tx.testClock.update({ where: { id: clock.id }, data: { frozenTime: reached } });
    return { clock: serializeTestClock(moved), advancedFrom: from.toISOString(), advancedTo: reached.toISOString(), ran };
  });
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import { FIND_TEST_CLOCK_ERRORS } from "../test-clocks/find-test-clock.ts";
import { RENEW_SUBSCRIPTION_ERRORS } from "./renew-subscription.ts";
import { EXPIRE_LINK_SESSIONS_ERRORS } from "../linking/expire-link-sessions.ts";
export const ADVANCE_TEST_CLOCK_ERRORS = [
  "TEST_CLOCK_BACKWARDS",
  ...FIND_TEST_CLOCK_ERRORS,
  ...RENEW_SUBSCRIPTION_ERRORS,
  ...EXPIRE_LINK_SESSIONS_ERRORS,
] as const satisfies readonly ErrorCode[];
