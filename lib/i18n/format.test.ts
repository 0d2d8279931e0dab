import { describe, expect, it } from "vitest";
import { formatDate, formatDecimal, formatMoney, formatNumber } from "./format.ts";

// Intl separates with no-break spaces (U+00A0, and U+202F in French groups): normalized for readability.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

describe("formatMoney", () => {
  it("shows the currency code, in the locale's order and separators", () => {
    expect(plain(formatMoney("en", 1234, "USD"))).toBe("USD 12.34");
    expect(plain(formatMoney("fr", 1234, "USD"))).toBe("12,34 USD");
    expect(plain(formatMoney("en", 123456789, "EUR"))).toBe("EUR 1,234,567.89");
    expect(plain(formatMoney("fr", 123456789, "EUR"))).toBe("1 234 567,89 EUR");
    expect(plain(formatMoney("en", 0, "usd"))).toBe("USD 0.00");
  });
  it("reads the amount in the currency's minor unit", () => {
    expect(plain(formatMoney("en", 500, "JPY"))).toBe("JPY 500");
    expect(plain(formatMoney("fr", 1234, "KWD"))).toBe("1,234 KWD");
  });
});

describe("formatNumber", () => {
  it("groups and separates decimals by locale", () => {
    expect(plain(formatNumber("en", 1234567.5))).toBe("1,234,567.5");
    expect(plain(formatNumber("fr", 1234567.5))).toBe("1 234 567,5");
  });
});

describe("formatDecimal", () => {
  it("formats an exact decimal string without float rounding", () => {
    expect(plain(formatDecimal("en", "7.25"))).toBe("7.25");
    expect(plain(formatDecimal("fr", "1234567.5"))).toBe("1 234 567,50");
    expect(plain(formatDecimal("en", "0.000001"))).toBe("0.000001");
    expect(plain(formatDecimal("en", "90071992547409.123456"))).toBe("90,071,992,547,409.123456");
    expect(plain(formatDecimal("fr", "-3"))).toBe("-3,00");
  });
  it("refuses what is not a decimal", () => {
    expect(() => formatDecimal("en", "1e5")).toThrow(RangeError);
    expect(() => formatDecimal("en", "abc")).toThrow(RangeError);
  });
});

describe("formatDate", () => {
  const at = new Date("2025-11-23T22:03:00Z");
  it("writes day, month, year and time in UTC, and says UTC", () => {
    expect(plain(formatDate("en", at))).toBe("Nov 23, 2025, 10:03 PM UTC");
    expect(plain(formatDate("fr", at))).toBe("23 nov. 2025, 22:03 UTC");
    expect(plain(formatDate("fr", "2025-11-23T22:03:00.000Z"))).toBe("23 nov. 2025, 22:03 UTC");
  });
  it("takes the caller's format and time zone", () => {
    expect(formatDate("en", at, { dateStyle: "long" })).toBe("November 23, 2025");
    expect(formatDate("fr", at, { dateStyle: "long" })).toBe("23 novembre 2025");
    expect(formatDate("fr", at, { dateStyle: "long", timeZone: "Asia/Tokyo" })).toBe("24 novembre 2025");
  });
  it("refuses what is not a date", () => {
    expect(() => formatDate("en", "not a date")).toThrow(RangeError);
  });
});
