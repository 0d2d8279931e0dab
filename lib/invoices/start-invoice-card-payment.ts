// A live invoice's card payment on the hosted page: a Stripe Checkout Session for the invoice's totalCharged,
// identified by its metadata {kind: invoice, objectId}. Nothing changes here but the StripePayment record:
// Stripe's checkout.session.completed pays the invoice (settleStripeInvoicePayment). Stripe sends the payer back
// to the signed invoice page either way. Test invoices are paid with the sandbox card instead (null).
import type { DbContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import { createStripePaymentSession } from "../stripe/create-payment-session.ts";
import { findInvoiceByPageUrl } from "./load-invoice-page.ts";
import { invoiceStateConflict } from "./move-invoice.ts";
import { invoicePageUrl } from "./invoice-url.ts";

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
  });
};
