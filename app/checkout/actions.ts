"use server";
// The pay action of the hosted checkout. The URL's reference is re-verified here (a server action can be
// called by anyone who knows its id): a grant needs its signature, a redirect session its token.
import { redirect } from "next/navigation";
import { getSignedInPlayer } from "@/lib/auth/get-signed-in-player";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { payCheckout } from "@/lib/checkout/pay-checkout";
import { successUrlPath, verifyGrantSignature, type CheckoutRef } from "@/lib/checkout/sign-url";
import type { CheckoutMethod } from "@/lib/checkout/schemas";

export type PayState = { error: string | null; field: string | null; attempt: number };

const text = (form: FormData, name: string): string => String(form.get(name) ?? "").trim();

const refOf = (kind: string, id: string, sig: string | null): CheckoutRef | null => {
  if (kind === "grant") return verifyGrantSignature(id, sig) ? { kind: "grant", grantId: id } : null;
  return kind === "session" ? { kind: "session", token: id } : null;
};

export const payAction = async (target: { kind: "grant" | "session"; id: string; sig: string | null }, prev: PayState, form: FormData): Promise<PayState> => {
  const attempt = prev.attempt + 1;
  const ref = refOf(target.kind, target.id, target.sig);
  if (!ref) return { error: "This checkout link is not valid. Ask the game for a new one.", field: null, attempt };
  const choice = text(form, "method");
  const [method, currencyId] = choice.startsWith("vc:") ? (["vc", choice.slice(3)] as const) : ([choice, null] as const);
  if (!["card", "wallet", "vc"].includes(method)) return { error: "Choose how you want to pay.", field: "method", attempt };
  const player = await getSignedInPlayer();
  const email = player ? null : text(form, "email");
  if (email !== null && email !== "" && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return { error: "Enter a valid email address, e.g. you@example.com.", field: "email", attempt };

  let destination: string;
  try {
    const result = await payCheckout(getDb(), {
      ref,
      method: method as CheckoutMethod,
      currencyId,
      signedInPlayerId: player?.playerId ?? null,
      email: email || null,
      card: method === "card" ? { number: text(form, "cardNumber"), expiry: text(form, "cardExpiry"), cvc: text(form, "cardCvc") } : undefined,
    });
    if (result.outcome === "declined") return { error: result.message, field: method === "card" ? "cardNumber" : null, attempt };
    destination = result.outcome === "redirect" ? result.url : successUrlPath(result.purchase.id);
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return { error: err.message, field: err.details?.[0]?.field === "number" ? "cardNumber" : (err.details?.[0]?.field ?? null), attempt };
    if (err instanceof AppError) return { error: err.message, field: null, attempt };
    console.error("[checkout] payment failed", err);
    return { error: "Something went wrong on our side and you were not charged. Please try again.", field: null, attempt };
  }
  redirect(destination);
};
