// An invoice refunded in part from the portal (issue 31), in a real browser against the production build: a platform
// sends an invoice through the API; the payer, in a browser of their own, pays it by the sandbox card on its hosted
// page; the seed's developer (owner and admin of its business) finds it under Invoices, refunds part of it with a
// reason and a note, and sees the state and the refund listed; the API lists the refund too; the payer's page, in
// English and in French, says what came back. Portal pages are audited with axe; screenshots on desktop and phone.
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { auditPortalPage, openPortal, portalNavLink, signInToPortal, type PortalSeed } from "./portal-support";
import { expectHostedPageBasics, screenshot, startReceiver } from "./support";

test.describe.configure({ timeout: 240_000 });

type Platformed = PortalSeed & { platform: { platformKey: string } };
const platformHeaders = (s: Platformed) => ({ authorization: `Bearer ${s.platform.platformKey}`, "x-target-business-id": s.business.businessId });

test("a paid invoice refunded in part from the portal; the payer's invoice page says so", async ({ page, browser, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = (await signInToPortal(page, baseURL!, receiver.url)) as Platformed;
    const created = await page.request.post("/api/v1/platform/invoices", {
      headers: { ...platformHeaders(s), "idempotency-key": randomUUID() },
      data: {
        receiverName: "Ada Lovelace",
        receiverEmail: "ada@example.com",
        date: "2026-11-20",
        dueDate: "2026-12-20",
        status: "sent",
        emailSuppressed: true,
        items: [{ description: "Tournament seats", quantity: 2, rate: 120 }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const inv = await created.json();

    // the payer pays it by card on its hosted page, in a browser of their own
    const payerContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const payer = await payerContext.newPage();
    await payer.goto(inv.links.invoice);
    await payer.getByLabel("Card number").fill("4242 4242 4242 4242");
    await payer.getByLabel("Expiry (MM / YY)").fill("12/40");
    await payer.getByLabel("CVC").fill("123");
    await payer.getByRole("button", { name: /^Pay USD\s240\.00$/ }).click();
    await expect(payer.getByTestId("invoice-status")).toHaveText("Paid");

    // the developer finds it under Invoices
    await openPortal(page, s);
    await (await portalNavLink(page, "Portal", "Invoices")).click();
    await expect(page.getByRole("heading", { level: 1, name: "Invoices" })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Status" })).toBeVisible();
    const row = page.getByTestId(`invoice-${inv._id}`);
    await expect(row).toContainText("Ada Lovelace");
    await expect(row.getByTestId(`invoice-status-${inv._id}`)).toHaveText("Paid");
    await expect(row).toContainText(/USD\s240\.00/);
    await auditPortalPage(page, "invoices-paid");

    // opens it and refunds USD 90.00 of it
    await row.getByRole("link", { name: inv.invoiceNumber }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Invoice ${inv.invoiceNumber}` })).toBeVisible();
    await expect(page.getByTestId("invoice-status")).toHaveText("Paid");
    await expect(page.getByText("No refund yet.")).toBeVisible();
    const form = page.getByRole("form", { name: `Refund invoice ${inv.invoiceNumber}` });
    await expect(form.getByLabel("Amount (USD)")).toHaveValue("240.00");
    await form.getByLabel("Amount (USD)").fill("90");
    await form.getByLabel("Reason").selectOption("duplicate");
    await form.getByLabel(/^Note/).fill("Two seats cancelled");
    await form.getByRole("button", { name: "Refund" }).click();
    await expect(form.getByRole("status")).toHaveText(/^Refunded USD\s90\.00; the invoice is now Partly refunded\.$/);
    await expect(page.getByTestId("invoice-status")).toHaveText("Partly refunded");
    await expect(page.getByTestId("invoice-refunded")).toHaveText(/^USD\s90\.00$/);
    await expect(page.getByTestId("invoice-left")).toHaveText(/^USD\s150\.00$/);
    const refunds = page.getByRole("table", { name: `Refunds of invoice ${inv.invoiceNumber}` });
    await expect(refunds.getByRole("row")).toHaveCount(2);
    await expect(refunds.getByRole("row").nth(1)).toContainText(/USD\s90\.00/);
    await expect(refunds.getByRole("row").nth(1)).toContainText("Duplicate");
    await expect(refunds.getByRole("row").nth(1)).toContainText("Two seats cancelled");
    await expect(refunds.getByRole("row").nth(1)).toContainText(`Portal${s.portal.email}`);
    // the form now offers what is left
    await expect(form.getByLabel("Amount (USD)")).toHaveValue("150.00");
    await auditPortalPage(page, "invoice-refunded");

    // the list says so too
    await page.getByRole("link", { name: "All invoices" }).click();
    await expect(page.getByTestId(`invoice-status-${inv._id}`)).toHaveText("Partly refunded");
    await expect(page.getByTestId(`invoice-${inv._id}`)).toContainText(/USD\s90\.00/);
    await auditPortalPage(page, "invoices-partly-refunded");

    // the platform API lists the portal's refund
    const listed = await page.request.get(`/api/v1/platform/invoices/${inv._id}/refunds`, { headers: platformHeaders(s) });
    expect(listed.status()).toBe(200);
    expect((await listed.json()).data).toMatchObject([
      { object: "invoice", objectId: inv._id, amount: 9000, reason: "duplicate", note: "Two seats cancelled", provider: "sandbox" },
    ]);

    // the payer's page says what came back
    await payer.reload();
    await expect(payer.getByTestId("invoice-status")).toHaveText("Partly refunded");
    await expect(payer.getByRole("heading", { name: "Partly refunded" })).toBeVisible();
    await expect(payer.getByTestId("invoice-refunded")).toHaveText(
      /^USD\s90\.00 of the USD\s240\.00 you paid was refunded \(last refund on [A-Z][a-z]{2} \d{1,2}, \d{4}\)\. It goes back the way you paid\.$/,
    );
    await expect(payer.getByTestId("amount-refunded")).toHaveText(/^−USD\s90\.00$/);
    await expectHostedPageBasics(payer);
    await screenshot(payer, "invoice-partly-refunded");
    await payerContext.close();

    // and in French to a French browser
    const frContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined, locale: "fr-FR" });
    const fr = await frContext.newPage();
    await fr.goto(inv.links.invoice);
    await expect(fr.getByTestId("invoice-status")).toHaveText("Remboursée en partie");
    await expect(fr.getByTestId("invoice-refunded")).toHaveText(/^90,00\sUSD sur les 240,00\sUSD que vous avez payés ont été remboursés/);
    await expectHostedPageBasics(fr, { lang: "fr" });
    await screenshot(fr, "invoice-partly-refunded-fr");
    await frContext.close();
  } finally {
    receiver.close();
  }
});
