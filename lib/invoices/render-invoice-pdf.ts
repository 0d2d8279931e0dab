// The invoice (or, once paid, its receipt) as a PDF, in the words and formats of its hosted page (issue 30, payer
// item 7): the same catalog (messages/<locale>/invoice.json), the same money, day and quantity formats
// (invoice-format.ts), the same status word ("Due", "Overdue", "Paid"), in the page's language. It carries the
// seller's name and address, the receiver, the dates, every line item, the fees and totals, the status, what refunds
// gave back (a row and the page's sentence), and while the invoice can be paid, the link to pay it online (the signed page URL, clickable). Built with the
// small writer in pdf-writer.ts.
import type { Locale } from "../i18n/locales.ts";
import { getTranslator } from "../i18n/translator.ts";
import { addressLines, invoiceDisplayStatus, invoiceFormats, isInvoicePayable } from "./invoice-format.ts";
import { buildPdf, fitText, PdfPage, textWidth } from "./pdf-writer.ts";
import type { InvoicePageView } from "./load-invoice-page.ts";

const W = 612;
const H = 792;
const M = 50;
const ROW = 16;
const COL = { desc: M, qty: 360, rate: 450, amount: W - M };

/** `s` cut into pieces that each fit `max` points (a long URL over several lines). */
const chunks = (s: string, max: number, size: number): string[] => {
  const out: string[] = [];
  let line = "";
  for (const ch of s) {
    if (line && textWidth(line + ch, size) > max) {
      out.push(line);
      line = "";
    }
    line += ch;
  }
  return line ? [...out, line] : out;
};

/** `s` in lines of whole words that each fit `max` points (a sentence longer than the page is wide). */
const wrapWords = (s: string, max: number, size: number): string[] => {
  const out: string[] = [];
  let line = "";
  for (const word of s.split(" ")) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidth(next, size) > max) {
      out.push(line);
      line = word;
    } else line = next;
  }
  return line ? [...out, line] : out;
};

