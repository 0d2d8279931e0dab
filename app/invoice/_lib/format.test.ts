import { describe, expect, it } from "vitest";
import { invoiceFormats } from "./format.ts";

// Intl separates with no-break spaces (U+00A0, and U+202F in French groups): normalized for readability.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

describe("invoiceFormats", () => {
  it("writes amounts in US dollars with the currency code, the locale's way", () => {
    expect(plain(invoiceFormats("en").money(30874))).toBe("USD 308.74");
    expect(plain(invoiceFormats("fr").money(30874))).toBe("308,74 USD");
    expect(plain(invoiceFormats("en").money(123456))).toBe("USD 1,234.56");
    expect(plain(invoiceFormats("fr").money(123456))).toBe("1 234,56 USD");
    expect(plain(invoiceFormats("fr").money(0))).toBe("0,00 USD");
  });

  it("writes quantities with the locale's separators, at most four decimals, no trailing zeros", () => {
    expect(invoiceFormats("en").quantity(2)).toBe("2");
    expect(invoiceFormats("en").quantity(1.5)).toBe("1.5");
    expect(invoiceFormats("fr").quantity(1.5)).toBe("1,5");
    expect(invoiceFormats("en").quantity(0.33333333)).toBe("0.3333");
    expect(plain(invoiceFormats("fr").quantity(12345.25))).toBe("12 345,25");
  });

  it("writes a calendar day without a time, in UTC whatever the server's zone", () => {
    const late = new Date("2026-12-20T23:30:00Z");
    expect(invoiceFormats("en").day(late)).toBe("Dec 20, 2026");
    expect(invoiceFormats("fr").day(late)).toBe("20 déc. 2026");
    expect(invoiceFormats("fr").day(new Date("2026-11-01T00:00:00Z"))).toBe("1 nov. 2026");
  });
});
