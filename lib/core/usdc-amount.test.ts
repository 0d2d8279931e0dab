import { describe, expect, it } from "vitest";
import { microsToUsdc, parseUsdcAmount } from "./usdc";

describe("parseUsdcAmount", () => {
  it("converts decimal numbers and strings to exact micro-units", () => {
    expect(parseUsdcAmount(5)).toBe(5_000_000n);
    expect(parseUsdcAmount(0.1)).toBe(100_000n);
    expect(parseUsdcAmount(2.675)).toBe(2_675_000n);
    expect(parseUsdcAmount(0.000001)).toBe(1n);
    expect(parseUsdcAmount("1.10")).toBe(1_100_000n);
    expect(parseUsdcAmount(" 3.1234560 ")).toBe(3_123_456n);
    expect(parseUsdcAmount(999_999_999.999999)).toBe(999_999_999_999_999n);
  });

  it("refuses non-positive, non-decimal, over-precise and too large amounts with a message", () => {
    expect(parseUsdcAmount(0)).toBe("must be greater than 0");
    expect(parseUsdcAmount("0.000")).toBe("must be greater than 0");
    expect(parseUsdcAmount(-1)).toMatch(/positive USDC amount/);
    expect(parseUsdcAmount(0.1 + 0.2)).toMatch(/at most 6 decimals/);
    expect(parseUsdcAmount("1.0000001")).toMatch(/at most 6 decimals/);
    expect(parseUsdcAmount(1e-7)).toMatch(/positive USDC amount/);
    expect(parseUsdcAmount(Number.NaN)).toMatch(/positive USDC amount/);
    expect(parseUsdcAmount("1e3")).toMatch(/positive USDC amount/);
    expect(parseUsdcAmount("")).toMatch(/positive USDC amount/);
    expect(parseUsdcAmount(1_000_000_000)).toBe("must be at most 999999999.999999 USDC");
  });
});

describe("microsToUsdc", () => {
  it("is the exact decimal of the micro-units", () => {
    expect(microsToUsdc(0n)).toBe(0);
    expect(microsToUsdc(5_500_000n)).toBe(5.5);
    expect(microsToUsdc(1n)).toBe(0.000001);
    expect(microsToUsdc(994_499_999n)).toBe(994.499999);
    expect(microsToUsdc(-2_500_000n)).toBe(-2.5);
    expect(microsToUsdc(parseUsdcAmount(0.3) as bigint)).toBe(0.3);
  });
});
