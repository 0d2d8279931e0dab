import type { PlatformContext } from "../core/context.ts";
import { now } from "../core/clock.ts";
import { inTransaction } from "../db/transaction.ts";
import { findInvoice } from "./find-invoice.ts";
import { moveInvoice } from "./move-invoice.ts";
import { invoiceStatusResult } from "./serialize-invoice.ts";

/** POST /v1/platform/invoices/{invoiceId}/cancel: draft or sent → cancelled (final). Nothing was paid, so nothing moves. */
export const cancelInvoice = (ctx: PlatformContext, { invoiceId }: { invoiceId: string }) =>
  inTransaction(ctx.db, async (tx) => {
    const inv = await findInvoice({ ...ctx, db: tx }, { invoiceId });
    return invoiceStatusResult(
      await moveInvoice({ db: tx }, { invoice: inv, action: "cancel", data: { cancelledAt: now(), updatedByKeyId: ctx.principal.keyId } }),
    );
  });
