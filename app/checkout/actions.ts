"use server";
// The pay action of the hosted checkout. The URL's reference is re-verified here (a server action can be
// called by anyone who knows its id): a grant needs its signature, a redirect session its token. Every
// field is capped by length before anything reads it (lib/hosted/action.ts); then every field is checked
// with the rules the browser ran (lib/checkout/pay-fields.ts) and all errors come back at once, in screen
// order, before anything is written. The rules the page shows (guests pay by card) are enforced by
// payCheckout itself, not by this form. Messages are in the page's language ("checkout" catalog).
import { redirect } from "next/navigation";
import { z } from "zod";
import { EMAIL_MAX_LENGTH, parseEmail } from "@/lib/core/email";
import { payCheckout } from "@/lib/flows/pay-checkout";
import { loadCheckout } from "@/lib/checkout/load-checkout";
import { CARD_FIELD_MAX, payFormIssues, sortIssues } from "@/lib/checkout/pay-fields";
import { CARD_ISSUE_MESSAGE, NOT_A_TEST_CARD } from "@/lib/checkout/sandbox-card";
import { successUrlPath, verifyGrantSignature, type CheckoutRef } from "@/lib/checkout/sign-url";
import type { CheckoutMethod } from "@/lib/checkout/schemas";
import { runHostedAction, textField, type FieldError } from "@/lib/hosted/action";
import { PAY_START, type PayState, type PayTarget } from "@/lib/hosted/form-state";
import { negotiateLocale } from "@/lib/i18n/locales";
import { getTranslator } from "@/lib/i18n/translator";

type T = ReturnType<typeof getTranslator>;

/** `vc:<currencyId>` pays with that currency; `card` and `wallet` name themselves. */
const methodOf = (value: string) => (value.startsWith("vc:") ? (["vc", value.slice(3)] as const) : ([value, null] as const));

// A few spaces around a valid value are forgiven (slack); the value itself is checked after trimming.
const field = (max: number, message: string) => textField(max, message, { slack: 8, trim: true });
const payForm = (t: T) =>
  z
    .object({
      email: field(EMAIL_MAX_LENGTH, t("errors.emailInvalid")),
      method: field(80, t("errors.methodRequired")),
      cardNumber: field(CARD_FIELD_MAX.number, t("errors.cardNumberTooLong")),
      cardExpiry: field(CARD_FIELD_MAX.expiry, t("errors.expiryInvalid")),
      cardCvc: field(CARD_FIELD_MAX.cvc, t("errors.cvcInvalid")),
    })
    .refine(({ method }) => ["card", "wallet", "vc"].includes(methodOf(method)[0]), { error: t("errors.methodRequired"), path: ["method"] });

/** payCheckout's field names (CARD_INVALID, INVALID_EMAIL, SIGN_IN_REQUIRED details) → the form's. */
const FORM_FIELD: Record<string, string> = { number: "cardNumber", expiry: "cardExpiry", cvc: "cardCvc" };

/** The catalog key of a card detail's English message (pay-fields codes, and the sandbox's "not a test card"). */
const cardKey = (message: string): string | null => {
  if (message === NOT_A_TEST_CARD) return "notATestCard";
  return Object.entries(CARD_ISSUE_MESSAGE).find(([, m]) => m === message)?.[0] ?? null;
};
const TEST_CARDS = { ok: "4242 4242 4242 4242", declined: "4000 0000 0000 0002" };

