// The hosted invoice page's loader, its pay service and the PDF downloads, including what a stranger holding
// part of the URL can do (nothing).
import { describe, expect, it } from "vitest";
import { getDb } from "../db/client.ts";
import { makePlatform } from "../../tests/support/fixtures.ts";
import { call } from "../../tests/support/http.ts";
import { idem } from "../../tests/support/vc.ts";
import { POST as CREATE } from "../../app/api/v1/platform/invoices/route.ts";
import { checkVcLedgerInvariants } from "../vc/check-vc-journal-entries.ts";
import { loadInvoicePage } from "./load-invoice-page.ts";
import { payInvoiceOnPage } from "./pay-invoice-on-page.ts";
import { invoicePdfResponse } from "./invoice-pdf-response.ts";
import { signPublicInvoiceId } from "./invoice-url.ts";
import { pdfString } from "./pdf-writer.ts";

const make = async (over: Record<string, unknown> = {}, environment: "test" | "live" = "test") => {
  const p = await makePlatform({ environment });
  const res = await call(CREATE, {
    headers: idem(p.headers),
    body: {
      receiverName: "Ada (Buyer)",
      receiverEmail: "ada@example.com",
      date: "2026-11-20",
      dueDate: "2026-12-20",
      status: "sent",
      emailSuppressed: true,
      items: [{ description: "Consulting \\ hours", quantity: 2, rate: 100 }],
      fees: [{ label: "Fee", flat: 250, recipientWallet: "0x" + "ef".repeat(20) }],
      ...over,
    },
  });
  expect(res.status).toBe(201);
  const sig = new URL(res.body.links.invoice).searchParams.get("sig");
  return { p, inv: res.body, target: { publicId: res.body.publicInvoiceId as string, sig } };
};
const ctx = { db: getDb() };
const status = async (id: string) => (await getDb().invoice.findUniqueOrThrow({ where: { id } })).status;

describe("the invoice page loader", () => {
  it("shows a sent invoice to the holder of the signed URL, without platform data", async () => {
    const { p, target } = await make();
    const v = await loadInvoicePage(ctx, target);
    expect(v).toMatchObject({
      invoiceNumber: "INV-000001",
      status: "sent",
      businessName: p.business.name,
      receiverName: "Ada (Buyer)",
      items: [{ description: "Consulting \\ hours", quantity: 2, rateCents: 10000, amountCents: 20000 }],
      fees: [{ label: "Fee", amountCents: 250 }],
      totalCents: 20000,
      chargedCents: 20250,
      receiptPath: null,
    });
    expect(v!.pdfPath).toBe(`/invoice/${target.publicId}/pdf?sig=${target.sig}`);
    expect(JSON.stringify(v)).not.toContain(p.platform.id);
  });

  it("a stranger: no signature, a wrong one, another invoice's, or a draft shows nothing", async () => {
    const { target } = await make();
    const other = await make();
    expect(await loadInvoicePage(ctx, { publicId: target.publicId, sig: null })).toBeNull();
    expect(await loadInvoicePage(ctx, { publicId: target.publicId, sig: "0".repeat(64) })).toBeNull();
    expect(await loadInvoicePage(ctx, { publicId: target.publicId, sig: other.target.sig })).toBeNull();
    const draft = await make({ status: "draft" });
    expect(await loadInvoicePage(ctx, draft.target)).toBeNull();
    await expect(payInvoiceOnPage(ctx, { ...target, sig: other.target.sig, method: "ach" })).rejects.toMatchObject({ code: "INVOICE_NOT_FOUND" });
    await expect(payInvoiceOnPage(ctx, { ...draft.target, method: "ach" })).rejects.toMatchObject({ code: "INVOICE_NOT_FOUND" });
  });
});

