"use server";
// The invoice page's actions: pay by the sandbox card, start an ACH transfer, or (test mode) settle it; a live
// invoice's card payment goes to Stripe's Checkout page (startInvoiceCardPaymentAction), and no ACH in live. The
// page URL's signature is re-verified by the service (anyone who knows an action's id can call it). What the
// form shows comes back in the page's language (the "invoice" catalog, the browser's Accept-Language).
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { runHostedAction, textField, type FieldError } from "@/lib/hosted/action";
import { getRequestLocale } from "@/lib/hosted/locale";
import { CARD_FIELD_MAX, CARD_ISSUE_MESSAGE, NOT_A_TEST_CARD } from "@/lib/checkout/sandbox-card";
import { getTranslator, type Translator } from "@/lib/i18n/translator";
import { payInvoiceOnPage } from "@/lib/invoices/pay-invoice-on-page";
import { startInvoiceCardPayment } from "@/lib/invoices/start-invoice-card-payment";
import type { InvoicePayState, InvoicePayTarget } from "@/lib/invoices/page-form-state";
import type { InvoicePayAnswer } from "@/components/invoice/pay-state";

const field = (max: number, message: string) => textField(max, message, { slack: 8, trim: true });
const payForm = (t: Translator) =>
  z.object({
    method: z.enum(["card", "ach", "settle"], t("errors.methodRequired")),
    cardNumber: field(CARD_FIELD_MAX.number, t("errors.cardNumberTooLong")),
    cardExpiry: field(CARD_FIELD_MAX.expiry, t("errors.expiryInvalid")),
    cardCvc: field(CARD_FIELD_MAX.cvc, t("errors.cvcInvalid")),
  });

/** The service's card field names → the form's (the form's own card fields keep theirs; the hidden method has no place to show an error). */
const FORM_FIELD: Record<string, string> = { number: "cardNumber", expiry: "cardExpiry", cvc: "cardCvc" };
const formFieldOf = (f: string): string | null => FORM_FIELD[f] ?? (Object.values(FORM_FIELD).includes(f) ? f : null);
const TEST_CARDS = { ok: "4242 4242 4242 4242", declined: "4000 0000 0000 0002" };

/** The catalog key of a card detail's English message (the sandbox's card issues and its "not a test card"). */
const cardKey = (message: string): string | null => {
  if (message === NOT_A_TEST_CARD) return "notATestCard";
  return Object.entries(CARD_ISSUE_MESSAGE).find(([, m]) => m === message)?.[0] ?? null;
};

/** A refusal as the page says it: the fields at fault under their field, else one alert. */
const refusal = (t: Translator, out: { error: string; status: number; fieldErrors: FieldError[]; code: string | null }): Omit<InvoicePayAnswer, "attempt"> => {
  switch (out.code) {
    case "CARD_INVALID":
      return {
        error: null,
        fieldErrors: out.fieldErrors.map((e) => {
          const key = cardKey(e.message);
          return { field: e.field, message: key ? t(`errors.${key}`, TEST_CARDS) : e.message };
        }),
      };
    case "CARD_DECLINED":
      // said as every payment form says a decline: an alert just before the card, whose CVC is cleared
      return { error: t("errors.declined"), field: "cardNumber", fieldErrors: [], declined: true };
    case "INVOICE_NOT_FOUND":
      return { error: t("errors.linkInvalid"), fieldErrors: [] };
    case "INVOICE_STATE_CONFLICT":
      return { error: t("errors.stateChanged"), fieldErrors: [] };
    case "PAYMENTS_NOT_CONFIGURED":
      return { error: t("errors.notConfigured"), fieldErrors: [] };
    case "PAYMENT_METHOD_UNAVAILABLE":
      return { error: t("errors.achLive"), fieldErrors: [] };
    case null:
      // a field refused unread by its length cap (already in the page's language), or our own failure
      return out.fieldErrors.length
        ? { error: null, fieldErrors: out.fieldErrors }
        : { error: out.status >= 500 ? t("errors.unexpected") : out.error, fieldErrors: [] };
    default:
      return { error: out.status >= 500 ? t("errors.unexpected") : out.error, fieldErrors: [] };
  }
};

export const payInvoiceAction = async (target: InvoicePayTarget, prev: InvoicePayState, form: FormData): Promise<InvoicePayAnswer> => {
  const t = getTranslator(await getRequestLocale(target.locale), "invoice");
  const out = await runHostedAction({
    schema: payForm(t),
    form,
    signedIn: () => false,
    fieldOf: formFieldOf,
    unexpected: { log: "[invoice] pay failed", message: t("errors.unexpected") },
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
  return { ...refusal(t, out), attempt: prev.attempt + 1 };
};

/**
 * A live invoice's "Pay by card": a Stripe Checkout Session for its totalCharged, and the payer is sent to Stripe's
 * page. Stripe's webhook pays the invoice; Stripe sends the payer back to the signed page. Nothing is charged here.
 */
export const startInvoiceCardPaymentAction = async (target: InvoicePayTarget, prev: InvoicePayState, form: FormData): Promise<InvoicePayAnswer> => {
  const t = getTranslator(await getRequestLocale(target.locale), "invoice");
  const out = await runHostedAction({
    schema: z.object({}),
    form,
    signedIn: () => false,
    fieldOf: () => null,
    unexpected: { log: "[invoice] card payment start failed", message: t("errors.unexpected") },
    run: ({ db }) => startInvoiceCardPayment({ db }, target),
  });
  if (out.ok && out.value) redirect(out.value.url);
  // a test invoice is paid with the sandbox card form instead
  if (out.ok) return { error: t("errors.stateChanged"), fieldErrors: [], attempt: prev.attempt + 1 };
  return { ...refusal(t, out), attempt: prev.attempt + 1 };
};
