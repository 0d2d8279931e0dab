// A Stripe Checkout Session of a fund session or an invoice was paid (checkout.session.completed): the payment is
// applied to its object once, or given back. The StripePayment row of the session is the record and the lock.
import type { DbContext } from "../core/context.ts";
import type { Environment } from "../core/environment.ts";
import { AppError } from "../core/errors.ts";
import { newId } from "../db/ids.ts";
import type { StripePayment } from "../db/generated/client.ts";
import { inTransaction, type DbClient } from "../db/transaction.ts";
import type { StripePaymentKind } from "./create-payment-session.ts";
import { queueStripePaymentExpiry } from "./queue-session-expiry.ts";
import { refundPaymentIntent } from "./refund-payment-intent.ts";

export type PaidStripeSession = {
  sessionId: string;
  kind: StripePaymentKind;
  objectId: string;
  environment: Environment;
  /** what Stripe charged (amount_total) */
  amountCents: bigint;
  paymentIntentId: string | null;
};

/** Thrown inside the settling transaction to roll back whatever `apply` wrote before it refused. */
class RefusedPayment extends Error {}

/** completed: applied now; replayed: it already was; refunded: given back (now or earlier), with the reason. */
export type StripeSettlement = { outcome: "completed" | "replayed" | "refunded"; payment: StripePayment };

/** The session's StripePayment row (created when the page's row is missing), locked for the transaction. */
const lockPayment = async (tx: DbClient, p: PaidStripeSession): Promise<StripePayment> => {
  await tx.$executeRaw`
    INSERT INTO "StripePayment" ("id", "sessionId", "kind", "objectId", "environment", "amountCents", "updatedAt")
    VALUES (${newId()}, ${p.sessionId}, ${p.kind}, ${p.objectId}, ${p.environment}::"Environment", ${p.amountCents}, now())
    ON CONFLICT ("sessionId") DO NOTHING`;
  await tx.$queryRaw`SELECT 1 FROM "StripePayment" WHERE "sessionId" = ${p.sessionId} FOR UPDATE`;
  return tx.stripePayment.findUniqueOrThrow({ where: { sessionId: p.sessionId } });
};

/**
 * Settles a paid session, at most once however many deliveries of its event race:
 * 1. one transaction locks the payment's row; a completed one is a replay; otherwise `apply` (the object's own
 *    service: complete the fund session, pay the invoice) runs in that transaction and the row is marked completed
 *    with it, and every other open session of the object gets its expiry queued (queueStripePaymentExpiry).
 *    Everything commits together or nothing does.
 * 2. when `apply` refuses with a client error (the object was cancelled, expired, completed or paid another way,
 *    or its amount changed), that transaction rolls back, the row records the refund's reason, and the payment is
 *    refunded in full at Stripe (idempotency key per session), then marked refunded. A Stripe failure throws (the
 *    webhook answers 500, Stripe sends the event again, and the recorded refund is retried). Nothing is credited.
 */
export const settleStripePayment = async (
  ctx: DbContext,
  paid: PaidStripeSession,
  apply: (tx: DbClient, payment: StripePayment) => Promise<void>,
): Promise<StripeSettlement> => {
  const first = await inTransaction(ctx.db, async (tx): Promise<StripeSettlement | { refund: string }> => {
    const row = await lockPayment(tx, paid);
    if (row.status === "completed") return { outcome: "replayed" as const, payment: row };
    if (row.refundReason) return { refund: row.refundReason };
    try {
      await apply(tx, row);
    } catch (err) {
      // thrown on, so the transaction rolls back whatever `apply` wrote before it refused
      if (err instanceof AppError && err.status < 500) throw new RefusedPayment(err.message);
      throw err;
    }
    const payment = await tx.stripePayment.update({
      where: { id: row.id },
      data: { status: "completed", completedAt: new Date(), paymentIntentId: paid.paymentIntentId, amountCents: paid.amountCents },
    });
    // the object is paid: its other Stripe sessions (another tab's Pay) close with it, so no second payment is taken
    await queueStripePaymentExpiry({ db: tx }, { kind: paid.kind, objectId: paid.objectId });
    return { outcome: "completed" as const, payment };
  }).catch((err: unknown): { refund: string } => {
    if (err instanceof RefusedPayment) return { refund: err.message };
    throw err;
  });
  if ("outcome" in first) return first;
  return refundStripeSessionPayment(ctx, paid, first.refund);
};

/** Records why the session's payment goes back, refunds it at Stripe once, and marks it refunded. */
export const refundStripeSessionPayment = async (ctx: DbContext, paid: PaidStripeSession, reason: string): Promise<StripeSettlement> => {
  const row = await inTransaction(ctx.db, async (tx) => {
    const r = await lockPayment(tx, paid);
    if (r.status !== "open") return r;
    return tx.stripePayment.update({ where: { id: r.id }, data: { refundReason: r.refundReason ?? reason, paymentIntentId: paid.paymentIntentId } });
  });
  if (row.status === "completed") return { outcome: "replayed", payment: row };
  if (row.status === "refunded") return { outcome: "refunded", payment: row };
  const paymentIntentId = row.paymentIntentId ?? paid.paymentIntentId;
  const refundId = paymentIntentId
    ? await refundPaymentIntent({
        paymentIntentId,
        idempotencyKey: `refund-${paid.sessionId}`,
        metadata: { kind: paid.kind, objectId: paid.objectId, sessionId: paid.sessionId },
      })
    : null;
  await ctx.db.stripePayment.updateMany({ where: { id: row.id, status: "open" }, data: { status: "refunded", refundId, refundedAt: new Date() } });
  return { outcome: "refunded", payment: await ctx.db.stripePayment.findUniqueOrThrow({ where: { id: row.id } }) };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { REFUND_PAYMENT_INTENT_ERRORS } from "./refund-payment-intent.ts";
export const SETTLE_STRIPE_PAYMENT_ERRORS = [...REFUND_PAYMENT_INTENT_ERRORS] as const satisfies readonly ErrorCode[];
