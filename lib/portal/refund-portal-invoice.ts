// The portal invoice page's Refund action: the platform API's own service (lib/refunds/refund-invoice.ts) with source
// "portal", for an invoice of the business in the page's environment, by a member whose roles grant refunds:write
// (finance, admin, owner), with an audit entry in its transaction. The form is drawn with what had been refunded when
// it was shown (`refundedBefore`): the invoice row is locked first, and a form sent twice (a double click, a resent
// request) or after someone else's refund is 409 REFUND_FORM_STALE, nothing refunded. The amount is in dollars as
// typed ("12.5", "12,50"; empty: all that is left). docs/decisions/portal-invoices.md
import { z } from "zod";
import type { Environment } from "../core/environment.ts";
import { AppError, badRequest } from "../core/errors.ts";
import { invoiceNotFound } from "../invoices/find-invoice.ts";
import { refundInvoice } from "../refunds/refund-invoice.ts";
import { RefundBody } from "../refunds/schemas.ts";
import { portalCommand } from "./portal-command.ts";

/** Dollars as typed ("12", "12.5", "12,50", "1 234.00") in cents, "" for empty, or null when it is not an amount. */
export const centsOfDollars = (text: string): number | "" | null => {
  const t = text.replace(/[\s\u00a0\u202f]/g, "").replace(/^\$|\$$/g, "");
  if (t === "") return "";
  const m = /^(\d{1,12})(?:[.,](\d{1,2}))?$/.exec(t);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "0").padEnd(2, "0"));
};

const RefundForm = RefundBody.extend({
  note: z.preprocess((v) => (v === "" ? undefined : v), RefundBody.shape.note),
  refundedBefore: z
    .string()
    .regex(/^\d{1,18}$/, "must be the cents refunded when the form was shown")
    .transform(BigInt),
});

export type RefundPortalInvoiceParams = {
  businessId: string;
  environment: Environment;
  invoiceId: string;
  /** dollars as typed; "" or left out: all that is left */
  amount?: string;
  reason?: string;
  note?: string;
  /** cents refunded when the form was shown (a hidden field) */
  refundedBefore?: string;
};

export const refundPortalInvoice = portalCommand({
  permission: "refunds:write",
  load: async (ctx, { businessId, environment, invoiceId }: RefundPortalInvoiceParams) => {
    const inv = /^[0-9a-f]{24}$/.test(invoiceId)
      ? await ctx.db.invoice.findUnique({ where: { id: invoiceId }, select: { id: true, businessId: true, environment: true, invoiceNumber: true } })
      : null;
    if (!inv || inv.businessId !== businessId || inv.environment !== environment) throw invoiceNotFound(invoiceId);
    return inv;
  },
  input: RefundForm,
  form: ({ amount = "", reason, note, refundedBefore }) => {
    const cents = centsOfDollars(amount);
    if (cents === null || cents === 0)
      throw badRequest("VALIDATION_ERROR", "Invalid body: amount must be an amount of dollars more than 0, such as 12.50.", [
        { field: "amount", message: "must be an amount of dollars more than 0, such as 12.50" },
      ]);
    return { amount: cents === "" ? undefined : cents, reason, note, refundedBefore: refundedBefore ?? "" };
  },
  run: async (ctx, { input: { refundedBefore, ...body }, target }) => {
    // the lock refundInvoice takes too (same transaction): two sends of one form run one after the other
    await ctx.db.$queryRaw`SELECT 1 FROM "Invoice" WHERE id = ${target.id} FOR UPDATE`;
    const now = await ctx.db.invoice.findUniqueOrThrow({ where: { id: target.id }, select: { refundedCents: true } });
    if (now.refundedCents !== refundedBefore)
      throw new AppError(
        "REFUND_FORM_STALE",
        `Invoice ${target.invoiceNumber} was refunded since this form was shown (${now.refundedCents} cents refunded so far, not ${refundedBefore}). Nothing was refunded; reload the page to see what is left.`,
      );
    return refundInvoice(ctx, { ...body, businessId: target.businessId, environment: target.environment, invoiceId: target.id, source: "portal" });
  },
  audit: (result, { target }) => ({
    businessId: target.businessId,
    environment: target.environment,
    action: "invoice.refunded",
    objectType: "invoice",
    objectId: target.id,
    details: {
      invoiceNumber: target.invoiceNumber,
      refundId: result.data.refund._id,
      amount: result.data.refund.amount,
      reason: result.data.refund.reason,
      refundedCents: result.data.invoice.refundedCents,
      chargedCents: result.data.invoice.chargedCents,
    },
  }),
});
