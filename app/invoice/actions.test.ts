// The invoice page's pay action answers in the page's language: every card field at fault under its field
// (in screen order), a decline under the card number (flagged, so the form clears the CVC), a refusal of the
// link as one alert.
import { describe, expect, it, vi } from "vitest";
import { POST as CREATE } from "@/app/api/v1/platform/invoices/route";
import { INVOICE_PAY_START } from "@/lib/invoices/page-form-state";
import { makePlatform } from "@/tests/support/fixtures";
import { call } from "@/tests/support/http";
import { inRequest } from "@/tests/support/serve-auth";
import { idem } from "@/tests/support/vc";
import { payInvoiceAction } from "./actions";

// The action reads the browser's language through next/headers: answered from inRequest's headers (none: English).
vi.mock("next/headers", async () => (await import("@/tests/support/serve-auth")).nextHeaders);

const make = async () => {
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
      items: [{ description: "Hosting", quantity: 1, rate: 10 }],
    },
  });
  expect(res.status).toBe(201);
  return { publicId: res.body.publicInvoiceId as string, sig: new URL(res.body.links.invoice).searchParams.get("sig") };
};

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
const pay = (target: { publicId: string; sig: string | null }, fields: Record<string, string>, acceptLanguage?: string) =>
  inRequest(acceptLanguage ? { "accept-language": acceptLanguage } : {}, () => payInvoiceAction(target, INVOICE_PAY_START, form(fields)));

describe("payInvoiceAction", () => {
  it("puts each card error under its field, in the reader's language", async () => {
    const target = await make();
    expect(await pay(target, { method: "card", cardNumber: "", cardExpiry: "", cardCvc: "" })).toEqual({
      error: null,
      fieldErrors: [
        { field: "cardNumber", message: "Enter your card number." },
        { field: "cardExpiry", message: "Enter the expiry date as MM/YY, e.g. 12/34." },
        { field: "cardCvc", message: "Enter the 3 or 4 digit security code (CVC)." },
      ],
      attempt: 1,
    });
    expect(await pay(target, { method: "card", cardNumber: "4242 4242 4242 4241", cardExpiry: "01/20", cardCvc: "1" }, "fr-FR")).toEqual({
      error: null,
      fieldErrors: [
        { field: "cardNumber", message: "Ce numéro de carte n’est pas valide. Vérifiez les chiffres." },
        { field: "cardExpiry", message: "La date d’expiration de votre carte est dépassée." },
        { field: "cardCvc", message: "Saisissez le cryptogramme de 3 ou 4 chiffres (CVC)." },
      ],
      attempt: 1,
    });
    expect((await pay(target, { method: "card", cardNumber: "5555 5555 5555 4444", cardExpiry: "12/40", cardCvc: "123" }, "fr")).fieldErrors).toEqual([
      {
        field: "cardNumber",
        message: "Ce numéro de carte n’est pas valide en mode test. Utilisez 4242 4242 4242 4242 (acceptée) ou 4000 0000 0000 0002 (refusée).",
      },
    ]);
  });

  it("a decline is an alert just before the card number; a refused link or a too-long field says so, in French too", async () => {
    const target = await make();
    expect(await pay(target, { method: "card", cardNumber: "4000 0000 0000 0002", cardExpiry: "12/40", cardCvc: "123" }, "fr")).toEqual({
      error: "Votre carte a été refusée. Essayez une autre carte.",
      field: "cardNumber",
      fieldErrors: [],
      declined: true,
      attempt: 1,
    });
    expect(await pay({ ...target, sig: "0".repeat(64) }, { method: "ach" }, "fr")).toEqual({
      error: "Ce lien de facture n’est pas valide. Demandez-en un nouveau à l’expéditeur.",
      fieldErrors: [],
      attempt: 1,
    });
    expect(await pay(target, { method: "card", cardNumber: "4".repeat(60), cardExpiry: "12/40", cardCvc: "123" }, "fr")).toEqual({
      error: null,
      fieldErrors: [{ field: "cardNumber", message: "Ce numéro de carte est trop long." }],
      attempt: 1,
    });
    expect((await pay(target, { method: "cash" })).error).toBe("Choose how to pay.");
  });
});
