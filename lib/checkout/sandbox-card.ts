// The test-environment card processor: two documented test numbers, everything else is refused.
import { AppError } from "../core/errors.ts";

export const SANDBOX_CARDS = { succeeds: "4242424242424242", declined: "4000000000000002" } as const;

export type CardInput = { number: string; expiry?: string; cvc?: string };

/** The longest value of each card field worth reading (spaces and dashes included); longer is refused unread. */
export const CARD_FIELD_MAX = { number: 32, expiry: 16, cvc: 8 } as const;

const invalid = (field: string, message: string) => new AppError("CARD_INVALID", message, { details: [{ field, message }] });

/**
 * What the sandbox does with a card: "succeeded" (4242 4242 4242 4242) or "declined" (4000 0000 0000 0002).
 * Any other number, a past or malformed expiry (MM/YY) or a CVC that is not 3-4 digits is 400 CARD_INVALID,
 * and nothing is charged. A field longer than CARD_FIELD_MAX is refused before any pattern runs.
 */
export const sandboxCardOutcome = (card: CardInput, now = new Date()): "succeeded" | "declined" => {
  if (card.number.length > CARD_FIELD_MAX.number) throw invalid("number", "This card number is too long.");
  if (card.expiry !== undefined && card.expiry.length > CARD_FIELD_MAX.expiry) throw invalid("expiry", "Enter the expiry date as MM/YY, e.g. 12/34.");
  if (card.cvc !== undefined && card.cvc.length > CARD_FIELD_MAX.cvc) throw invalid("cvc", "Enter the 3 or 4 digit security code (CVC).");
  const number = card.number.replace(/[\s-]/g, "");
  if (card.expiry !== undefined) {
    const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(card.expiry);
    if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) throw invalid("expiry", "Enter the expiry date as MM/YY, e.g. 12/34.");
    const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
    if (year * 12 + Number(m[1]) < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) throw invalid("expiry", "Your card's expiry date is in the past.");
  }
  if (card.cvc !== undefined && !/^\d{3,4}$/.test(card.cvc.trim())) throw invalid("cvc", "Enter the 3 or 4 digit security code (CVC).");
  if (number === SANDBOX_CARDS.succeeds) return "succeeded";
  if (number === SANDBOX_CARDS.declined) return "declined";
  throw invalid("number", "This card number is not valid in test mode. Use 4242 4242 4242 4242 (succeeds) or 4000 0000 0000 0002 (declined).");
};

export const DECLINED_MESSAGE = "Your card was declined. Try another card.";
