// The invoice PDF says what its page says (issue 30, payer item 7): the same words, money, days and status word,
// in the page's language, with the seller's name and address and, while the invoice can be paid, the link to
// pay it online. Checked on a due, an overdue and a paid invoice, in English and French, against the page as
// rendered for the same reader.
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { POST as CREATE } from "@/app/api/v1/platform/invoices/route";
import { getDb } from "@/lib/db/client";
import { payInvoiceOnPage } from "@/lib/invoices/pay-invoice-on-page";
import { makePlatform } from "@/tests/support/fixtures";
import { call } from "@/tests/support/http";
import { pdfText } from "@/tests/support/pdf-text";
import { refundInvoice } from "@/lib/refunds/refund-invoice";
import { inRequest } from "@/tests/support/serve-auth";
import { idem } from "@/tests/support/vc";
import InvoicePage from "../page";
import { GET as PDF } from "./route";
import { GET as RECEIPT } from "../receipt/route";

vi.mock("next/headers", async () => (await import("@/tests/support/serve-auth")).nextHeaders);

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");
const ADDRESS = { line1: "12 rue de la Paix", line2: "Bâtiment B", city: "Paris", postalCode: "75002", country: "FR" };

const make = async (over: Record<string, unknown> = {}) => {
  const p = await makePlatform({ environment: "test" });
  await getDb().business.update({ where: { id: p.business.id }, data: { address: ADDRESS } });
  const res = await call(CREATE, {
    headers: idem(p.headers),
    body: {
      receiverName: "Ada Lovelace",
      receiverEmail: "ada@example.com",
      date: "2026-11-20",
      dueDate: "2099-12-20",
      status: "sent",
      emailSuppressed: true,
      items: [{ description: "Tournament hosting", quantity: 1.5, rate: 822.04 }],
      ...over,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const url = new URL(res.body.links.invoice);
  return { p, url: url.toString(), publicId: res.body.publicInvoiceId as string, sig: url.searchParams.get("sig")! };
};

const page = (publicId: string, sig: string, lang: string) =>
  inRequest({ "accept-language": lang }, async () =>
    plain(renderToStaticMarkup((await InvoicePage({ params: Promise.resolve({ publicId }), searchParams: Promise.resolve({ sig }) })) as ReactElement)),
  );
const pdf = async (route: typeof PDF, publicId: string, sig: string, lang: string) => {
  const res = await route(new Request(`http://localhost/invoice/${publicId}/pdf?sig=${sig}`, { headers: { "accept-language": lang } }), {
    params: Promise.resolve({ publicId }),
  });
  expect(res.status).toBe(200);
  const { lines, links } = pdfText(new Uint8Array(await res.arrayBuffer()));
  return { lines: lines.map(plain), links };
};

/** Each string is on the page (as text between tags) and on a line of the PDF. */
const expectBoth = (html: string, lines: string[], strings: string[]) => {
  const text = plain(
    html
      .replace(/<[^>]+>/g, "\n")
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&amp;/g, "&"),
  );
  for (const s of strings) {
    expect(text, `page: ${s}`).toContain(s);
    expect(lines.join("\n"), `pdf: ${s}`).toContain(s);
  }
};

describe("the invoice PDF matches its page", () => {
  it("a due invoice in English: USD amounts, medium dates, 'Due', the seller's address, the pay-online link", async () => {
    const { p, url, publicId, sig } = await make();
    const html = await page(publicId, sig, "en-US");
    const { lines, links } = await pdf(PDF, publicId, sig, "en-US");
    expectBoth(html, lines, [
      p.business.name,
      "12 rue de la Paix",
      "75002 Paris",
      "France",
      "Billed to",
      "Ada Lovelace",
      "Invoice date",
      "Nov 20, 2026",
      "Due date",
      "Dec 20, 2099",
      "Qty",
      "1.5",
      "USD 822.04",
      "USD 1,233.06",
      "Amount due",
      "Due",
    ]);
    expect(lines).toContain("Status: Due");
    expect(lines).toContain("Invoice INV-000001");
    expect(lines).toContain("Pay online at:");
    expect(lines.join("")).toContain(url);
    expect(links).toEqual([url, url]);
    expect(lines.join("\n")).not.toMatch(/\$|2026-11-20|Status: sent/);
  });

  it("a due invoice in French: 1 233,06 USD, 20 déc. 2099, « À payer », France, Payer en ligne", async () => {
    const { p, url, publicId, sig } = await make();
    const html = await page(publicId, sig, "fr-FR,fr;q=0.9");
    const { lines } = await pdf(PDF, publicId, sig, "fr-FR,fr;q=0.9");
    expectBoth(html, lines, [
      p.business.name,
      "Bâtiment B",
      "75002 Paris",
      "France",
      "Facturé à",
      "Date de la facture",
      "20 nov. 2026",
      "Date d’échéance",
      "20 déc. 2099",
      "1,5",
      "822,04 USD",
      "1 233,06 USD",
      "Montant à payer",
      "À payer",
    ]);
    expect(lines).toContain("Statut : À payer");
    expect(lines).toContain("Facture INV-000001");
    expect(lines).toContain("Payer en ligne :");
    expect(lines.join("")).toContain(url);
    expect(lines.join("\n")).not.toMatch(/Amount|Due date|Billed to|Status/);
  });

  it("an overdue invoice says 'Overdue' / 'En retard' on both", async () => {
    const { publicId, sig } = await make({ date: "2026-01-05", dueDate: "2026-01-20" });
    const en = await page(publicId, sig, "en");
    expect(en).toContain('data-testid="invoice-status">Overdue</span>');
    const enPdf = await pdf(PDF, publicId, sig, "en");
    expectBoth(en, enPdf.lines, ["Overdue", "Jan 20, 2026", "USD 1,233.06"]);
    expect(enPdf.lines).toContain("Status: Overdue");
    expect(enPdf.lines).toContain("Pay online at:");
    const fr = await page(publicId, sig, "fr");
    const frPdf = await pdf(PDF, publicId, sig, "fr");
    expectBoth(fr, frPdf.lines, ["En retard", "20 janv. 2026", "1 233,06 USD"]);
    expect(frPdf.lines).toContain("Statut : En retard");
  });

  it("a paid invoice: 'Paid', the page's paid sentence, no pay-online link; the receipt says the same", async () => {
    const { publicId, sig } = await make();
    await payInvoiceOnPage({ db: getDb() }, { publicId, sig, method: "card", card: { number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" } });
    for (const [lang, word, label, sentence] of [
      ["en", "Paid", "Amount paid", /USD 1,233\.06 paid on .+ by card\. Thank you!/],
      ["fr", "Payée", "Montant payé", /1 233,06 USD payés le .+ par carte\. Merci !/],
    ] as const) {
      const html = await page(publicId, sig, lang);
      const invoice = await pdf(PDF, publicId, sig, lang);
      const receipt = await pdf(RECEIPT, publicId, sig, lang);
      const said = invoice.lines.find((l) => sentence.test(l));
      expect(said, invoice.lines.join("\n")).toBeDefined();
      expectBoth(html, invoice.lines, [word, label, said!]);
      expectBoth(html, receipt.lines, [word, label, said!]);
      for (const doc of [invoice, receipt]) {
        expect(doc.links).toEqual([]);
        expect(doc.lines.join("\n")).not.toMatch(/Pay online|Payer en ligne/);
      }
    }
  });

  it("a refunded invoice: the Refunded row and the page's refund sentence, on the PDF and the receipt", async () => {
    const { p, publicId, sig } = await make();
    await payInvoiceOnPage({ db: getDb() }, { publicId, sig, method: "card", card: { number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" } });
    const inv = await getDb().invoice.findFirstOrThrow({ where: { publicId } });
    await refundInvoice({ db: getDb() }, { businessId: inv.businessId, environment: "test", invoiceId: inv.id, amount: 23306, reason: "other" });
    for (const [lang, row, sentence] of [
      ["en", "-USD 233.06", "USD 233.06 of the USD 1,233.06 you paid was refunded"],
      ["fr", "-233,06 USD", "233,06 USD sur les 1 233,06 USD"],
    ] as const) {
      for (const route of [PDF, RECEIPT]) {
        const doc = await pdf(route, publicId, sig, lang);
        expect(doc.lines, lang).toContain(row);
        // the sentence wraps by whole words: joined again, it reads as on the page
        expect(doc.lines.join(" "), lang).toContain(sentence);
      }
      expect(await page(publicId, sig, lang)).toContain(sentence);
    }
    expect(p.business.id).toBe(inv.businessId);
  });

  it("without an address on the business: its approved activation's registered office; an unreviewed one is not shown", async () => {
    const { p, publicId, sig } = await make();
    const application = { legalName: "Acme SAS", address: { line1: "1 Main St", city: "Austin", state: "TX", postalCode: "78701", country: "US" } };
    await getDb().business.update({ where: { id: p.business.id }, data: { kybStatus: "pending", kybApplication: application } });
    await getDb().$executeRaw`UPDATE "Business" SET address = NULL WHERE id = ${p.business.id}`;
    expect((await pdf(PDF, publicId, sig, "en")).lines.join("\n")).not.toContain("1 Main St");
    await getDb().business.update({ where: { id: p.business.id }, data: { kybStatus: "approved" } });
    const html = await page(publicId, sig, "en");
    expectBoth(html, (await pdf(PDF, publicId, sig, "en")).lines, ["1 Main St", "Austin, TX 78701", "United States"]);
  });
});
