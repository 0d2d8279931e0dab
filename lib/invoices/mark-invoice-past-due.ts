import type { DbContext } from "../core/context.ts";
import { inTransaction } from "../db/transaction.ts";
import { emitInvoiceEvent } from "./move-invoice.ts";

/**
 * A sent invoice whose dueDate has passed unpaid falls due: pastDueAt is set (once) and Platform.Invoice.PastDue
 * is emitted with it. Its status stays 'sent': it can still be paid or cancelled. Runs when a test clock's
 * advance passes the dueDate of an invoice on it (docs/decisions/test-clocks.md). Returns whether it fell due now.
 */
export const markInvoicePastDue = (ctx: DbContext, { invoiceId, at }: { invoiceId: string; at: Date }): Promise<boolean> =>
  inTransaction(ctx.db, async (tx) => {
    const [inv] = await tx.invoice.updateManyAndReturn({
      where: { id: invoiceId, status: "sent", pastDueAt: null, dueDate: { lte: at } },
      data: { pastDueAt: at },
    });
    if (!inv) return false;
    await emitInvoiceEvent({ db: tx }, { invoice: inv, event: "Platform.Invoice.PastDue" });
    return true;
  });
