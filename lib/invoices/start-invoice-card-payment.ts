// A live invoice's card payment on the hosted page: a Stripe Checkout Session for the invoice's totalCharged,
// identified by its metadata {kind: invoice, objectId}. Nothing changes here but the StripePayment record:
// Stripe's checkout.session.completed pays the invoice (settleStripeInvoicePayment). Stripe sends the payer back
// to the signed invoice page either way. Test invoices are paid with the sandbox card instead (null). A cancel (or a
// payment) that commits while Stripe makes the session: the session is expired at once and the payer gets 409.
import type { DbContext } from "../core/context.ts";
import { now } from "../core/clock.ts";
import { AppError } from "../core/errors.ts";
import { createStripePaymentSession } from "../stripe/create-payment-session.ts";
import { findInvoiceByPageUrl } from "./load-invoice-page.ts";
import { invoiceStateConflict } from "./move-invoice.ts";
import { invoicePageUrl } from "./invoice-url.ts";

/** How long an invoice's Stripe Checkout page stays open (Stripe's minimum is 30 minutes; its default, 24 hours). */
export const INVOICE_STRIPE_SESSION_MINUTES = 60;

export const startInvoiceCardPayment = async (
  ctx: DbContext,
  { publicId, sig }: { publicId: string; sig: string | null },
): Promise<{ url: string; sessionId: string } | null> => {
  const inv = await findInvoiceByPageUrl(ctx, { publicId, sig });
  if (!inv || inv.status === "draft") throw new AppError("INVOICE_NOT_FOUND", "This invoice link is not valid.");
  if (inv.environment === "test") return null;
  if (inv.status !== "sent") throw invoiceStateConflict(inv, inv.status, "payCard");
  if (inv.chargedCents <= 0n) throw new AppError("INVOICE_STATE_CONFLICT", `Invoice ${inv.id} charges nothing; there is nothing to pay by card.`);
  const page = invoicePageUrl(inv.publicId);
  return createStripePaymentSession(ctx, {
    kind: "invoice",
    objectId: inv.id,
    environment: inv.environment,
    amountCents: inv.chargedCents,
    name: `Invoice ${inv.invoiceNumber}`,
    email: inv.receiverEmail,
    successUrl: `${page}&payment=stripe`,
    cancelUrl: page,
    metadata: { businessId: inv.businessId, invoiceNumber: inv.invoiceNumber },
    // an invoice has no expiry of its own: Stripe's page closes after an hour (the payer presses Pay again)
    expiresAt: new Date(now().getTime() + INVOICE_STRIPE_SESSION_MINUTES * 60_000),
    lockPayable: async (tx) => {
      await tx.$queryRaw`SELECT 1 FROM "Invoice" WHERE "id" = ${inv.id} FOR UPDATE`;
      const row = await tx.invoice.findUniqueOrThrow({ where: { id: inv.id }, select: { status: true, chargedCents: true } });
      if (row.status !== "sent") throw invoiceStateConflict(inv, row.status, "payCard");
      if (row.chargedCents !== inv.chargedCents)
        throw new AppError("INVOICE_STATE_CONFLICT", `Invoice ${inv.id} changed while the card payment was being prepared. Please try again.`);
    },
  });
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { MOVE_INVOICE_ERRORS } from "./move-invoice.ts";
import { CREATE_PAYMENT_SESSION_ERRORS } from "../stripe/create-payment-session.ts";
export const START_INVOICE_CARD_PAYMENT_ERRORS = [
  "INVOICE_NOT_FOUND",
  "INVOICE_STATE_CONFLICT",
  ...MOVE_INVOICE_ERRORS,
  ...CREATE_PAYMENT_SESSION_ERRORS,
] as const satisfies readonly ErrorCode[];
