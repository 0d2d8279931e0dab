import { describe, expect, it } from "vitest";
import { cardIssues, emailIssue, luhnValid, parseExpiry, payFormIssues, validCardNumber } from "./pay-fields";
import { sandboxCardOutcome } from "./sandbox-card";

const now = new Date("2026-06-15T12:00:00Z");
const card = { method: "card", email: "payer@example.com", cardNumber: "4242 4242 4242 4242", cardExpiry: "12 / 34", cardCvc: "123" };

describe("the pay form's rules (browser and server)", () => {
  it("Luhn: the sandbox's numbers and real test numbers pass, one wrong digit fails", () => {
    for (const n of ["4242424242424242", "4000000000000002", "4111111111111111", "5555555555554444", "378282246310005"]) expect(luhnValid(n), n).toBe(true);
    for (const n of ["4242424242424241", "4000000000000001", "1234567812345678"]) expect(luhnValid(n), n).toBe(false);
    expect(validCardNumber("4242-4242 4242-4242")).toBe(true);
    expect(validCardNumber("4242 4242 4242 424x")).toBe(false);
    expect(validCardNumber("42")).toBe(false); // too short, though "42" is not the point
    expect(validCardNumber("4".repeat(40))).toBe(false); // over the cap: refused unread
  });

  it("MM/YY: this month is still valid, last month is past, 13 and garbage are invalid; MMYY and MM/YYYY are read", () => {
    expect(parseExpiry("06/26", now)).toEqual({ month: 6, year: 2026 });
    expect(parseExpiry("05/26", now)).toBe("past");
    expect(parseExpiry("12 / 2030", now)).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry("1234", now)).toEqual({ month: 12, year: 2034 });
    expect(parseExpiry("13/30", now)).toBe("invalid");
    expect(parseExpiry("00/30", now)).toBe("invalid");
    expect(parseExpiry("12/3", now)).toBe("invalid");
    expect(parseExpiry(`12/${"3".repeat(40)}`, now)).toBe("invalid");
  });

  it("email: required or optional; a bad one is always refused", () => {
    expect(emailIssue("", { required: true })).toEqual({ field: "email", code: "emailRequired" });
    expect(emailIssue("", { required: false })).toBeNull();
    expect(emailIssue("not-an-email", { required: false })).toEqual({ field: "email", code: "emailInvalid" });
    expect(emailIssue("  Payer@Example.com ", { required: true })).toBeNull();
  });

  it("an empty guest card form: every error at once, in screen order (email, card number, expiry, CVC)", () => {
    const issues = payFormIssues({ ...card, email: "", cardNumber: "", cardExpiry: "", cardCvc: "" }, { email: "required", cardFields: true }, now);
    expect(issues).toEqual([
      { field: "email", code: "emailRequired" },
      { field: "cardNumber", code: "cardNumberRequired" },
      { field: "cardExpiry", code: "expiryRequired" },
      { field: "cardCvc", code: "cvcRequired" },
    ]);
  });

  it("wrong values name their fields; a live card (typed on Stripe's page) and a balance method check no card field", () => {
    expect(payFormIssues({ ...card, cardNumber: "4242 4242 4242 4241", cardExpiry: "01/20", cardCvc: "12" }, { email: "none", cardFields: true }, now)).toEqual(
      [
        { field: "cardNumber", code: "cardNumberInvalid" },
        { field: "cardExpiry", code: "expiryPast" },
        { field: "cardCvc", code: "cvcInvalid" },
      ],
    );
    expect(payFormIssues({ ...card, cardNumber: "", cardExpiry: "", cardCvc: "" }, { email: "none", cardFields: false }, now)).toEqual([]);
    expect(payFormIssues({ ...card, method: "wallet", email: "", cardNumber: "x" }, { email: "required", cardFields: true }, now)).toEqual([]);
    expect(payFormIssues({ ...card, method: "" }, { email: "none", cardFields: true }, now)).toEqual([{ field: "method", code: "methodRequired" }]);
    expect(payFormIssues(card, { email: "required", cardFields: true }, now)).toEqual([]);
  });

  it("cardIssues checks the expiry and CVC only when given (the test helper pays with a number alone)", () => {
    expect(cardIssues({ number: "4242424242424242" }, now)).toEqual([]);
    expect(cardIssues({ number: "" }, now)).toEqual([{ field: "cardNumber", code: "cardNumberRequired" }]);
  });

  it("the sandbox refuses a bad card with CARD_INVALID naming every field at fault in screen order", () => {
    const err = (() => {
      try {
        sandboxCardOutcome({ number: "4242424242424241", expiry: "13/30", cvc: "1" }, now);
      } catch (e) {
        return e as { status: number; code: string; message: string; details: { field: string; message: string }[] };
      }
    })()!;
    expect([err.status, err.code, err.message]).toEqual([400, "CARD_INVALID", "This card number is not valid. Check the digits."]);
    expect(err.details.map((d) => d.field)).toEqual(["number", "expiry", "cvc"]);
    // a Luhn-valid number the sandbox does not know
    expect(() => sandboxCardOutcome({ number: "4111 1111 1111 1111", expiry: "12/34", cvc: "123" }, now)).toThrow(/not valid in test mode/);
  });
});
