"use server";
// The pay action of the hosted checkout. The URL's reference is re-verified here (a server action can be
// called by anyone who knows its id): a grant needs its signature, a redirect session its token. Every
// field is capped by length before anything reads it, and the rules the page shows (guests pay by card)
// are enforced by payCheckout itself, not by this form.
import { redirect } from "next/navigation";
import { getSignedInPlayer } from "@/lib/auth/get-signed-in-player";
import { EMAIL_MAX_LENGTH, parseEmail } from "@/lib/core/email";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { payCheckout } from "@/lib/checkout/pay-checkout";
import { CARD_FIELD_MAX } from "@/lib/checkout/sandbox-card";
import { successUrlPath, verifyGrantSignature, type CheckoutRef } from "@/lib/checkout/sign-url";
import type { CheckoutMethod } from "@/lib/checkout/schemas";

export type PayState = { error: string | null; field: string | null; attempt: number };

/** The longest value read from each field; a longer one is refused unread (no trim, no pattern). */
const FIELD_MAX = { method: 80, email: EMAIL_MAX_LENGTH, cardNumber: CARD_FIELD_MAX.number, cardExpiry: CARD_FIELD_MAX.expiry, cardCvc: CARD_FIELD_MAX.cvc } as const;
type FieldName = keyof typeof FIELD_MAX;

const TOO_LONG: Record<FieldName, string> = {
  method: "Choose how you want to pay.",
  email: "Enter a valid email address, e.g. you@example.com.",
  cardNumber: "This card number is too long.",
  cardExpiry: "Enter the expiry date as MM/YY, e.g. 12/34.",
  cardCvc: "Enter the 3 or 4 digit security code (CVC).",
};

/** The fields of the form, trimmed, or the first one that is too long (or not text). */
const readForm = (form: FormData): { ok: true; values: Record<FieldName, string> } | { ok: false; field: FieldName } => {
  const values = {} as Record<FieldName, string>;
  for (const name of Object.keys(FIELD_MAX) as FieldName[]) {
    const v = form.get(name) ?? "";
    // +8: a few spaces around a valid value are forgiven; the value itself is checked after trimming
    if (typeof v !== "string" || v.length > FIELD_MAX[name] + 8) return { ok: false, field: name };
    values[name] = v.trim();
  }
  return { ok: true, values };
};

const FORM_FIELD: Record<string, string> = { number: "cardNumber", cardExpiry: "expiry", cardCvc: "cvc", cardNumber: "cardNumber" };

const refOf = (kind: string, id: string, sig: string | null): CheckoutRef | null => {
  if (kind === "grant") return verifyGrantSignature(id, sig) ? { kind: "grant", grantId: id } : null;
  return kind === "session" ? { kind: "session", token: id } : null;
};

export const payAction = async (target: { kind: "grant" | "session"; id: string; sig: string | null }, prev: PayState, form: FormData): Promise<PayState> => {
  const attempt = prev.attempt + 1;
  const ref = refOf(target.kind, target.id, target.sig);
  if (!ref) return { error: "This checkout link is not valid. Ask the game for a new one.", field: null, attempt };
  const read = readForm(form);
  if (!read.ok) return { error: TOO_LONG[read.field], field: FORM_FIELD[read.field] ?? read.field, attempt };
  const { values } = read;
  const [method, currencyId] = values.method.startsWith("vc:") ? (["vc", values.method.slice(3)] as const) : ([values.method, null] as const);
  if (!["card", "wallet", "vc"].includes(method)) return { error: "Choose how you want to pay.", field: "method", attempt };
  const player = await getSignedInPlayer();
  // The email is a guest's card receipt (and, on a redirect checkout, the guest's account); it never
  // chooses whose balance pays, so it is not even read for wallet or vc, nor for a signed-in player.
  const guestCard = !player && method === "card";
  const email = guestCard && values.email ? parseEmail(values.email) : null;
  if (guestCard && values.email && !email) return { error: "Enter a valid email address, e.g. you@example.com.", field: "email", attempt };

  let destination: string;
  try {
    const result = await payCheckout(getDb(), {
      ref,
      method: method as CheckoutMethod,
      currencyId,
      signedInPlayerId: player?.playerId ?? null,
      email,
      card: method === "card" ? { number: values.cardNumber, expiry: values.cardExpiry, cvc: values.cardCvc } : undefined,
    });
    if (result.outcome === "declined") return { error: result.message, field: method === "card" ? "cardNumber" : null, attempt };
    destination = result.outcome === "redirect" ? result.url : successUrlPath(result.purchase.id);
  } catch (err) {
    if (err instanceof AppError && err.status < 500) {
      const f = err.details?.[0]?.field ?? null;
      return { error: err.message, field: f ? (FORM_FIELD[f] ?? f) : null, attempt };
    }
    if (err instanceof AppError) return { error: err.message, field: null, attempt };
    console.error("[checkout] payment failed", err);
    return { error: "Something went wrong on our side and you were not charged. Please try again.", field: null, attempt };
  }
  redirect(destination);
};
