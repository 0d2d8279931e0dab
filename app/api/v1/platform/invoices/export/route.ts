// GET /v1/platform/invoices/export: the target business's invoices as a CSV file
import { reply, route } from "@/lib/http/route";
import { exportInvoices } from "@/lib/invoices/export-invoices";
import { ExportInvoicesQuery } from "@/lib/invoices/schemas";

export const GET = route({
  method: "GET",
  path: "/v1/platform/invoices/export",
  summary: "Export invoices as CSV",
  description:
    "Filters: `startDate` and `endDate` (invoice date, inclusive, ISO 8601) and `ids` (comma-separated invoice _ids, at most 100). Oldest first, at most 10,000 rows.",
  tags: ["Platform invoices"],
  auth: "platform",
  scope: "invoice:read",
  targetBusiness: true,
  idempotency: "none",
  query: ExportInvoicesQuery,
  response: {
    status: 200,
    contentType: "text/csv",
    description: "CSV (RFC 4180), one header row then one row per invoice; amounts in dollars.",
    headers: { "Content-Disposition": { description: 'attachment; filename="invoices-<businessId>.csv"', required: true } },
  },
  handler: async ({ ctx, query }) =>
    reply(await exportInvoices(ctx, query), {
      raw: true,
      headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="invoices-${ctx.scope.businessId}.csv"` },
    }),
});
