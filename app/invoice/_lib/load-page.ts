// The invoice page's data, once per request: the page, its metadata and the root layout's `<html lang>`
// (app/_lib/page-locale.ts) read it through this.
import { cache } from "react";
import { getDb } from "@/lib/db/client";
import { loadInvoicePage } from "@/lib/invoices/load-invoice-page";

export const loadInvoicePageOnce = cache(async (publicId: string, sig: string | null) => loadInvoicePage({ db: getDb() }, { publicId, sig }));
