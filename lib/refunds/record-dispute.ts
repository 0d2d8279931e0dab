import type Stripe from "stripe";
import type { Dispute, Prisma, Purchase } from "../db/generated/client.ts";
import { newId } from "../db/ids.ts";
import { inTransaction, type DbClient } from "../db/transaction.ts";
import { emitEvent } from "../webhooks/emit-event.ts";
import { lockPurchase } from "../purchases/lock-purchase.ts";
import { purchaseFields } from "../purchases/purchase-events.ts";
import { PURCHASE_EVENTS, REFUNDABLE_STATES } from "../purchases/purchase-states.ts";
import { transitionPurchase } from "../purchases/transition-purchase.ts";
import { clawBackPurchase, endPurchaseSubscription, restoreClawback, type Clawback } from "./claw-back-purchase.ts";
import type { DbContext } from "../core/context.ts";

export type DisputeOutcome = {
  disputeId: string;
  objectType: "purchase" | "invoice" | null;
  objectId: string | null;
  action: "disputed" | "updated" | "closed" | "ignored";
};

/** Stripe's closed statuses where the merchant keeps the money. */
const KEPT = ["won", "warning_closed"];

const piOf = (d: Stripe.Dispute): string | null => (typeof d.payment_intent === "string" ? d.payment_intent : (d.payment_intent?.id ?? null));
const dueOf = (d: Stripe.Dispute): Date | null => (d.evidence_details?.due_by ? new Date(d.evidence_details.due_by * 1000) : null);

/** The purchase or invoice the disputed PaymentIntent paid (null: not one of ours). */
const targetOf = async (tx: DbClient, pi: string) => {
  const purchase = await tx.purchase.findFirst({ where: { paymentIntentId: pi }, select: { id: true, gameId: true, environment: true } });
  if (purchase) {
    const game = await tx.game.findUniqueOrThrow({ where: { id: purchase.gameId }, select: { businessId: true } });
    return { objectType: "purchase" as const, objectId: purchase.id, gameId: purchase.gameId, businessId: game.businessId, environment: purchase.environment };
  }
  const payment = await tx.stripePayment.findFirst({ where: { paymentIntentId: pi, kind: "invoice" }, select: { objectId: true } });
  const invoice = payment ? await tx.invoice.findUnique({ where: { id: payment.objectId }, select: { id: true, businessId: true, environment: true } }) : null;
  return invoice
    ? { objectType: "invoice" as const, objectId: invoice.id, gameId: null, businessId: invoice.businessId, environment: invoice.environment }
    : null;
};

const disputeData = (row: Dispute, extra: Record<string, unknown> = {}) => ({
  disputeId: row.id,
  amount: Number(row.amountCents),
  currency: row.currency,
  reason: row.reason,
  status: row.status,
  evidenceDueBy: row.evidenceDueBy?.toISOString() ?? null,
  clawback: (row.clawback as Clawback | null) ?? null,
  ...extra,
});

const emitDisputeEvent = async (tx: DbClient, event: string, p: Purchase, row: Dispute, extra: Record<string, unknown> = {}) => {
  const product = await tx.product.findUniqueOrThrow({ where: { id: p.productId }, select: { id: true, type: true } });
  await emitEvent(tx, {
    owner: { type: "game", id: p.gameId },
    environment: p.environment,
    event,
    objectType: "purchase",
    objectId: p.id,
    data: { ...purchaseFields(p, product), dispute: disputeData(row, extra) },
  });
};

/** A lost dispute: the card network gave the money back to the payer; the purchase records it as a refund (reason dispute_lost). */
const recordLostDispute = async (tx: DbClient, p: Purchase, row: Dispute) => {
  const left = p.amount - p.refundedAmount;
  const amount = row.amountCents < left ? row.amountCents : left;
  if (amount <= 0n || !(REFUNDABLE_STATES as readonly string[]).includes(p.status)) return p;
  const to = p.refundedAmount + amount;
  // what a refund in full takes beyond the units and key the dispute took already: the subscription ends
  // (Subscription.Canceled, reason disputed; nothing when a refund or the player ended it before)
  const game = await tx.game.findUniqueOrThrow({ where: { id: p.gameId }, select: { refundClawback: true } });
  if (game.refundClawback && to === p.amount && p.subscriptionId)
    await endPurchaseSubscription({ db: tx }, { subscriptionId: p.subscriptionId, reason: "disputed" });
  await tx.refund.create({
    data: {
      id: newId(),
      objectType: "purchase",
      objectId: p.id,
      gameId: p.gameId,
      businessId: row.businessId,
      environment: p.environment,
      amount,
      currency: p.currency,
      reason: "dispute_lost",
      note: `Stripe dispute ${row.id}`,
      provider: "stripe",
      externalId: row.id,
      clawback: (row.clawback as Prisma.InputJsonValue | null) ?? undefined,
      source: "dispute",
    },
  });
  return transitionPurchase(
    { db: tx },
    { id: p.id, action: to === p.amount ? "refund" : "refundPartially", data: { refundedAmount: to, refundedAt: new Date() } },
  );
};