describe("paying on the page", () => {
  it("card: a declined card changes nothing; 4242 pays once, with a balanced journal", async () => {
    const { inv, target } = await make();
    await expect(
      payInvoiceOnPage(ctx, { ...target, method: "card", card: { number: "4000 0000 0000 0002", expiry: "12/40", cvc: "123" } }),
    ).rejects.toMatchObject({
      code: "CARD_DECLINED",
    });
    await expect(payInvoiceOnPage(ctx, { ...target, method: "card", card: { number: "1234", expiry: "12/40", cvc: "123" } })).rejects.toMatchObject({
      code: "CARD_INVALID",
    });
    expect(await status(inv._id)).toBe("sent");
    const paid = await payInvoiceOnPage(ctx, { ...target, method: "card", card: { number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" } });
    expect(paid).toMatchObject({ status: "paid", paymentMethod: "card" });
    await expect(payInvoiceOnPage(ctx, { ...target, method: "card", card: { number: "4242424242424242", expiry: "12/40", cvc: "123" } })).rejects.toMatchObject(
      {
        code: "INVOICE_STATE_CONFLICT",
      },
    );
    expect(await getDb().ledgerJournal.count({ where: { reference: inv._id } })).toBe(1);
    expect(await checkVcLedgerInvariants(getDb(), { asset: "usdc", environment: "test" })).toMatchObject({
      sum: 0n,
      unbalancedJournals: [],
      miscountedTenants: [],
      misstatedJournals: [],
    });
    expect((await loadInvoicePage(ctx, target))!.receiptPath).toBe(`/invoice/${target.publicId}/receipt?sig=${target.sig}`);
  });

  it("ACH: sent → processing (nothing paid yet) → settle → paid", async () => {
    const { inv, target } = await make();
    await expect(payInvoiceOnPage(ctx, { ...target, method: "settle" })).rejects.toMatchObject({ code: "INVOICE_STATE_CONFLICT" });
    await payInvoiceOnPage(ctx, { ...target, method: "ach" });
    expect(await status(inv._id)).toBe("processing");
    expect(await getDb().ledgerJournal.count({ where: { reference: inv._id } })).toBe(0);
    await expect(payInvoiceOnPage(ctx, { ...target, method: "card", card: { number: "4242424242424242", expiry: "12/40", cvc: "1" } })).rejects.toMatchObject({
      code: "INVOICE_STATE_CONFLICT",
    });
    await payInvoiceOnPage(ctx, { ...target, method: "settle" });
    expect(await status(inv._id)).toBe("paid");
    expect(await getDb().ledgerJournal.count({ where: { reference: inv._id } })).toBe(1);
  });

  it("a live invoice takes no sandbox payment here (card goes through Stripe, no ACH in live): 422 PAYMENT_METHOD_UNAVAILABLE", async () => {
    const { inv, target } = await make({}, "live");
    for (const method of ["ach", "settle", "card"] as const)
      await expect(payInvoiceOnPage(ctx, { ...target, method, card: { number: "4242424242424242", expiry: "12/40", cvc: "123" } })).rejects.toMatchObject({
        code: "PAYMENT_METHOD_UNAVAILABLE",
        status: 422,
      });
    expect(await status(inv._id)).toBe("sent");
  });
});

describe("the PDF downloads", () => {
  it("a well-formed PDF 1.4 with the invoice's text; the receipt only once paid; a wrong signature is 404", async () => {
    const { target } = await make();
    const res = await invoicePdfResponse(ctx, { ...target, kind: "invoice" });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const text = Buffer.from(res.body as Uint8Array).toString("latin1");
    expect(text.startsWith("%PDF-1.4\n")).toBe(true);
    expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
    // every xref offset points at its object
    const xrefAt = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(xrefAt, xrefAt + 4)).toBe("xref");
    const offsets = [...text.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((o, i) => expect(text.slice(o, o + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
    for (const s of ["(Invoice INV-000001)", "Ada \\(Buyer\\)", "Consulting \\\\ hours", "USD\u00a0202.50", "Status: Due"]) expect(text).toContain(s);
    expect((await invoicePdfResponse(ctx, { ...target, kind: "receipt" })).status).toBe(404);
    expect((await invoicePdfResponse(ctx, { ...target, sig: signPublicInvoiceId("pinv_other"), kind: "invoice" })).status).toBe(404);
    await payInvoiceOnPage(ctx, { ...target, method: "ach" });
    await payInvoiceOnPage(ctx, { ...target, method: "settle" });
    const receipt = Buffer.from((await invoicePdfResponse(ctx, { ...target, kind: "receipt" })).body as Uint8Array).toString("latin1");
    expect(receipt).toContain("(Receipt INV-000001)");
    expect(receipt).toMatch(/USD\u00a0202\.50 paid on [A-Z][a-z]{2} \d{1,2}, \d{4} by bank transfer \\\(ACH\\\)\. Thank you!/);
  });

  it("escapes PDF string syntax, writes WinAnsi's extra glyphs and Intl's spaces, and drops what it cannot hold", () => {
    expect(pdfString("a(b)c\\d")).toBe("(a\\(b\\)c\\\\d)");
    expect(pdfString("café − 漢")).toBe("(café - ?)");
    expect(pdfString("d’échéance…")).toBe("(d\x92échéance\x85)");
    expect(pdfString("1\u202f234,56\u00a0USD")).toBe("(1\u00a0234,56\u00a0USD)");
  });
});
