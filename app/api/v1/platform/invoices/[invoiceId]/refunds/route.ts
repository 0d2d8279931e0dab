// POST /v1/platform/invoices/{invoiceId}/refunds: refund a paid invoice in full or in part (an addition);
// GET: its refunds. docs/decisions/refunds-and-disputes.md
import { reply, route } from "@/lib/http/route";
import { InvoiceIdParams } from "@/lib/invoices/schemas";
import { refundInvoice, REFUND_INVOICE_ERRORS } from "@/lib/refunds/refund-invoice";
import { listInvoiceRefunds, LIST_INVOICE_REFUNDS_ERRORS } from "@/lib/refunds/list-invoice-refunds";
import { InvoiceRefundResult, RefundBody, RefundList } from "@/lib/refunds/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/platform/invoices/{invoiceId}/refunds",
  summary: "Refund a paid invoice",
  description:
    "Gives back a paid invoice's charge (amount in cents of chargedCents), in full (amount left out) or in part: a live card payment through Stripe, a test one through the sandbox; the payment's USDC journal is reversed in that share (the business and each fee recipient give back theirs). The invoice stays paid and counts refundedCents. Racing refunds never give back more than was charged. A live card refund is made at Stripe outside the invoice's lock: when Stripe refuses it the answer is 502 PAYMENT_PROVIDER_ERROR and the shares moved for it are moved back; when Stripe does not answer it is 502 too and the refund stays pending until the request is retried with the same Idempotency-Key or the service settles it with Stripe. A repeat with the same Idempotency-Key answers the same refund with Idempotent-Replayed: true.",
  addition: true,
  tags: ["Platform invoices"],
  auth: "platform",
  scope: "invoice:refund",
  targetBusiness: true,
  // the service dedupes on the Idempotency-Key (Refund.requestKey): the Stripe call runs outside any transaction
  idempotency: "service",
  errors: REFUND_INVOICE_ERRORS,
  params: InvoiceIdParams,
  body: RefundBody,
  response: { status: 201, schema: InvoiceRefundResult },
  handler: async ({ ctx, params, body }) => {
    const { replayed, ...out } = await refundInvoice(ctx, {
      ...body,
      businessId: ctx.scope.businessId,
      environment: ctx.scope.environment,
      invoiceId: params.invoiceId,
      source: "api",
      requestKey: ctx.idempotencyKey,
    });
    return reply(out, { status: 201, replayed });
  },
});

export const GET = route({
  method: "GET",
  path: "/v1/platform/invoices/{invoiceId}/refunds",
  summary: "List a paid invoice's refunds",
  addition: true,
  tags: ["Platform invoices"],
  auth: "platform",
  scope: "invoice:read",
  targetBusiness: true,
  idempotency: "none",
  errors: LIST_INVOICE_REFUNDS_ERRORS,
  params: InvoiceIdParams,
  response: { status: 200, schema: RefundList },
  handler: ({ ctx, params }) => listInvoiceRefunds(ctx, params),
});
