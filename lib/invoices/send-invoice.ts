import type { TargetContext } from "../core/context.ts";
import { now } from "../core/clock.ts";
import { inTransaction } from "../db/transaction.ts";
import { findInvoice } from "./find-invoice.ts";
import { sendInvoiceEmail } from "./invoice-email.ts";
import { moveInvoice } from "./move-invoice.ts";
import { invoiceStatusResult } from "./serialize-invoice.ts";

/** POST /v1/platform/invoices/{invoiceId}/send: draft → sent, and the invoice email unless emailSuppressed. */
export const sendInvoice = (ctx: TargetContext, { invoiceId, emailSuppressed }: { invoiceId: string; emailSuppressed: boolean }) =>
  inTransaction(ctx.db, async (tx) => {
    const inv = await findInvoice({ ...ctx, db: tx }, { invoiceId });
    const moved = await moveInvoice({ db: tx }, { invoice: inv, action: "send", data: { sentAt: now(), emailSuppressed, updatedByKeyId: ctx.actor.keyId } });
    if (!emailSuppressed) await sendInvoiceEmail({ db: tx }, { invoice: moved });
    return { ...invoiceStatusResult(moved), emailSuppressed };
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_INVOICE_ERRORS } from "./find-invoice.ts";
import { MOVE_INVOICE_ERRORS } from "./move-invoice.ts";
export const SEND_INVOICE_ERRORS = [...FIND_INVOICE_ERRORS, ...MOVE_INVOICE_ERRORS] as const satisfies readonly ErrorCode[];
