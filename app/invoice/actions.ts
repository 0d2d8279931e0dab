"use server";
// The invoice page's actions: pay by the sandbox card, start an ACH transfer, or (test mode) settle it. The
// page URL's signature is re-verified by the service (anyone who knows an action's id can call it).
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { runHostedAction, textField } from "@/lib/hosted/action";
import { CARD_FIELD_MAX } from "@/lib/checkout/sandbox-card";
import { payInvoiceOnPage } from "@/lib/invoices/pay-invoice-on-page";
import type { InvoicePayState, InvoicePayTarget } from "@/lib/invoices/page-form-state";

const field = (max: number, message: string) => textField(max, message, { slack: 8, trim: true });
const PayForm = z.object({
  method: z.enum(["card", "ach", "settle"], "Choose how to pay."),
  cardNumber: field(CARD_FIELD_MAX.number, "This card number is not valid. Check the digits."),
  cardExpiry: field(CARD_FIELD_MAX.expiry, "Enter the expiry date as MM/YY, e.g. 12/34."),
  cardCvc: field(CARD_FIELD_MAX.cvc, "Enter the 3 or 4 digit security code (CVC)."),
});

/** The service's card field names → the form's. */
const FORM_FIELD: Record<string, string> = { number: "cardNumber", expiry: "cardExpiry", cvc: "cardCvc" };

export const payInvoiceAction = async (target: InvoicePayTarget, prev: InvoicePayState, form: FormData): Promise<InvoicePayState> => {
  const out = await runHostedAction({
    schema: PayForm,
    form,
    signedIn: () => false,
    fieldOf: (f) => FORM_FIELD[f] ?? null,
    unexpected: { log: "[invoice] pay failed", message: "Something went wrong on our side. Nothing was charged; try again." },
    run: ({ db, input }) =>
      payInvoiceOnPage(
        { db },
        {
          publicId: target.publicId,
          sig: target.sig,
          method: input.method,
          card: { number: input.cardNumber, expiry: input.cardExpiry.replace(/\s/g, ""), cvc: input.cardCvc },
        },
      ),
  });
  if (out.ok) {
    revalidatePath(`/invoice/${target.publicId}`);
    return { error: null, fieldErrors: [], attempt: prev.attempt + 1 };
  }
  return { error: out.fieldErrors.length ? null : out.error, fieldErrors: out.fieldErrors, attempt: prev.attempt + 1 };
};
