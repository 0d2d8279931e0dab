// What the PDF download answers: the invoice (any state but draft), or the receipt (paid only); 404 otherwise.
// In the page's language: the platform's metadata.locale, else the reader's Accept-Language (as the page).
import type { DbContext } from "../core/context.ts";
import { now } from "../core/clock.ts";
import { negotiateLocale } from "../i18n/locales.ts";
import { loadInvoicePage } from "./load-invoice-page.ts";
import { renderInvoicePdf } from "./render-invoice-pdf.ts";

const PRIVATE = { "cache-control": "private, no-store", "referrer-policy": "no-referrer", "x-content-type-options": "nosniff" };

export const invoicePdfResponse = async (
  ctx: DbContext,
  { publicId, sig, kind, acceptLanguage = null }: { publicId: string; sig: string | null; kind: "invoice" | "receipt"; acceptLanguage?: string | null },
): Promise<{ status: number; body: Uint8Array<ArrayBuffer> | string; headers: Record<string, string> }> => {
  const v = await loadInvoicePage(ctx, { publicId, sig });
  if (!v || (kind === "receipt" && v.status !== "paid"))
    return {
      status: 404,
      body: kind === "receipt" && v ? "This invoice has not been paid yet." : "Not found",
      headers: { "content-type": "text/plain; charset=utf-8", ...PRIVATE },
    };
  const safe = v.invoiceNumber.replace(/[^A-Za-z0-9._-]/g, "_");
  return {
    status: 200,
    body: renderInvoicePdf(v, kind, { locale: negotiateLocale(acceptLanguage, v.locale), now: now() }),
    headers: { "content-type": "application/pdf", "content-disposition": `attachment; filename="${kind}-${safe}.pdf"`, ...PRIVATE },
  };
};
