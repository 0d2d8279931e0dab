// The invoice page's live branch: "Pay by card" sends the payer to Stripe's Checkout page (the redirect URL is
// Stripe's) for totalCharged; ACH is refused in live with a clear message; nothing changes on the invoice here.
import { describe, expect, it, vi } from "vitest";
import { POST as CREATE } from "@/app/api/v1/platform/invoices/route";
import { INVOICE_PAY_START } from "@/lib/invoices/page-form-state";
import { getDb } from "@/lib/db/client";
import { makePlatform } from "@/tests/support/fixtures";
import { call } from "@/tests/support/http";
import { inRequest } from "@/tests/support/serve-auth";
import { idem } from "@/tests/support/vc";
import { useStripeDouble } from "@/tests/support/stripe-double-setup";
import type { InvoicePayAnswer } from "@/components/invoice/pay-state";
import { payInvoiceAction, startInvoiceCardPaymentAction } from "./actions";

vi.mock("next/headers", async () => (await import("@/tests/support/serve-auth")).nextHeaders);
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const stripe = useStripeDouble({ secret: "whsec_invoice_live_pay" });

const make = async (environment: "live" | "test" = "live") => {
  const p = await makePlatform({ environment });
  const res = await call(CREATE, {
    headers: idem(p.headers),
    body: {
      receiverName: "Ada Lovelace",
      receiverEmail: "ada@example.com",
      date: "2026-11-20",
      dueDate: "2026-12-20",
      status: "sent",
      emailSuppressed: true,
      items: [{ description: "Hosting", quantity: 1, rate: 10 }],
    },
  });
  expect(res.status).toBe(201);
  return { id: res.body._id as string, target: { publicId: res.body.publicInvoiceId as string, sig: new URL(res.body.links.invoice).searchParams.get("sig") } };
};
const start = (target: { publicId: string; sig: string | null }, acceptLanguage?: string) =>
  inRequest(acceptLanguage ? { "accept-language": acceptLanguage } : {}, () => startInvoiceCardPaymentAction(target, INVOICE_PAY_START, new FormData())).then(
    (v) => ({ returned: v }),
    (e: { digest?: string }) => ({ redirect: String(e.digest) }),
  ) as Promise<{ redirect?: string; returned?: InvoicePayAnswer }>;

describe("startInvoiceCardPaymentAction (live invoices)", () => {
  it("redirects to Stripe's Checkout page for totalCharged; the invoice stays sent until Stripe says it was paid", async () => {
    const inv = await make();
    const out = await start(inv.target);
    const toStripePage = new RegExp(`^NEXT_REDIRECT;[a-z]+;${stripe.hostedPage()};`);
    expect(out).toEqual({ redirect: expect.stringMatching(toStripePage) });
    const session = stripe.double.state.sessions.get(toStripePage.exec(out.redirect!)![1])!;
    expect(out.redirect).toContain(`;${session.url};`);
    const row = await getDb().invoice.findUniqueOrThrow({ where: { id: inv.id } });
    expect(stripe.double.state.calls.at(-1)!.form).toMatchObject({
      line_items: [{ price_data: { unit_amount: String(row.chargedCents) } }],
      metadata: { kind: "invoice", objectId: inv.id },
    });
    expect(session).toMatchObject({ amount_total: Number(row.chargedCents), status: "open" });
    expect(row.status).toBe("sent");
  });

  it("a wrong signature, and payments not configured, are said on the page; nothing reaches Stripe", async () => {
    const inv = await make();
    const before = stripe.double.state.calls.length;
    expect((await start({ ...inv.target, sig: "0".repeat(64) })).returned).toMatchObject({
      error: "This invoice link is not valid. Ask the sender for a new one.",
    });
    const key = process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_SECRET_KEY;
    expect((await start(inv.target)).returned).toMatchObject({ error: expect.any(String), fieldErrors: [] });
    process.env.STRIPE_SECRET_KEY = key;
    expect(stripe.double.state.calls.length).toBe(before);
  });

  it("ACH on a live invoice is refused with a clear message, in the reader's language; the invoice stays sent", async () => {
    const inv = await make();
    const f = new FormData();
    f.set("method", "ach");
    const en = await inRequest({}, () => payInvoiceAction(inv.target, INVOICE_PAY_START, f));
    expect(en).toEqual({
      error: "Bank transfer (ACH) is not available for live invoices online. Pay by card, or as agreed with the sender.",
      fieldErrors: [],
      attempt: 1,
    });
    const fr = await inRequest({ "accept-language": "fr" }, () => payInvoiceAction(inv.target, INVOICE_PAY_START, f));
    expect(fr.error).toContain("virement bancaire (ACH)");
    expect((await getDb().invoice.findUniqueOrThrow({ where: { id: inv.id } })).status).toBe("sent");
  });
});
