// POST /v1/platform/invoices/{invoiceId}/send: draft → sent, emailing the receiver unless suppressed
import { route } from "@/lib/http/route";
import { InvoiceIdParams, InvoiceStatusResult, SendInvoiceBody } from "@/lib/invoices/schemas";
import { sendInvoice, SEND_INVOICE_ERRORS } from "@/lib/invoices/send-invoice";

export const POST = route({
  method: "POST",
  path: "/v1/platform/invoices/{invoiceId}/send",
  summary: "Send an invoice",
  tags: ["Platform invoices"],
  auth: "platform",
  scope: "invoice:send",
  targetBusiness: true,
  idempotency: "required",
  errors: SEND_INVOICE_ERRORS,
  params: InvoiceIdParams,
  body: SendInvoiceBody,
  response: { status: 200, schema: InvoiceStatusResult },
  handler: async ({ ctx, params, body }) => sendInvoice(ctx, { invoiceId: params.invoiceId, emailSuppressed: body.emailSuppressed }),
});
