// POST /v1/test-helpers/invoices/{invoiceId}/pay: the receiver pays a sent invoice (card, or ACH through processing)
import { route } from "@/lib/http/route";
import { actOutInvoicePayment, ACT_OUT_INVOICE_PAYMENT_ERRORS } from "@/lib/invoices/act-out-invoice-payment";
import { InvoiceIdParams, InvoiceResource, PayInvoiceBody } from "@/lib/invoices/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/test-helpers/invoices/{invoiceId}/pay",
  summary: "Pay an invoice (test helper)",
  description:
    "As the receiver on the invoice page: 'card' moves a sent invoice to paid; 'ach' moves it through processing to paid (a processing ACH invoice settles). Test keys only.",
  tags: ["test-helpers"],
  auth: "platform",
  targetBusiness: true,
  idempotency: "optional",
  errors: ACT_OUT_INVOICE_PAYMENT_ERRORS,
  params: InvoiceIdParams,
  body: PayInvoiceBody,
  response: { status: 200, schema: InvoiceResource },
  handler: async ({ ctx, params, body }) => actOutInvoicePayment(ctx, { invoiceId: params.invoiceId, method: body.method }),
});
