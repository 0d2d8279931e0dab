// The test-environment card processor: two documented test numbers, everything else is refused.
import { AppError } from "../core/errors.ts";
import { CARD_FIELD_MAX, cardDigits, cardIssues, type PayIssueCode } from "./pay-fields.ts";

export { CARD_FIELD_MAX };

export const SANDBOX_CARDS = { succeeds: "4242424242424242", declined: "4000000000000002" } as const;

export type CardInput = { number: string; expiry?: string; cvc?: string };

/** The English message of each card issue (the API's; the hosted page translates the code itself). */
export const CARD_ISSUE_MESSAGE: Partial<Record<PayIssueCode, string>> = {
  cardNumberRequired: "Enter a card number.",
  cardNumberInvalid: "This card number is not valid. Check the digits.",
  expiryRequired: "Enter the expiry date as MM/YY, e.g. 12/34.",
  expiryInvalid: "Enter the expiry date as MM/YY, e.g. 12/34.",
  expiryPast: "Your card's expiry date is in the past.",
  cvcRequired: "Enter the 3 or 4 digit security code (CVC).",
  cvcInvalid: "Enter the 3 or 4 digit security code (CVC).",
};

/** The API's names of the card fields in CARD_INVALID details. */
const DETAIL_FIELD = { cardNumber: "number", cardExpiry: "expiry", cardCvc: "cvc" } as const;

export const NOT_A_TEST_CARD = "This card number is not valid in test mode. Use 4242 4242 4242 4242 (succeeds) or 4000 0000 0000 0002 (declined).";

/**
 * What the sandbox does with a card: "succeeded" (4242 4242 4242 4242) or "declined" (4000 0000 0000 0002).
 * Any other number, a past or malformed expiry (MM/YY) or a CVC that is not 3-4 digits is 400 CARD_INVALID
 * naming every field at fault in screen order (number, expiry, CVC), and nothing is charged. The expiry and
 * CVC are checked when given (the test helper pays with a number alone). A field longer than
 * CARD_FIELD_MAX is refused before any pattern runs (pay-fields.ts).
 */
export const sandboxCardOutcome = (card: CardInput, now = new Date()): "succeeded" | "declined" => {
  const issues = cardIssues(card, now);
  if (issues.length) {
    const details = issues.map((i) => ({ field: DETAIL_FIELD[i.field as keyof typeof DETAIL_FIELD], message: CARD_ISSUE_MESSAGE[i.code] ?? i.code }));
    throw new AppError("CARD_INVALID", details[0]!.message, { details });
  }
  const number = cardDigits(card.number);
  if (number === SANDBOX_CARDS.succeeds) return "succeeded";
  if (number === SANDBOX_CARDS.declined) return "declined";
  throw new AppError("CARD_INVALID", NOT_A_TEST_CARD, { details: [{ field: "number", message: NOT_A_TEST_CARD }] });
};

export const DECLINED_MESSAGE = "Your card was declined. Try another card.";

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const SANDBOX_CARD_ERRORS = ["CARD_INVALID"] as const satisfies readonly ErrorCode[];
