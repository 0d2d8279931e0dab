import type { TargetContext } from "../core/context.ts";
import { inTransaction } from "../db/transaction.ts";
import { findInvoice } from "./find-invoice.ts";
import { invoiceStateConflict } from "./move-invoice.ts";
import { payInvoiceByCard, settleInvoiceAch, startInvoiceAch } from "./pay-invoice.ts";
import { serializeInvoice } from "./serialize-invoice.ts";

/**
 * POST /v1/test-helpers/invoices/{invoiceId}/pay: the receiver pays a sent invoice, as on its page. card: sent →
 * paid. ach: sent → processing → paid (both events); an invoice already processing settles to paid.
 */
export const actOutInvoicePayment = (ctx: TargetContext, { invoiceId, method }: { invoiceId: string; method: "card" | "ach" }) =>
  inTransaction(ctx.db, async (tx) => {
    const inv = await findInvoice({ ...ctx, db: tx }, { invoiceId });
    if (method === "card") return serializeInvoice(await payInvoiceByCard({ db: tx }, { invoice: inv }));
    if (inv.status === "processing" && inv.paymentMethod === "ach") return serializeInvoice(await settleInvoiceAch({ db: tx }, { invoice: inv }));
    if (inv.status === "processing") throw invoiceStateConflict(inv, inv.status, "startAch");
    return serializeInvoice(await settleInvoiceAch({ db: tx }, { invoice: await startInvoiceAch({ db: tx }, { invoice: inv }) }));
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_INVOICE_ERRORS } from "./find-invoice.ts";
import { MOVE_INVOICE_ERRORS } from "./move-invoice.ts";
import { PAY_INVOICE_ERRORS } from "./pay-invoice.ts";
export const ACT_OUT_INVOICE_PAYMENT_ERRORS = [...FIND_INVOICE_ERRORS, ...MOVE_INVOICE_ERRORS, ...PAY_INVOICE_ERRORS] as const satisfies readonly ErrorCode[];