/** A refusal of payCheckout as the page says it: field errors for the fields at fault, else one alert. */
const refusal = (t: T, out: { error: string; field: string | null; fieldErrors: FieldError[]; code: string | null }, method: string): Partial<PayState> => {
  switch (out.code) {
    case "CARD_INVALID":
      return {
        fieldErrors: sortIssues(
          out.fieldErrors.map((e) => {
            const key = cardKey(e.message);
            return { field: e.field, message: key ? t(`errors.${key}`, TEST_CARDS) : e.message };
          }),
        ),
      };
    case "INVALID_EMAIL":
      return { fieldErrors: [{ field: "email", message: t("errors.emailInvalid") }] };
    case "EMAIL_REQUIRED":
      return { fieldErrors: [{ field: "email", message: t("errors.emailRequired") }] };
    case "SIGN_IN_REQUIRED":
      return { error: t(method === "wallet" ? "errors.signInWallet" : "errors.signInVc"), field: "method" };
    case "GRANT_PAYER_MISMATCH":
      return { error: t("errors.payerMismatch"), field: "method" };
    case "CHECKOUT_NOT_FOUND":
      return { error: t("errors.linkInvalid") };
    case "CHECKOUT_EXPIRED":
      return { error: t("errors.expired") };
    case "CHECKOUT_COMPLETED":
    case "GRANT_NOT_PENDING":
      return { error: t("errors.completed") };
    case "PAYMENTS_NOT_CONFIGURED":
      return { error: t("errors.notConfigured"), field: "method" };
    case "PURCHASE_LIMIT_REACHED":
      return { error: t("errors.limitReached") };
    case null:
      // a field refused unread by its length cap (already in the page's language), or our own failure
      return out.fieldErrors.length ? { fieldErrors: out.fieldErrors } : { error: out.error };
    default:
      return { error: out.error, field: out.field === "method" ? "method" : null };
  }
};

export const payAction = async (target: PayTarget, prev: PayState, form: FormData): Promise<PayState> => {
  const attempt = prev.attempt + 1;
  const t = getTranslator(negotiateLocale(null, target.locale), "checkout");
  const answer = (s: Partial<PayState>): PayState => ({ ...PAY_START, ...s, attempt });
  const ref: CheckoutRef | null =
    target.kind === "grant"
      ? verifyGrantSignature(target.id, target.sig)
        ? { kind: "grant", grantId: target.id }
        : null
      : target.kind === "session"
        ? { kind: "session", token: target.id }
        : null;
  if (!ref) return answer({ error: t("errors.linkInvalid") });
  const out = await runHostedAction({
    schema: payForm(t),
    form,
    fieldOf: (f) => FORM_FIELD[f] ?? f,
    unexpected: { log: "[checkout] payment failed", message: t("errors.unexpected") },
    run: async ({ db, input, player }) => {
      const [method, currencyId] = methodOf(input.method);
      const checkout = await loadCheckout({ db }, { ref });
      // The email names a guest's account on a redirect checkout (and is the Stripe receipt's address); a
      // grant's account is the grant's own. It never chooses whose balance pays, so it is not even read for
      // wallet or vc, nor for a signed-in player.
      const guestCard = !player && method === "card";
      const emailMode = guestCard && ref.kind === "session" ? "required" : "none";
      const issues = payFormIssues(input, { email: emailMode, cardFields: checkout.environment === "test" });
      if (issues.length) return { kind: "invalid" as const, issues };
      const email = guestCard ? (ref.kind === "session" ? parseEmail(input.email) : (checkout.grant?.email ?? null)) : null;
      const card = method === "card" ? { number: input.cardNumber, expiry: input.cardExpiry, cvc: input.cardCvc } : undefined;
      const result = await payCheckout({ db }, { ref, method: method as CheckoutMethod, currencyId, signedInPlayerId: player?.playerId ?? null, email, card });
      return { kind: "paid" as const, method, result };
    },
  });
  if (!out.ok) return answer(refusal(t, out, methodOf(String(form.get("method") ?? ""))[0]));
  if (out.value.kind === "invalid") return answer({ fieldErrors: out.value.issues.map((i) => ({ field: i.field, message: t(`errors.${i.code}`) })) });
  const { method, result } = out.value;
  if (result.outcome === "declined") {
    const declined = result.reason === "card_declined";
    const message = declined
      ? t("errors.declined")
      : result.reason === "insufficient_funds"
        ? t(method === "vc" ? "errors.vcTooLow" : "errors.walletTooLow")
        : t("errors.limitReached");
    return answer({ error: message, field: declined ? "cardNumber" : "method", declined });
  }
  redirect(result.outcome === "redirect" ? result.url : successUrlPath(result.purchase.id));
};
