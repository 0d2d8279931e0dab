// POST /v1/platform/invoices/{invoiceId}/cancel: draft or sent → cancelled
import { route } from "@/lib/http/route";
import { cancelInvoice, CANCEL_INVOICE_ERRORS } from "@/lib/invoices/cancel-invoice";
import { InvoiceIdParams, InvoiceStatusResult } from "@/lib/invoices/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/platform/invoices/{invoiceId}/cancel",
  summary: "Cancel an invoice",
  tags: ["Platform invoices"],
  auth: "platform",
  scope: "invoice:cancel",
  targetBusiness: true,
  idempotency: "required",
  errors: CANCEL_INVOICE_ERRORS,
  params: InvoiceIdParams,
  response: { status: 200, schema: InvoiceStatusResult },
  handler: async ({ ctx, params }) => cancelInvoice(ctx, params),
});
