import { describe, expect, it } from "vitest";
import { BaseUnitsPerVcUnit, CurrencyCode } from "./schemas";

describe("CurrencyCode", () => {
  it("upper-cases and trims valid codes", () => {
    expect(CurrencyCode.parse(" gems ")).toBe("GEMS");
    expect(CurrencyCode.parse("GOLD_2")).toBe("GOLD_2");
    expect(CurrencyCode.parse("AB")).toBe("AB");
    expect(CurrencyCode.parse("A".repeat(16))).toBe("A".repeat(16));
  });
  it("rejects too short, too long, a leading digit and other characters", () => {
    for (const bad of ["A", "A".repeat(17), "1GEM", "GE-M", "GÉM", "GE M", ""]) expect(CurrencyCode.safeParse(bad).success, bad).toBe(false);
  });
});

describe("BaseUnitsPerVcUnit", () => {
  it("normalizes positive whole numbers to strings", () => {
    expect(BaseUnitsPerVcUnit.parse("0010000")).toBe("10000");
    expect(BaseUnitsPerVcUnit.parse(1)).toBe("1");
    expect(BaseUnitsPerVcUnit.parse("1000000000000")).toBe("1000000000000");
  });
  it("rejects zero, negatives, fractions and values above the maximum", () => {
    for (const bad of ["0", "-1", "1.5", 2.5, "abc", "1000000000001", ""]) expect(BaseUnitsPerVcUnit.safeParse(bad).success, String(bad)).toBe(false);
  });
});
