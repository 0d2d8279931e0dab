import type { TargetContext } from "../core/context.ts";
import { now } from "../core/clock.ts";
import { inTransaction } from "../db/transaction.ts";
import { queueStripePaymentExpiry } from "../stripe/queue-session-expiry.ts";
import { findInvoice } from "./find-invoice.ts";
import { moveInvoice } from "./move-invoice.ts";
import { invoiceStatusResult } from "./serialize-invoice.ts";

/**
 * POST /v1/platform/invoices/{invoiceId}/cancel: draft or sent → cancelled (final). Nothing was paid, so nothing moves;
 * a live invoice's open Stripe Checkout Sessions are expired by a job queued with the cancel, so none can be paid.
 */
export const cancelInvoice = (ctx: TargetContext, { invoiceId }: { invoiceId: string }) =>
  inTransaction(ctx.db, async (tx) => {
    const inv = await findInvoice({ ...ctx, db: tx }, { invoiceId });
    const cancelled = await moveInvoice({ db: tx }, { invoice: inv, action: "cancel", data: { cancelledAt: now(), updatedByKeyId: ctx.actor.keyId } });
    await queueStripePaymentExpiry({ db: tx }, { kind: "invoice", objectId: inv.id });
    return invoiceStatusResult(cancelled);
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_INVOICE_ERRORS } from "./find-invoice.ts";
import { MOVE_INVOICE_ERRORS } from "./move-invoice.ts";
export const CANCEL_INVOICE_ERRORS = [...FIND_INVOICE_ERRORS, ...MOVE_INVOICE_ERRORS] as const satisfies readonly ErrorCode[];
