// Stripe says a live invoice's Checkout Session was paid: the invoice goes sent → paid through the card payment
// service (payInvoiceByCard: the state table, the payment journal, Platform.Invoice.Paid), once. A payment the
// invoice cannot take (it was cancelled or paid meanwhile, or its total changed after the session was made) is
// refunded and recorded on the StripePayment row; paid and cancelled invoices never change.
import type { DbContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import { settleStripePayment, type PaidStripeSession, type StripeSettlement } from "../stripe/settle-stripe-payment.ts";
import { payInvoiceByCard } from "./pay-invoice.ts";

export const settleStripeInvoicePayment = async (ctx: DbContext, paid: Omit<PaidStripeSession, "kind" | "environment">): Promise<StripeSettlement | null> => {
  const seen = await ctx.db.invoice.findUnique({ where: { id: paid.objectId }, select: { environment: true } });
  if (!seen) return null;
  return settleStripePayment(ctx, { ...paid, kind: "invoice", environment: seen.environment }, async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM "Invoice" WHERE "id" = ${paid.objectId} FOR UPDATE`;
    const inv = await tx.invoice.findUniqueOrThrow({ where: { id: paid.objectId } });
    if (inv.status === "sent" && inv.chargedCents !== paid.amountCents)
      throw new AppError(
        "INVOICE_STATE_CONFLICT",
        `Invoice ${inv.id} now charges ${inv.chargedCents} cents, not the ${paid.amountCents} cents this card payment was for.`,
      );
    await payInvoiceByCard({ db: tx }, { invoice: inv });
  });
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { PAY_INVOICE_ERRORS } from "./pay-invoice.ts";
import { SETTLE_STRIPE_PAYMENT_ERRORS } from "../stripe/settle-stripe-payment.ts";
export const SETTLE_STRIPE_INVOICE_PAYMENT_ERRORS = [
  "INVOICE_STATE_CONFLICT",
  ...PAY_INVOICE_ERRORS,
  ...SETTLE_STRIPE_PAYMENT_ERRORS,
] as const satisfies readonly ErrorCode[];