export const renderInvoicePdf = (
  v: InvoicePageView,
  kind: "invoice" | "receipt",
  { locale, now = new Date() }: { locale: Locale; now?: Date },
): Uint8Array<ArrayBuffer> => {
  const t = getTranslator(locale, "invoice");
  const f = invoiceFormats(locale);
  const pages: PdfPage[] = [];
  let page = new PdfPage();
  pages.push(page);
  let y = H - M;
  const title = t(kind === "receipt" ? "pdf.receiptTitle" : "pdf.invoiceTitle", { number: v.invoiceNumber });
  const status = invoiceDisplayStatus(v, now);
  const newPage = () => {
    page = new PdfPage();
    pages.push(page);
    y = H - M;
  };

  // the seller, and the document's title and status
  page.text(M, y, fitText(v.businessName, 300, 16, "bold"), { size: 16, font: "bold" });
  page.text(W - M, y, fitText(title, 200, 16, "bold"), { size: 16, font: "bold", align: "right" });
  const address = v.businessAddress ? addressLines(locale, v.businessAddress) : [];
  page.text(W - M, y - 18, `${t("statusLabel")} ${t(`status.${status}`)}`, { font: "bold", align: "right" });
  if (v.environment === "test") page.text(W - M, y - 32, t("pdf.testMode"), { size: 9, align: "right" });
  y -= 16;
  for (const line of address) {
    page.text(M, y, fitText(line, 300, 10), { size: 10 });
    y -= 13;
  }
  y = Math.min(y, H - M - 40) - 24;

  // who is billed, and the days
  page.text(M, y, t("billedTo"), { size: 9, font: "bold" });
  page.text(330, y, t("invoiceDate"), { size: 9, font: "bold" });
  page.text(450, y, kind === "receipt" && v.paidAt ? t("pdf.paidOn") : t("dueDate"), { size: 9, font: "bold" });
  y -= 14;
  page.text(M, y, fitText(v.receiverName, 260, 10));
  page.text(330, y, f.day(v.date));
  page.text(450, y, kind === "receipt" && v.paidAt ? f.day(v.paidAt) : f.day(v.dueDate));
  if (v.receiverEmail) page.text(M, y - 14, fitText(v.receiverEmail, 260, 10));
  y -= 44;

  const header = () => {
    page.text(COL.desc, y, t("items.item"), { size: 9, font: "bold" });
    page.text(COL.qty, y, t("items.quantity"), { size: 9, font: "bold", align: "right" });
    page.text(COL.rate, y, t("items.rate"), { size: 9, font: "bold", align: "right" });
    page.text(COL.amount, y, t("items.amount"), { size: 9, font: "bold", align: "right" });
    y -= 6;
    page.line(M, y, W - M, y);
    y -= ROW;
  };
  header();
  for (const item of v.items) {
    if (y < M + 40) {
      newPage();
      header();
    }
    page.text(COL.desc, y, fitText(item.description, COL.qty - COL.desc - 50, 10));
    page.text(COL.qty, y, f.quantity(item.quantity), { align: "right" });
    page.text(COL.rate, y, f.money(item.rateCents), { align: "right" });
    page.text(COL.amount, y, f.money(item.amountCents), { align: "right" });
    y -= ROW;
  }
  const totals: [string, string, boolean][] = [
    [t("totals.subtotal"), f.money(v.subtotalCents), false],
    ...(v.taxCents ? [[t("totals.tax"), f.money(v.taxCents), false] as [string, string, boolean]] : []),
    [t("totals.total"), f.money(v.totalCents), true],
    ...v.fees.map((fee) => [fitText(fee.label, 150, 10), f.money(fee.amountCents), false] as [string, string, boolean]),
    [v.status === "paid" ? t("totals.amountPaid") : t("totals.amountDue"), f.money(v.chargedCents), true],
    ...(v.refundedCents > 0 ? [[t("refunded.row"), `-${f.money(v.refundedCents)}`, false] as [string, string, boolean]] : []),
  ];
  if (y - totals.length * ROW < M + 40) newPage();
  page.line(330, y + ROW - 6, W - M, y + ROW - 6);
  for (const [label, value, bold] of totals) {
    page.text(330, y, label, { font: bold ? "bold" : "regular" });
    page.text(COL.amount, y, value, { font: bold ? "bold" : "regular", align: "right" });
    y -= ROW;
  }
  y -= 10;

  // where the payment stands: the page's sentence once paid, the link to pay while payable
  const lines: { text: string; size: number; bold?: boolean; uri?: string }[] = [];
  const amount = f.money(v.chargedCents);
  const method = v.paymentMethod ?? "other";
  if (v.status === "paid")
    lines.push({
      text: v.paidAt ? t("paid.body", { amount, date: f.day(v.paidAt), method }) : t("paid.bodyUndated", { amount, method }),
      size: 10,
      bold: true,
    });
  if (v.status === "paid" && v.refundedCents > 0) {
    const words = { refunded: f.money(v.refundedCents), charged: amount, date: f.day(v.lastRefundAt ?? v.paidAt ?? v.date) };
    const said = v.refundedCents >= v.chargedCents ? t("refunded.full", words) : t("refunded.partial", words);
    for (const piece of wrapWords(said, W - 2 * M, 10)) lines.push({ text: piece, size: 10 });
  } else if (v.status === "processing") lines.push({ text: t("processing.body", { amount }), size: 10, bold: true });
  else if (v.status === "cancelled") lines.push({ text: t("cancelled.body", { business: v.businessName }), size: 10, bold: true });
  if (isInvoicePayable(v.status)) {
    lines.push({ text: t("pdf.payOnline"), size: 10, bold: true });
    for (const piece of chunks(v.pageUrl, W - 2 * M, 8)) lines.push({ text: piece, size: 8, uri: v.pageUrl });
  }
  if (y - lines.length * 13 < M + 20) newPage();
  for (const line of lines) {
    page.text(M, y, fitText(line.text, W - 2 * M, line.size, line.bold ? "bold" : "regular"), { size: line.size, font: line.bold ? "bold" : "regular" });
    if (line.uri) page.link([M, y - 2, M + textWidth(line.text, line.size), y + line.size], line.uri);
    y -= line.size + 4;
  }
  if (v.note) {
    y -= 12;
    for (const line of v.note.split(/\r?\n/).slice(0, 12)) {
      if (y < M + 20) newPage();
      page.text(M, y, fitText(line, W - 2 * M, 9), { size: 9 });
      y -= 12;
    }
  }
  pages.forEach((p, i) => p.text(W - M, M / 2, t("pdf.page", { title, page: i + 1, pages: pages.length }), { size: 8, align: "right" }));
  return buildPdf(pages, { width: W, height: H, title });
};
