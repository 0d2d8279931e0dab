import Stripe from "stripe";
import type { DbContext } from "../core/context.ts";
import { inTransaction } from "../db/transaction.ts";
import { finishPurchaseRefund } from "./finish-purchase-refund.ts";
import { finishInvoiceRefund } from "./finish-invoice-refund.ts";
import { releaseRefund } from "./release-refund.ts";
import { paymentIntentOf } from "./return-payment.ts";
import { refundStripeCharge } from "./refund-stripe-charge.ts";

export type SettledRefund = { status: "succeeded" | "failed" | "pending"; message?: string };

/** The PaymentIntent a pending refund goes back to and the metadata Stripe keeps with it (the same on every try). */
const targetOf = async (
  ctx: DbContext,
  row: { id: string; objectType: string; objectId: string },
): Promise<{ paymentIntentId: string; metadata: Record<string, string> }> => {
  if (row.objectType === "purchase") {
    const p = await ctx.db.purchase.findUniqueOrThrow({ where: { id: row.objectId } });
    return { paymentIntentId: await paymentIntentOf(p), metadata: { purchaseId: p.id, gameId: p.gameId, refundId: row.id } };
  }
  const payment = await ctx.db.stripePayment.findFirst({ where: { kind: "invoice", objectId: row.objectId, status: "completed" } });
  if (!payment?.paymentIntentId) throw new Error(`Invoice ${row.objectId} of refund ${row.id} has no Stripe payment`);
  return { paymentIntentId: payment.paymentIntentId, metadata: { invoiceId: row.objectId, refundId: row.id } };
};

/**
 * Sends a pending live card refund (reserved by refundPurchase or refundInvoice, committed) to Stripe, holding no
 * lock while Stripe answers, then settles it in a second transaction: Stripe refunded → the refund is finished
 * (a purchase: finishPurchaseRefund; an invoice: its reserved shares stay moved) and succeeded; Stripe refused →
 * releaseRefund (failed, refundable again); no answer → it stays pending, to be asked again with the same
 * idempotency key (`refund:<id>`) by a retry of the request or the recovery job (settlePendingRefunds), which
 * passes `recovering` to look the refund up at Stripe first. A refund no longer pending is answered as it is.
 */
export const settleStripeRefund = async (
  ctx: DbContext,
  { refundId, recovering = false }: { refundId: string; recovering?: boolean },
): Promise<SettledRefund> => {
  const row = await ctx.db.refund.findUniqueOrThrow({ where: { id: refundId } });
  if (row.status !== "pending") return { status: row.status as SettledRefund["status"] };
  let target: Awaited<ReturnType<typeof targetOf>>;
  try {
    target = await targetOf(ctx, row);
  } catch (err) {
    // the Checkout Session could not be read at Stripe: nothing was asked of it yet; try again later
    if (err instanceof Stripe.errors.StripeError) return { status: "pending", message: err.message };
    throw err;
  }
  const sent = await refundStripeCharge({ ...target, amount: row.amount, idempotencyKey: `refund:${row.id}`, lookup: recovering });
  if (sent.outcome === "unknown") return { status: "pending", message: sent.message };
  if (sent.outcome === "refused") {
    await inTransaction(ctx.db, (tx) => releaseRefund({ db: tx }, { refundId }));
    return { status: "failed", message: sent.message };
  }
  const externalId = sent.id;
  await inTransaction(ctx.db, async (tx) => {
    const returned = { provider: "stripe", externalId, journalId: row.journalId };
    if (row.objectType === "purchase") return void (await finishPurchaseRefund({ db: tx }, { refundId, returned }));
    await tx.$queryRaw`SELECT 1 FROM "Invoice" WHERE id = ${row.objectId} FOR UPDATE`;
    const moved = await tx.refund.updateMany({ where: { id: refundId, status: "pending" }, data: { status: "succeeded", externalId } });
    if (moved.count === 1) await finishInvoiceRefund({ db: tx }, { refundId });
  });
  return { status: "succeeded" };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FINISH_PURCHASE_REFUND_ERRORS } from "./finish-purchase-refund.ts";
import { FINISH_INVOICE_REFUND_ERRORS } from "./finish-invoice-refund.ts";
import { RELEASE_REFUND_ERRORS } from "./release-refund.ts";
import { REFUND_STRIPE_CHARGE_ERRORS } from "./refund-stripe-charge.ts";
import { CLIENT_ERRORS } from "../stripe/client.ts";
export const SETTLE_STRIPE_REFUND_ERRORS = [
  ...FINISH_PURCHASE_REFUND_ERRORS,
  ...FINISH_INVOICE_REFUND_ERRORS,
  ...RELEASE_REFUND_ERRORS,
  ...REFUND_STRIPE_CHARGE_ERRORS,
  ...CLIENT_ERRORS,
] as const satisfies readonly ErrorCode[];