/**
 * A charge.dispute.* event of a live card payment (its signature checked by the webhook), once per change:
 * - created: the Dispute row is written, the purchase or invoice is marked disputed (disputeStatus open) and, for a
 *   purchase whose game has clawback on, what it delivered is taken back as a refund in full would (units down to 0,
 *   the key revoked; the subscription only ends if the dispute is lost); Purchases.Disputed goes to the game.
 * - updated: the status and evidence due date follow Stripe's.
 * - closed: won (or warning_closed) restores what was taken (the recovered units, the key); lost records the money as
 *   refunded (a Refund with reason dispute_lost; the purchase becomes refunded or partially_refunded); Purchases.DisputeClosed.
 * Replayed events change nothing (the row exists; a closed row stays closed). A PaymentIntent that is not ours is ignored.
 */
export const recordDispute = (ctx: DbContext, { type, dispute: d }: { type: string; dispute: Stripe.Dispute }): Promise<DisputeOutcome> =>
  inTransaction(ctx.db, async (tx): Promise<DisputeOutcome> => {
    const pi = piOf(d);
    const target = pi ? await targetOf(tx, pi) : null;
    const ignored: DisputeOutcome = { disputeId: d.id, objectType: target?.objectType ?? null, objectId: target?.objectId ?? null, action: "ignored" };
    if (!pi || !target) return ignored;
    await tx.$executeRaw`
      INSERT INTO "Dispute" ("id", "paymentIntentId", "objectType", "objectId", "gameId", "businessId", "environment", "amountCents", "currency", "reason", "status", "evidenceDueBy", "updatedAt")
      VALUES (${d.id}, ${pi}, ${target.objectType}, ${target.objectId}, ${target.gameId}, ${target.businessId}, ${target.environment}::"Environment",
              ${BigInt(d.amount)}, ${d.currency.toUpperCase()}, ${d.reason}, ${d.status}, ${dueOf(d)}, now())
      ON CONFLICT ("id") DO NOTHING`;
    await tx.$queryRaw`SELECT 1 FROM "Dispute" WHERE id = ${d.id} FOR UPDATE`;
    const row = await tx.dispute.findUniqueOrThrow({ where: { id: d.id } });
    if (row.closedAt) return ignored;
    const closing = type === "charge.dispute.closed";
    const out = { disputeId: d.id, objectType: target.objectType, objectId: target.objectId };

    if (target.objectType === "invoice") {
      await tx.dispute.update({ where: { id: d.id }, data: { status: d.status, evidenceDueBy: dueOf(d), ...(closing ? { closedAt: new Date() } : {}) } });
      await tx.invoice.update({ where: { id: target.objectId }, data: { disputeStatus: closing ? (KEPT.includes(d.status) ? "won" : "lost") : "open" } });
      return { ...out, action: closing ? "closed" : type === "charge.dispute.created" ? "disputed" : "updated" };
    }

    const p = await lockPurchase({ db: tx }, { purchaseId: target.objectId });
    // the first event of the dispute (created, or an update that arrived first) opens it; a replay finds it open
    if (!closing && p.disputeStatus !== "open") {
      const game = await tx.game.findUniqueOrThrow({ where: { id: p.gameId }, select: { refundClawback: true } });
      const clawback = game.refundClawback
        ? await clawBackPurchase({ db: tx }, { purchase: p, from: p.refundedAmount, to: p.amount, reference: d.id, endSubscription: false })
        : null;
      const updated = await tx.dispute.update({
        where: { id: d.id },
        data: { status: d.status, evidenceDueBy: dueOf(d), clawback: clawback ?? undefined },
      });
      const disputed = await tx.purchase.update({ where: { id: p.id }, data: { disputeStatus: "open" } });
      await emitDisputeEvent(tx, PURCHASE_EVENTS.disputed, disputed, updated);
      return { ...out, action: "disputed" };
    }
    if (!closing) {
      if (type === "charge.dispute.created") return ignored;
      await tx.dispute.update({ where: { id: d.id }, data: { status: d.status, evidenceDueBy: dueOf(d) } });
      return { ...out, action: "updated" };
    }
    const won = KEPT.includes(d.status);
    const closed = await tx.dispute.update({ where: { id: d.id }, data: { status: d.status, closedAt: new Date() } });
    if (won && closed.clawback) await restoreClawback({ db: tx }, { purchase: p, clawback: closed.clawback as Clawback, reference: `${d.id}:restore` });
    const after = won ? p : await recordLostDispute(tx, p, closed);
    const final = await tx.purchase.update({ where: { id: p.id }, data: { disputeStatus: won ? "won" : "lost" } });
    await emitDisputeEvent(tx, PURCHASE_EVENTS.disputeClosed, { ...final, status: after.status, refundedAmount: after.refundedAmount }, closed, {
      outcome: won ? "won" : "lost",
      restored: won && closed.clawback !== null,
    });
    return { ...out, action: "closed" };
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { CLAW_BACK_PURCHASE_ERRORS } from "./claw-back-purchase.ts";
import { TRANSITION_PURCHASE_ERRORS } from "../purchases/transition-purchase.ts";
export const RECORD_DISPUTE_ERRORS = [
  "PURCHASE_NOT_FOUND",
  ...CLAW_BACK_PURCHASE_ERRORS,
  ...TRANSITION_PURCHASE_ERRORS,
] as const satisfies readonly ErrorCode[];
