// The hosted invoice page as rendered for the holder of its signed URL: English by default, French for a
// French browser (words, amounts with the currency code, calendar days), and the tab title and link preview
// naming the invoice and its sender.
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { POST as CREATE } from "@/app/api/v1/platform/invoices/route";
import { makePlatform } from "@/tests/support/fixtures";
import { call } from "@/tests/support/http";
import { inRequest } from "@/tests/support/serve-auth";
import { idem } from "@/tests/support/vc";
import { POST as PAY } from "@/app/api/v1/test-helpers/invoices/[invoiceId]/pay/route";
import { POST as REFUND } from "@/app/api/v1/platform/invoices/[invoiceId]/refunds/route";
import InvoicePage, { generateMetadata } from "./page";

// The page reads the browser's language through next/headers: answered from inRequest's headers (none: English).
vi.mock("next/headers", async () => (await import("@/tests/support/serve-auth")).nextHeaders);

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

const make = async (over: Record<string, unknown> = {}) => {
  const p = await makePlatform({ environment: "test" });
  const res = await call(CREATE, {
    headers: idem(p.headers),
    body: {
      receiverName: "Ada Lovelace",
      receiverEmail: "ada@example.com",
      date: "2026-11-20",
      dueDate: "2026-12-20",
      status: "sent",
      emailSuppressed: true,
      items: [
        { description: "Tournament hosting", quantity: 2, rate: 600 },
        { description: "Prize pool management", quantity: 1.5, rate: 23.04 },
      ],
      ...over,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const url = new URL(res.body.links.invoice);
  return { p, inv: res.body, publicId: res.body.publicInvoiceId as string, sig: url.searchParams.get("sig") };
};

const props = (publicId: string, sig: string | null) => ({ params: Promise.resolve({ publicId }), searchParams: Promise.resolve(sig ? { sig } : {}) });
const render = (publicId: string, sig: string | null, acceptLanguage?: string) =>
  inRequest(acceptLanguage ? { "accept-language": acceptLanguage } : {}, async () =>
    plain(renderToStaticMarkup((await InvoicePage(props(publicId, sig))) as ReactElement)),
  );
const metadata = (publicId: string, sig: string | null, acceptLanguage?: string) =>
  inRequest(acceptLanguage ? { "accept-language": acceptLanguage } : {}, () => generateMetadata(props(publicId, sig)));

describe("the hosted invoice page", () => {
  it("speaks English by default: amounts with the currency code, days without a time", async () => {
    const { p, publicId, sig } = await make();
    const html = await render(publicId, sig);
    expect(html).toContain(">Invoice INV-000001</h1>");
    expect(html).toContain('data-testid="invoice-status">Due</span>');
    expect(html).toContain("Line items");
    expect(html).toContain(">1.5</td>");
    expect(html).toContain(">USD 23.04</td>");
    expect(html).toContain(">USD 34.56</td>");
    expect(html).toContain('data-testid="amount-due">USD 1,234.56</dd>');
    expect(html).toContain(">Dec 20, 2026</dd>");
    expect(html).toContain("Pay USD 1,234.56");
    expect(html).toContain("Pay USD 1,234.56 by bank transfer");
    expect(html).toContain("Card number");
    expect(html).toContain(p.business.name);

    const meta = await metadata(publicId, sig);
    expect(meta.title).toEqual({ absolute: `Invoice INV-000001 from ${p.business.name}` });
    expect(plain(String(meta.description))).toBe(`${p.business.name} sent you invoice INV-000001: USD 1,234.56, due Dec 20, 2026.`);
    expect(meta.robots).toEqual({ index: false, follow: false });
    expect(meta.referrer).toBe("no-referrer");
  });

  it("speaks French to a French browser: words, 1 234,56 USD, 20 déc. 2026", async () => {
    const { p, publicId, sig } = await make();
    const html = await render(publicId, sig, "fr-FR,fr;q=0.9,en;q=0.5");
    expect(html).toContain('lang="fr"');
    expect(html).toContain(">Facture INV-000001</h1>");
    expect(html).toContain('data-testid="invoice-status">À payer</span>');
    expect(html).toContain("Détail de la facture");
    expect(html).toContain(">1,5</td>");
    expect(html).toContain(">23,04 USD</td>");
    expect(html).toContain('data-testid="amount-due">1 234,56 USD</dd>');
    expect(html).toContain(">20 déc. 2026</dd>");
    expect(html).toContain("Date d’échéance");
    expect(html).toContain("Payer 1 234,56 USD");
    expect(html).toContain("Payer 1 234,56 USD par virement");
    expect(html).toContain("Numéro de carte");
    expect(html).toContain("Télécharger le PDF");
    expect(html).toContain("Mode test");
    expect(html).not.toMatch(/Invoice total|Due date|Pay by card/);

    const meta = await metadata(publicId, sig, "fr");
    expect(meta.title).toEqual({ absolute: `Facture INV-000001 de ${p.business.name}` });
    expect(plain(String(meta.description))).toBe(`${p.business.name} vous a envoyé la facture INV-000001 : 1 234,56 USD, à payer avant le 20 déc. 2026.`);
  });

  it("speaks the language the platform set in metadata.locale, whatever the browser's", async () => {
    const { p, publicId, sig } = await make({ metadata: { locale: "fr-CA" } });
    const html = await render(publicId, sig, "en-US,en;q=0.9");
    expect(html).toContain('lang="fr"');
    expect(html).toContain(">Facture INV-000001</h1>");
    expect(html).toContain('data-testid="amount-due">1 234,56 USD</dd>');
    expect((await metadata(publicId, sig, "en-US")).title).toEqual({ absolute: `Facture INV-000001 de ${p.business.name}` });
    // a metadata locale we do not speak leaves the browser's choice
    const other = await make({ metadata: { locale: "de" } });
    expect(await render(other.publicId, other.sig, "fr")).toContain(">Facture INV-000001</h1>");
    expect(await render(other.publicId, other.sig, "en")).toContain(">Invoice INV-000001</h1>");
  });

  it("says a bad link is not valid, in the reader's language, and names nothing", async () => {
    const { p, publicId } = await make();
    const en = await render(publicId, null);
    expect(en).toContain("This invoice link is not valid");
    expect(en).not.toContain(p.business.name);
    expect(await render(publicId, "0".repeat(64), "fr")).toContain("Ce lien de facture n’est pas valide");
    expect((await metadata(publicId, null, "fr")).title).toEqual({ absolute: "Lien de facture non valide" });
  });

  it("tells the payer a refund in part, then in full, in English and in French", async () => {
    const { p, inv, publicId, sig } = await make();
    expect((await call(PAY, { headers: idem(p.headers), params: { invoiceId: inv._id }, body: { method: "card" } })).status).toBe(200);
    let html = await render(publicId, sig);
    expect(html).toContain('data-testid="invoice-status">Paid</span>');
    expect(html).not.toContain("invoice-refunded");

    const part = await call(REFUND, { headers: idem(p.headers), params: { invoiceId: inv._id }, body: { amount: 23456, reason: "requested_by_customer" } });
    expect(part.status).toBe(201);
    const day = new Date(part.body.data.refund.createdAt);
    const en = day.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
    html = await render(publicId, sig);
    expect(html).toContain('data-testid="invoice-status">Partly refunded</span>');
    expect(html).toContain(">Partly refunded</h1>");
    expect(html).toContain(`data-testid="invoice-refunded">USD 234.56 of the USD 1,234.56 you paid was refunded (last refund on ${en}).`);
    expect(html).toContain('data-testid="amount-refunded">−USD 234.56</dd>');
    const fr = await render(publicId, sig, "fr-FR,fr;q=0.9");
    expect(fr).toContain('data-testid="invoice-status">Remboursée en partie</span>');
    expect(fr).toContain('data-testid="invoice-refunded">234,56 USD sur les 1 234,56 USD que vous avez payés ont été remboursés (dernier remboursement le ');

    expect((await call(REFUND, { headers: idem(p.headers), params: { invoiceId: inv._id }, body: { reason: "other" } })).status).toBe(201);
    html = await render(publicId, sig);
    expect(html).toContain('data-testid="invoice-status">Refunded</span>');
    expect(html).toContain(`data-testid="invoice-refunded">The USD 1,234.56 you paid was refunded in full on ${en}.`);
    expect(await render(publicId, sig, "fr-FR")).toContain(
      'data-testid="invoice-refunded">Les 1 234,56 USD que vous avez payés ont été remboursés en totalité le ',
    );
  });
});
