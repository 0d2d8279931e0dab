// What the invoice page's pay action answers (app/invoice/actions.ts): the form state of lib/invoices, and
// whether the card was declined (the form then clears the CVC, and only the CVC).
import type { InvoicePayState } from "@/lib/invoices/page-form-state";

export type InvoicePayAnswer = InvoicePayState & { declined?: boolean };
