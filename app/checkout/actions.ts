"use server";
// The pay action of the hosted checkout. The URL's reference is re-verified here (a server action can be
// called by anyone who knows its id): a grant needs its signature, a redirect session its token. Every
// field is capped by length before anything reads it (lib/hosted/action.ts), and the rules the page shows
// (guests pay by card) are enforced by payCheckout itself, not by this form.
import { redirect } from "next/navigation";
import { z } from "zod";
import { EMAIL_MAX_LENGTH, parseEmail } from "@/lib/core/email";
import { badRequest } from "@/lib/core/errors";
import { payCheckout } from "@/lib/flows/pay-checkout";
import { CARD_FIELD_MAX } from "@/lib/checkout/sandbox-card";
import { successUrlPath, verifyGrantSignature, type CheckoutRef } from "@/lib/checkout/sign-url";
import type { CheckoutMethod } from "@/lib/checkout/schemas";
import { runHostedAction, textField } from "@/lib/hosted/action";
import type { PayState } from "@/lib/hosted/form-state";

const CHOOSE_METHOD = "Choose how you want to pay.";
const BAD_EMAIL = "Enter a valid email address, e.g. you@example.com.";

// A few spaces around a valid value are forgiven (slack); the value itself is checked after trimming.
/** `vc:<currencyId>` pays with that currency; `card` and `wallet` name themselves. */
const methodOf = (value: string) => (value.startsWith("vc:") ? (["vc", value.slice(3)] as const) : ([value, null] as const));

const field = (max: number, message: string) => textField(max, message, { slack: 8, trim: true });
const PayForm = z
  .object({
    method: field(80, CHOOSE_METHOD),
    email: field(EMAIL_MAX_LENGTH, BAD_EMAIL),
    cardNumber: field(CARD_FIELD_MAX.number, "This card number is too long."),
    cardExpiry: field(CARD_FIELD_MAX.expiry, "Enter the expiry date as MM/YY, e.g. 12/34."),
    cardCvc: field(CARD_FIELD_MAX.cvc, "Enter the 3 or 4 digit security code (CVC)."),
  })
  .refine(({ method }) => ["card", "wallet", "vc"].includes(methodOf(method)[0]), { error: CHOOSE_METHOD, path: ["method"] });

/** payCheckout's and the form's field names → the names the form marks (checkout-form.tsx). */
const FORM_FIELD: Record<string, string> = { number: "cardNumber", cardExpiry: "expiry", cardCvc: "cvc", cardNumber: "cardNumber" };

const refOf = (kind: string, id: string, sig: string | null): CheckoutRef | null => {
  if (kind === "grant") return verifyGrantSignature(id, sig) ? { kind: "grant", grantId: id } : null;
  return kind === "session" ? { kind: "session", token: id } : null;
};

export const payAction = async (target: { kind: "grant" | "session"; id: string; sig: string | null }, prev: PayState, form: FormData): Promise<PayState> => {
  const attempt = prev.attempt + 1;
  const ref = refOf(target.kind, target.id, target.sig);
  if (!ref) return { error: "This checkout link is not valid. Ask the game for a new one.", field: null, attempt };
  const out = await runHostedAction({
    schema: PayForm,
    form,
    fieldOf: (f) => FORM_FIELD[f] ?? f,
    unexpected: { log: "[checkout] payment failed", message: "Something went wrong on our side and you were not charged. Please try again." },
    run: async ({ db, input, player }) => {
      const [method, currencyId] = methodOf(input.method);
      // The email is a guest's card receipt (and, on a redirect checkout, the guest's account); it never
      // chooses whose balance pays, so it is not even read for wallet or vc, nor for a signed-in player.
      const guestCard = !player && method === "card";
      const email = guestCard && input.email ? parseEmail(input.email) : null;
      if (guestCard && input.email && !email) throw badRequest("VALIDATION_ERROR", BAD_EMAIL, [{ field: "email", message: "invalid" }]);
      const card = method === "card" ? { number: input.cardNumber, expiry: input.cardExpiry, cvc: input.cardCvc } : undefined;
      const result = await payCheckout(db, { ref, method: method as CheckoutMethod, currencyId, signedInPlayerId: player?.playerId ?? null, email, card });
      return { method, result };
    },
  });
  if (!out.ok) return { error: out.error, field: out.field, attempt };
  const { method, result } = out.value;
  if (result.outcome === "declined") return { error: result.message, field: method === "card" ? "cardNumber" : null, attempt };
  redirect(result.outcome === "redirect" ? result.url : successUrlPath(result.purchase.id));
};
