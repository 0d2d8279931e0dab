// The rules of the hosted checkout's pay form, in one pure module: the browser runs them as the payer
// types and submits (components/payment/payment-form.tsx), the pay action runs them again before anything
// is written (app/checkout/actions.ts), and the sandbox card processor is built on them
// (sandbox-card.ts). Pure: no database, no Next.js, safe in a client bundle. Each issue is a code the page
// translates (messages/<locale>/checkout.json, "errors.<code>"), never a sentence.
import { EMAIL_MAX_LENGTH, isEmail, normalizeEmail } from "../core/email.ts";

/** The fields of the pay form, in screen order: every list of issues is sorted by it. */
export const PAY_FIELDS = ["email", "method", "cardNumber", "cardExpiry", "cardCvc"] as const;
export type PayField = (typeof PAY_FIELDS)[number];

export type PayIssueCode =
  | "emailRequired"
  | "emailInvalid"
  | "methodRequired"
  | "cardNumberRequired"
  | "cardNumberInvalid"
  | "expiryRequired"
  | "expiryInvalid"
  | "expiryPast"
  | "cvcRequired"
  | "cvcInvalid";

export type PayIssue = { field: PayField; code: PayIssueCode };

/** The longest value of each card field worth reading (spaces and separators included); longer is refused unread. */
export const CARD_FIELD_MAX = { number: 32, expiry: 16, cvc: 8 } as const;

/** The digits of a card number as typed: spaces and dashes are allowed between them, nothing else. Null otherwise. */
export const cardDigits = (value: string): string | null => {
  if (value.length > CARD_FIELD_MAX.number) return null;
  const digits = value.replace(/[\s-]/g, "");
  return /^\d+$/.test(digits) ? digits : null;
};

/** The Luhn (mod 10) check every card number passes. */
export const luhnValid = (digits: string): boolean => {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
};

/** A plausible card number: 12 to 19 digits that pass Luhn. */
export const validCardNumber = (value: string): boolean => {
  const digits = cardDigits(value);
  return digits !== null && digits.length >= 12 && digits.length <= 19 && luhnValid(digits);
};

/**
 * An expiry typed as MM/YY (or MM / YY, MM/YYYY, MMYY): "invalid" when it is not one, "past" when the card
 * expired before this month (UTC; a card is valid to the end of its month), else the month and year.
 */
export const parseExpiry = (value: string, now = new Date()): { month: number; year: number } | "invalid" | "past" => {
  if (value.length > CARD_FIELD_MAX.expiry) return "invalid";
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value) ?? /^\s*(\d{2})(\d{2})\s*$/.exec(value);
  if (!m) return "invalid";
  const month = Number(m[1]);
  if (month < 1 || month > 12) return "invalid";
  const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) return "past";
  return { month, year };
};

export const validCvc = (value: string): boolean => value.length <= CARD_FIELD_MAX.cvc && /^\d{3,4}$/.test(value.trim());

/** The issues of one card's three fields, in screen order (number, expiry, CVC). */
export const cardIssues = (card: { number: string; expiry?: string; cvc?: string }, now = new Date()): PayIssue[] => {
  const out: PayIssue[] = [];
  if (!card.number.trim()) out.push({ field: "cardNumber", code: "cardNumberRequired" });
  else if (!validCardNumber(card.number)) out.push({ field: "cardNumber", code: "cardNumberInvalid" });
  if (card.expiry !== undefined) {
    const expiry = card.expiry.trim() ? parseExpiry(card.expiry, now) : null;
    if (expiry === null) out.push({ field: "cardExpiry", code: "expiryRequired" });
    else if (expiry === "invalid") out.push({ field: "cardExpiry", code: "expiryInvalid" });
    else if (expiry === "past") out.push({ field: "cardExpiry", code: "expiryPast" });
  }
  if (card.cvc !== undefined) {
    if (!card.cvc.trim()) out.push({ field: "cardCvc", code: "cvcRequired" });
    else if (!validCvc(card.cvc)) out.push({ field: "cardCvc", code: "cvcInvalid" });
  }
  return out;
};

/** The guest's email: required when `required`, and a valid address when given. */
export const emailIssue = (value: string, { required }: { required: boolean }): PayIssue | null => {
  const v = value.trim();
  if (!v) return required ? { field: "email", code: "emailRequired" } : null;
  return v.length <= EMAIL_MAX_LENGTH && isEmail(normalizeEmail(v)) ? null : { field: "email", code: "emailInvalid" };
};

export type PayFormInput = {
  /** the form's method value: "card", "wallet" or "vc:<currencyId>"; "" when none is chosen */
  method: string;
  email: string;
  cardNumber: string;
  cardExpiry: string;
  cardCvc: string;
};

/**
 * Every issue of a pay form, in screen order. `email`: whether a card payment needs the payer's email
 * ("required": a guest on a redirect checkout, whose account it names; "optional": checked when given;
 * "none": the form has no email field); `cardFields`: the card is typed on this page (the test
 * environment's sandbox; a live card is typed on Stripe's page).
 */
export const payFormIssues = (
  input: PayFormInput,
  { email, cardFields }: { email: "required" | "optional" | "none"; cardFields: boolean },
  now = new Date(),
): PayIssue[] => {
  const out: PayIssue[] = [];
  const card = input.method === "card";
  if (card && email !== "none") {
    const issue = emailIssue(input.email, { required: email === "required" });
    if (issue) out.push(issue);
  }
  if (!input.method) out.push({ field: "method", code: "methodRequired" });
  if (card && cardFields) out.push(...cardIssues({ number: input.cardNumber, expiry: input.cardExpiry, cvc: input.cardCvc }, now));
  return sortIssues(out);
};

/** Issues sorted in screen order (stable within one field). */
export const sortIssues = <T extends { field: string }>(issues: T[]): T[] => {
  const rank = (f: string) => {
    const i = (PAY_FIELDS as readonly string[]).indexOf(f);
    return i < 0 ? PAY_FIELDS.length : i;
  };
  return [...issues].sort((a, b) => rank(a.field) - rank(b.field));
};
