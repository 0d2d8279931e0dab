// GET /v1/platform/invoices: the target business's invoices, by status, paginated
// POST /v1/platform/invoices: create an invoice (draft, or sent at once)
import { appBaseUrl } from "@/lib/config/settings";
import { reply, route } from "@/lib/http/route";
import { createInvoice, CREATE_INVOICE_ERRORS } from "@/lib/invoices/create-invoice";
import { listInvoices } from "@/lib/invoices/list-invoices";
import { CreateInvoiceBody, InvoiceList, InvoiceResource, ListInvoicesQuery } from "@/lib/invoices/schemas";

export const GET = route({
  method: "GET",
  path: "/v1/platform/invoices",
  summary: "List invoices",
  tags: ["Platform invoices"],
  auth: "platform",
  scope: "invoice:read",
  targetBusiness: true,
  idempotency: "none",
  query: ListInvoicesQuery,
  response: { status: 200, schema: InvoiceList },
  handler: async ({ ctx, query }) => listInvoices(ctx, query),
});

export const POST = route({
  method: "POST",
  path: "/v1/platform/invoices",
  summary: "Create an invoice",
  description: "Amounts are dollars (fee `flat` is cents). `expectedTotal` (items + tax) is refused when it differs from the computed total by more than 0.01.",
  tags: ["Platform invoices"],
  auth: "platform",
  scope: "invoice:create",
  targetBusiness: true,
  idempotency: "required",
  errors: CREATE_INVOICE_ERRORS,
  body: CreateInvoiceBody,
  response: { status: 201, schema: InvoiceResource, location: true },
  handler: async ({ ctx, body }) => {
    const invoice = await createInvoice(ctx, body);
    return reply(invoice, { status: 201, headers: { location: `${appBaseUrl()}/api/v1/platform/invoices/${encodeURIComponent(invoice._id)}` } });
  },
});
