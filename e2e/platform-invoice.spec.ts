// Platform invoices in a real browser: an invoice sent through the API, its email opened in the development
// outbox, the link followed and the invoice paid by the sandbox card; and an ACH payment moving through
// 'processing' to 'paid'. Screenshots on desktop and phone.
import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { expectHostedPageBasics, offsiteRequests, openNewestMail, screenshot, startReceiver, uniqueEmail } from "./support";
import { seed } from "./support";

type Platformed = Awaited<ReturnType<typeof seed>> & { platform: { platformId: string; platformKey: string }; business: { businessId: string } };

const platformHeaders = (s: Platformed) => ({ authorization: `Bearer ${s.platform.platformKey}`, "x-target-business-id": s.business.businessId });

const createInvoice = async (request: APIRequestContext, s: Platformed, over: Record<string, unknown>) => {
  const res = await request.post("/api/v1/platform/invoices", {
    headers: { ...platformHeaders(s), "idempotency-key": randomUUID() },
    data: {
      receiverName: "Ada Lovelace",
      date: "2026-11-20",
      dueDate: "2026-12-20",
      items: [
        { description: "Tournament hosting", quantity: 2, rate: 120 },
        { description: "Prize pool management", quantity: 1, rate: 45.5 },
      ],
      taxAmount: 14.25,
      fees: [{ label: "Processing fee", percentage: 2.9, flat: 30, recipientWallet: "0x" + "1f".repeat(20) }],
      ...over,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
};

const getInvoice = async (request: APIRequestContext, s: Platformed, id: string) => {
  const res = await request.get(`/api/v1/platform/invoices/${id}`, { headers: platformHeaders(s) });
  expect(res.status()).toBe(200);
  return res.json();
};

test("an invoice is sent, its email opened in the dev outbox, and paid by card", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = (await seed(baseURL!, receiver.url)) as Platformed;
    const email = uniqueEmail("invoice");
    const inv = await createInvoice(request, s, { receiverEmail: email });
    expect(inv.paymentSummary).toEqual({ invoiceAmount: 299.75, payerFee: 8.99, totalCharged: 308.74 });
    const sent = await request.post(`/api/v1/platform/invoices/${inv._id}/send`, {
      headers: { ...platformHeaders(s), "idempotency-key": randomUUID() },
      data: {},
    });
    expect(sent.status()).toBe(200);

    await openNewestMail(page, email, new RegExp(`^Invoice ${inv.invoiceNumber} from .*: USD\\s308\\.74 due Dec 20, 2026$`));
    await screenshot(page, "invoice-email");
    const offsite = offsiteRequests(page, baseURL!);
    await page.getByRole("link", { name: new RegExp(`/invoice/${inv.publicInvoiceId}\\?sig=`) }).click();
    await expect(page).toHaveURL(new RegExp(`/invoice/${inv.publicInvoiceId}\\?sig=[0-9a-f]{64}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Invoice ${inv.invoiceNumber}`);
    await expect(page.getByTestId("invoice-status")).toHaveText("Due");
    await expect(page.getByRole("table", { name: "Line items" })).toContainText("Tournament hosting");
    await expect(page).toHaveTitle(new RegExp(`^Invoice ${inv.invoiceNumber} from .+$`));
    await expect(page.getByTestId("amount-due")).toHaveText(/^USD\s308\.74$/);
    await expectHostedPageBasics(page);
    await screenshot(page, "invoice-due");

    const pdf = await request.get(new URL(page.url()).pathname.replace(/$/, "/pdf") + new URL(page.url()).search);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 8).toString("latin1")).toBe("%PDF-1.4");

    // a declined card first: nothing changes
    await page.getByLabel("Card number").fill("4000 0000 0000 0002");
    await page.getByLabel("Expiry (MM / YY)").fill("12/40");
    await page.getByLabel("CVC").fill("123");
    await page.getByRole("button", { name: /^Pay USD\s308\.74$/ }).click();
    // said as on every payment form: an alert just before the card, focused; one Tab reaches the card number
    await expect(page.getByTestId("pay-alert")).toHaveText("Your card was declined. Try another card.");
    await expect(page.getByTestId("pay-alert")).toBeFocused();
    // the form keeps what was typed, except the CVC
    await expect(page.getByLabel("Card number")).toHaveValue("4000 0000 0000 0002");
    await expect(page.getByLabel("Expiry (MM / YY)")).toHaveValue("12 / 40");
    await expect(page.getByLabel("CVC")).toHaveValue("");
    expect((await getInvoice(request, s, inv._id)).status).toBe("sent");

    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry (MM / YY)").fill("12/40");
    await page.getByLabel("CVC").fill("123");
    await page.getByRole("button", { name: /^Pay USD\s308\.74$/ }).click();
    await expect(page.getByTestId("invoice-status")).toHaveText("Paid");
    await expect(page.getByRole("heading", { name: "Paid" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Download receipt" })).toBeVisible();
    await expectHostedPageBasics(page);
    await screenshot(page, "invoice-paid-card");
    expect(offsite).toEqual([]);

    const after = await getInvoice(request, s, inv._id);
    expect(after).toMatchObject({ status: "paid", paymentMethod: "card" });
    await expect
      .poll(() => receiver.hooks.filter((h) => h.data.invoiceId === inv._id).map((h) => h.event), { timeout: 20_000 })
      .toEqual(["Platform.Invoice.Sent", "Platform.Invoice.Paid"]);

    // a stranger with the public id but no signature sees nothing
    await page.goto(`/invoice/${inv.publicInvoiceId}`);
    await expect(page.getByRole("heading", { name: "This invoice link is not valid" })).toBeVisible();
  } finally {
    receiver.close();
  }
});

test("an ACH payment moves the invoice through processing to paid", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = (await seed(baseURL!, receiver.url)) as Platformed;
    const inv = await createInvoice(request, s, { receiverEmail: uniqueEmail("ach"), status: "sent", emailSuppressed: true });
    await page.goto(inv.links.invoice);
    await expect(page.getByTestId("invoice-status")).toHaveText("Due");
    await page.getByRole("button", { name: /^Pay USD\s308\.74 by bank transfer$/ }).click();
    await expect(page.getByTestId("invoice-status")).toHaveText("Processing");
    await expect(page.getByRole("heading", { name: "Bank transfer processing" })).toBeVisible();
    expect((await getInvoice(request, s, inv._id)).status).toBe("processing");
    await expectHostedPageBasics(page);
    await screenshot(page, "invoice-ach-processing");

    await page.getByRole("button", { name: /Simulate the bank settling/ }).click();
    await expect(page.getByTestId("invoice-status")).toHaveText("Paid");
    await expect(page.getByRole("heading", { name: "Paid" })).toContainText("Paid");
    await expect(page.getByText(/paid on .* by bank transfer \(ACH\)/)).toBeVisible();
    await screenshot(page, "invoice-ach-paid");
    expect(await getInvoice(request, s, inv._id)).toMatchObject({ status: "paid", paymentMethod: "ach" });
    const receipt = await request.get(new URL(inv.links.invoice).pathname + "/receipt" + new URL(inv.links.invoice).search);
    expect(receipt.status()).toBe(200);
  } finally {
    receiver.close();
  }
});
