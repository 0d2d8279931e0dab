import type { TxContext } from "../db/transaction.ts";
import { enqueueJob } from "../jobs/enqueue.ts";
import { emitInvoiceEvent } from "../invoices/move-invoice.ts";
import { INVOICE_REFUND_EMAIL_TASK } from "../invoices/email-invoice-refund.ts";
import { toDollars } from "../invoices/money.ts";

/** The event of a succeeded invoice refund (an addition; docs/webhooks.md). */
export const INVOICE_REFUNDED_EVENT = "Platform.Invoice.Refunded";

/**
 * What follows a succeeded refund of an invoice, inside the transaction that made it succeed (the sandbox's or a
 * by-hand refund's own, or the one settling a Stripe refund): Platform.Invoice.Refunded to the platform that created
 * the invoice, with the refund and the invoice's refunded total, and the receivers' refund notice
 * (lib/invoices/email-invoice-refund.ts), sent after the commit by the worker.
 */
export const finishInvoiceRefund = async (ctx: TxContext, { refundId }: { refundId: string }) => {
  const refund = await ctx.db.refund.findUniqueOrThrow({ where: { id: refundId } });
  const inv = await ctx.db.invoice.findUniqueOrThrow({ where: { id: refund.objectId } });
  await emitInvoiceEvent(ctx, {
    invoice: inv,
    event: INVOICE_REFUNDED_EVENT,
    extra: {
      refund: { refundId: refund.id, amount: toDollars(refund.amount), reason: refund.reason, source: refund.source },
      totalRefunded: toDollars(inv.refundedCents),
      refundedInFull: inv.refundedCents >= inv.chargedCents,
    },
  });
  await enqueueJob(
    ctx.db,
    INVOICE_REFUND_EMAIL_TASK,
    { invoiceId: inv.id, refundId: refund.id },
    { jobKey: `${INVOICE_REFUND_EMAIL_TASK}:${refund.id}`, maxAttempts: 10 },
  );
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const FINISH_INVOICE_REFUND_ERRORS = [] as const satisfies readonly ErrorCode[];
