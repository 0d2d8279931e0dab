// The invoice (or, once paid, its receipt) as a PDF: the business, the receiver, the dates, every line item, the
// fees and totals, and the status. Built with the small writer in pdf-writer.ts.
import { buildPdf, fitText, PdfPage } from "./pdf-writer.ts";
import type { InvoicePageView } from "./load-invoice-page.ts";

const money = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const day = (d: Date) => d.toISOString().slice(0, 10);
const qty = (q: number) => String(Number(q.toFixed(4)));

const W = 612;
const H = 792;
const M = 50;
const ROW = 16;
const COL = { desc: M, qty: 360, rate: 450, amount: W - M };

export const renderInvoicePdf = (v: InvoicePageView, kind: "invoice" | "receipt"): Uint8Array<ArrayBuffer> => {
  const pages: PdfPage[] = [];
  let page = new PdfPage();
  pages.push(page);
  let y = H - M;

  const title = kind === "receipt" ? "RECEIPT" : "INVOICE";
  page.text(M, y, fitText(v.businessName, 330, 16, "bold"), { size: 16, font: "bold" });
  page.text(W - M, y, title, { size: 18, font: "bold", align: "right" });
  y -= 22;
  page.text(W - M, y, `No. ${v.invoiceNumber}`, { align: "right" });
  if (v.environment === "test") page.text(M, y, "TEST MODE - no real money moves", { size: 9, font: "bold" });
  y -= 30;

  page.text(M, y, "Billed to", { size: 9, font: "bold" });
  page.text(330, y, "Invoice date", { size: 9, font: "bold" });
  page.text(450, y, kind === "receipt" ? "Paid on" : "Due date", { size: 9, font: "bold" });
  y -= 14;
  page.text(M, y, fitText(v.receiverName, 260, 10));
  page.text(330, y, day(v.date));
  page.text(450, y, kind === "receipt" && v.paidAt ? day(v.paidAt) : day(v.dueDate));
  if (v.receiverEmail) page.text(M, y - 14, fitText(v.receiverEmail, 260, 10));
  y -= 44;

  const header = () => {
    page.text(COL.desc, y, "Description", { size: 9, font: "bold" });
    page.text(COL.qty, y, "Qty", { size: 9, font: "bold", align: "right" });
    page.text(COL.rate, y, "Rate", { size: 9, font: "bold", align: "right" });
    page.text(COL.amount, y, "Amount", { size: 9, font: "bold", align: "right" });
    y -= 6;
    page.line(M, y, W - M, y);
    y -= ROW;
  };
  header();
  for (const item of v.items) {
    if (y < M + 40) {
      page = new PdfPage();
      pages.push(page);
      y = H - M;
      header();
    }
    page.text(COL.desc, y, fitText(item.description, COL.qty - COL.desc - 50, 10));
    page.text(COL.qty, y, qty(item.quantity), { align: "right" });
    page.text(COL.rate, y, money(item.rateCents), { align: "right" });
    page.text(COL.amount, y, money(item.amountCents), { align: "right" });
    y -= ROW;
  }
  const totals: [string, string, boolean][] = [
    ["Subtotal", money(v.subtotalCents), false],
    ...(v.taxCents ? [["Tax", money(v.taxCents), false] as [string, string, boolean]] : []),
    ["Invoice total", money(v.totalCents), true],
    ...v.fees.map((f) => [fitText(f.label, 150, 10), money(f.amountCents), false] as [string, string, boolean]),
    [kind === "receipt" ? "Amount paid (USD)" : "Amount due (USD)", money(v.chargedCents), true],
  ];
  if (y - totals.length * ROW < M + 40) {
    page = new PdfPage();
    pages.push(page);
    y = H - M;
  }
  page.line(330, y + ROW - 6, W - M, y + ROW - 6);
  for (const [label, value, bold] of totals) {
    page.text(330, y, label, { font: bold ? "bold" : "regular" });
    page.text(COL.amount, y, value, { font: bold ? "bold" : "regular", align: "right" });
    y -= ROW;
  }
  y -= 10;
  const status =
    kind === "receipt"
      ? `Paid in full${v.paymentMethod ? ` by ${v.paymentMethod === "ach" ? "bank transfer (ACH)" : "card"}` : ""}${v.paidAt ? ` on ${day(v.paidAt)}` : ""}.`
      : `Status: ${v.status}`;
  page.text(M, y, status, { font: "bold" });
  if (v.note) {
    y -= 20;
    for (const line of v.note.split(/\r?\n/).slice(0, 12)) {
      page.text(M, y, fitText(line, W - 2 * M, 9), { size: 9 });
      y -= 12;
    }
  }
  pages.forEach((p, i) => p.text(W - M, M / 2, `${title} ${v.invoiceNumber} - page ${i + 1} of ${pages.length}`, { size: 8, align: "right" }));
  return buildPdf(pages, { width: W, height: H, title: `${title} ${v.invoiceNumber}` });
};
