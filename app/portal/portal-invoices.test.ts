// The portal's invoice pages and Refund server action as a member's browser meets them (signed in through the real
// next-auth route): the list and the invoice page in English and French, the Refund form only for finance, admin
// and owner, the action refusing a viewer and a developer (nothing refunded), and its refusals and success said in
// the member's language.
import "@/tests/support/serve-auth";
import { describe, expect, it, vi } from "vitest";
import * as authRoute from "@/app/api/auth/[...nextauth]/route";
import { INITIAL_FORM_STATE } from "@/components/portal/portal-form";
import { getDb } from "@/lib/db/client";
import { makePlatform } from "@/tests/support/fixtures";
import { makeSentInvoice } from "@/tests/support/invoices";
import { formData as form, makePortalMembers, renderPortalPage, servePortalAuth } from "@/tests/support/portal";
import { inRequest } from "@/tests/support/serve-auth";
import { refundInvoiceAction } from "./[businessId]/invoices/[invoiceId]/actions";
import InvoicePage from "./[businessId]/invoices/[invoiceId]/page";
import InvoicesPage from "./[businessId]/invoices/page";

vi.mock("next/headers", async () => (await import("@/tests/support/serve-auth")).nextHeaders);
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
vi.mock("next/navigation", async (original) => ({
  ...(await original<typeof import("next/navigation")>()),
  useRouter: () => ({ refresh: () => {}, push: () => {}, replace: () => {}, back: () => {}, forward: () => {}, prefetch: () => {} }),
}));

const auth = servePortalAuth(authRoute);
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

const setup = async () => {
  const p = await makePlatform();
  const other = await makePlatform();
  const members = await makePortalMembers(p.business.id, other.business.id);
  const { id: invoiceId, number } = await makeSentInvoice(p);
  return { ...members, businessId: p.business.id, invoiceId, number };
};

describe("the portal's invoice pages", () => {
  it("list and show an invoice in English and French; the Refund form only for members who may refund", async () => {
    const t = await setup();
    const { businessId, invoiceId } = t;
    const finance = await auth.signIn(t.finance);
    const viewer = await auth.signIn(t.viewer);
    const fr = { ...finance, "accept-language": "fr-FR,fr;q=0.9" };

    const list = plain(await renderPortalPage(finance, InvoicesPage, { businessId }));
    expect(list).toContain("Invoices</h1>");
    for (const header of ["Invoice", "Billed to", "Date", "Due", "Total", "Status", "Refunded"]) expect(list).toContain(`>${header}</th>`);
    expect(list).toContain(`>${t.number}</a>`);
    expect(list).toContain(`href="/portal/${businessId}/invoices/${invoiceId}"`);
    expect(list).toContain(`data-testid="invoice-status-${invoiceId}">Paid</span>`);
    expect(list).toContain("USD 100.00");
    const live = plain(await renderPortalPage(finance, InvoicesPage, { businessId }, { env: "live" }));
    expect(live).toContain("No live invoice yet.");
    const frList = plain(await renderPortalPage(fr, InvoicesPage, { businessId }));
    expect(frList).toContain("Factures</h1>");
    for (const header of ["Facture", "Facturée à", "Échéance", "Statut", "Remboursé"]) expect(frList).toContain(`>${header}</th>`);
    expect(frList).toContain(">Payée</span>");
    expect(frList).toContain("100,00 USD");

    const page = plain(await renderPortalPage(finance, InvoicePage, { businessId, invoiceId }));
    expect(page).toContain(`Invoice ${t.number}</h1>`);
    expect(page).toContain(`aria-label="Refund invoice ${t.number}"`);
    expect(page).toContain('name="refundedBefore" value="0"');
    expect(page).toContain('value="100.00"');
    expect(page).toContain("No refund yet.");
    const frPage = plain(await renderPortalPage(fr, InvoicePage, { businessId, invoiceId }));
    expect(frPage).toContain(`aria-label="Rembourser la facture ${t.number}"`);
    expect(frPage).toContain('value="100,00"');
    const viewerPage = plain(await renderPortalPage(viewer, InvoicePage, { businessId, invoiceId }));
    expect(viewerPage).toContain(`Invoice ${t.number}</h1>`);
    expect(viewerPage).not.toContain("Refund invoice");
    expect(viewerPage).toContain("Finance, admin and owner members can refund an invoice");
  });

  it("the action: a viewer and a developer are refused with nothing refunded; refusals and success in the member's words", async () => {
    const t = await setup();
    const bound = { businessId: t.businessId, environment: "test" as const, invoiceId: t.invoiceId, leftCents: 10000 };
    const send = (headers: Record<string, string>, fields: Record<string, string>) =>
      inRequest(headers, () =>
        refundInvoiceAction(bound, INITIAL_FORM_STATE, form({ reason: "requested_by_customer", note: "", refundedBefore: "0", ...fields })),
      );
    for (const who of ["viewer", "developer"] as const) {
      const refused = await send(await auth.signIn(t[who]), { amount: "10" });
      expect(refused, who).toMatchObject({ notice: null, error: expect.stringContaining("role") });
    }
    expect(await getDb().refund.count({ where: { objectId: t.invoiceId } })).toBe(0);

    const fr = { ...(await auth.signIn(t.finance)), "accept-language": "fr-FR,fr;q=0.9" };
    expect(plain((await send(fr, { amount: "100,01" })).error!)).toBe("C’est plus que ce qui reste à rembourser (100,00 USD). Rien n’a été remboursé.");
    expect(await send(fr, { amount: "dix" })).toMatchObject({ error: "Saisissez un montant en dollars, supérieur à 0, par exemple 12,50." });
    const done = await send(fr, { amount: "40" });
    expect(done.error).toBeNull();
    expect(plain(done.notice!)).toBe("40,00 USD remboursés ; la facture est désormais : Remboursée en partie.");
    expect(await send(fr, { amount: "40" })).toMatchObject({
      error:
        "Cette facture a été remboursée depuis l’affichage de ce formulaire (ou le formulaire a été envoyé deux fois). Rien de plus n’a été remboursé : rechargez la page pour voir ce qui reste.",
    });
    const en = await auth.signIn(t.owner);
    const rest = await send(en, { amount: "", refundedBefore: "4000" });
    expect(plain(rest.notice!)).toBe("Refunded USD 60.00; the invoice is now Refunded.");
    expect(await send(en, { amount: "1", refundedBefore: "10000" })).toMatchObject({
      error: "This invoice cannot be refunded now: it is not paid, it is refunded in full already, or its payment is disputed. Nothing was refunded.",
    });
    const refunds = await getDb().refund.findMany({ where: { objectId: t.invoiceId }, orderBy: { createdAt: "asc" } });
    expect(refunds.map((r) => [Number(r.amount), r.source])).toEqual([
      [4000, "portal"],
      [6000, "portal"],
    ]);

    const page = plain(await renderPortalPage(en, InvoicePage, { businessId: t.businessId, invoiceId: t.invoiceId }));
    expect(page).toContain('data-testid="invoice-status">Refunded</span>');
    expect(page).toContain("This invoice is refunded in full.");
    expect(page).toContain(t.finance.email);
    expect(page).toContain(t.owner.email);
  });
});
