// How the invoice page writes its amounts, quantities and days: the formats the PDF uses too (one source,
// lib/invoices/invoice-format.ts).
export { INVOICE_CURRENCY, invoiceFormats, type InvoiceFormats } from "@/lib/invoices/invoice-format";
