// After paying (issue 30, payer items 6 and 7), in a real browser on desktop and phone: the funded page shows the
// payment's reference, sends its receipt by email (a bad address said on the field; the mail in the dev outbox,
// in English, then in French for a French reader) and the way back (the platform has been told; close). And the
// invoice PDF speaks like its page: the page's status word, money and days, in the reader's language, with the
// seller and the pay-online link. axe (WCAG 2.2 AA) on the funded page; screenshots of both.
import fs from "node:fs";
import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { pdfText } from "../tests/support/pdf-text";
import { expectHostedPageBasics, openNewestMail, screenshot, seed, startReceiver, uniqueEmail } from "./support";

test.describe.configure({ timeout: 120_000 });

type Platformed = Awaited<ReturnType<typeof seed>> & { platform: { platformId: string; platformKey: string }; business: { businessId: string } };

const auth = (s: Platformed) => ({ authorization: `Bearer ${s.platform.platformKey}` });
const idem = () => ({ "idempotency-key": randomUUID() });

const axe = async (page: Page, name: string) => {
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  const blocking = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(blocking.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`).join("\n"), `axe on ${name}`).toBe("");
};

test("the funded page: reference, receipt by email, the way back", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = (await seed(baseURL!, receiver.url)) as Platformed;
    const res = await request.post(`/api/v1/platform/campaigns/${s.campaign.campaignId}/fund-sessions`, { headers: { ...auth(s), ...idem() }, data: {} });
    expect(res.status(), await res.text()).toBe(201);
    const fs = (await res.json()) as { sessionKey: string; url: string };
    await page.goto(new URL(fs.url).pathname);
    await page.getByLabel("Amount (USD)").fill("125.50");
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry (MM / YY)").fill("12/40");
    await page.getByLabel("CVC").fill("123");
    // the one payment form names the amount on Pay (components/payment/payment-form.tsx)
    await page.getByRole("button", { name: /^Pay USD\s125\.50$/ }).click();
    await expect(page.getByRole("heading", { name: "Funding complete" })).toBeVisible();

    // the reference is the one the platform gets
    const api = await request.get(`/api/v1/platform/campaigns/${s.campaign.campaignId}/fund-sessions/${fs.sessionKey}`, { headers: auth(s) });
    const { transactionHash } = (await api.json()) as { transactionHash: string };
    expect(transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    await expect(page.getByTestId("fund-reference")).toHaveText(transactionHash);
    await expect(page.getByTestId("fund-told")).toContainText("has been told that the payment went through.");
    await expectHostedPageBasics(page);
    await axe(page, "fund-funded");
    await screenshot(page, "fund-funded");

    // a bad address: said on the field, focused; then a good one
    const email = page.getByLabel("Email (optional)");
    await email.fill("not-an-email");
    await page.getByRole("button", { name: "Email my receipt" }).click();
    await expect(page.getByText("Enter an email address like name@example.com.")).toBeVisible();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toBeFocused();
    await expect(email).toHaveValue("not-an-email");
    await axe(page, "fund-funded-invalid");
    await screenshot(page, "fund-funded-invalid");
    const to = uniqueEmail("receipt");
    await email.fill(to);
    await page.getByRole("button", { name: "Email my receipt" }).click();
    await expect(page.getByTestId("receipt-status")).toHaveText(`Receipt sent to ${to}. Check your inbox.`);
    await expect(email).not.toHaveAttribute("aria-invalid", "true");
    await screenshot(page, "fund-funded-sent");

    // the way back: a tab the payer opened cannot be closed by a script, so the page says to close it
    await page.getByRole("button", { name: "Close this page" }).click();
    await expect(page.getByTestId("close-fallback")).toHaveText("You can close this tab now.");

    await openNewestMail(page, to, /^Your receipt: USD\s125\.50 to /);
    await expect(page.getByText(transactionHash).first()).toBeVisible();

    // a French reader gets the page and the receipt in French
    const fr = await page
      .context()
      .browser()!
      .newContext({ locale: "fr-FR", extraHTTPHeaders: { "accept-language": "fr-FR,fr;q=0.9" } });
    const frPage = await fr.newPage();
    await frPage.setViewportSize(page.viewportSize()!);
    await frPage.goto(new URL(fs.url).pathname);
    await expect(frPage.getByRole("heading", { name: "Financement effectué" })).toBeVisible();
    await expect(frPage.locator("html")).toHaveAttribute("lang", "fr");
    const frTo = uniqueEmail("recu");
    await frPage.getByLabel("E-mail (facultatif)").fill(frTo);
    await frPage.getByRole("button", { name: "M’envoyer le reçu" }).click();
    await expect(frPage.getByTestId("receipt-status")).toHaveText(`Reçu envoyé à ${frTo}. Consultez votre boîte de réception.`);
    await axe(frPage, "fund-funded-fr");
    await frPage.screenshot({ path: `test-results/screenshots/${test.info().project.name}-fund-funded-fr.png`, fullPage: true });
    await fr.close();
    await openNewestMail(page, frTo, /^Votre reçu : 125,50\sUSD à /);
  } finally {
    await receiver.close();
  }
});

test("the invoice PDF says what its page says, in the page's language", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = (await seed(baseURL!, receiver.url)) as Platformed;
    const res = await request.post("/api/v1/platform/invoices", {
      headers: { ...auth(s), "x-target-business-id": s.business.businessId, ...idem() },
      data: {
        receiverName: "Ada Lovelace",
        receiverEmail: uniqueEmail("ada"),
        date: "2026-01-05",
        dueDate: "2026-01-20",
        status: "sent",
        emailSuppressed: true,
        items: [{ description: "Tournament hosting", quantity: 2, rate: 617.28 }],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const invoiceUrl = (await res.json()).links.invoice as string;
    const path = new URL(invoiceUrl).pathname + new URL(invoiceUrl).search;
    await page.goto(path);
    await expect(page.getByTestId("invoice-status")).toHaveText("Overdue");
    await expect(page.getByTestId("amount-due")).toHaveText(/^USD\s1,234\.56$/);
    await expectHostedPageBasics(page);
    await screenshot(page, "invoice-overdue");
    const pdfHref = await page.getByRole("link", { name: "Download PDF" }).getAttribute("href");
    for (const [lang, words] of [
      ["en", ["Status: Overdue", "Due date", "Jan 20, 2026", "USD 1,234.56", "Amount due", "Pay online at:"]],
      ["fr", ["Statut : En retard", "Date d’échéance", "20 janv. 2026", "1 234,56 USD", "Montant à payer", "Payer en ligne :"]],
    ] as const) {
      const pdf = await request.get(pdfHref!, { headers: { "accept-language": lang } });
      expect(pdf.status()).toBe(200);
      const body = await pdf.body();
      fs.mkdirSync("test-results/screenshots", { recursive: true });
      fs.writeFileSync(`test-results/screenshots/${test.info().project.name}-invoice-overdue-${lang}.pdf`, body);
      const { lines, links } = pdfText(new Uint8Array(body));
      const text = lines.join("\n").replace(/[\u00a0\u202f]/g, " ");
      for (const w of words) expect(text).toContain(w);
      expect(links[0]).toBe(invoiceUrl);
    }
  } finally {
    await receiver.close();
  }
});
