// GET /v1/platform/invoices/{invoiceId}: one invoice of the target business
// PUT /v1/platform/invoices/{invoiceId}: replace a draft or sent invoice
import { route } from "@/lib/http/route";
import { getInvoice, GET_INVOICE_ERRORS } from "@/lib/invoices/get-invoice";
import { InvoiceIdParams, InvoiceResource, UpdateInvoiceBody } from "@/lib/invoices/schemas";
import { updateInvoice, UPDATE_INVOICE_ERRORS } from "@/lib/invoices/update-invoice";

export const GET = route({
  method: "GET",
  path: "/v1/platform/invoices/{invoiceId}",
  summary: "Get an invoice",
  tags: ["Platform invoices"],
  auth: "platform",
  scope: "invoice:read",
  targetBusiness: true,
  idempotency: "none",
  errors: GET_INVOICE_ERRORS,
  params: InvoiceIdParams,
  response: { status: 200, schema: InvoiceResource },
  handler: async ({ ctx, params }) => getInvoice(ctx, params),
});

export const PUT = route({
  method: "PUT",
  path: "/v1/platform/invoices/{invoiceId}",
  summary: "Replace an invoice",
  description:
    "Full replacement of a draft or sent invoice: fields left out are cleared (invoiceNumber and status are kept when omitted). Fee line items stay as created and are not accepted here; their amounts follow the new total. Paid, processing and cancelled invoices are refused.",
  tags: ["Platform invoices"],
  auth: "platform",
  scope: "invoice:update",
  targetBusiness: true,
  idempotency: "required",
  errors: UPDATE_INVOICE_ERRORS,
  params: InvoiceIdParams,
  body: UpdateInvoiceBody,
  response: { status: 200, schema: InvoiceResource },
  handler: async ({ ctx, params, body }) => updateInvoice(ctx, { invoiceId: params.invoiceId, body }),
});
