import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { affiliateRateToBps, feeRateOf, percentToBps, splitPayment, walletFeeConfig } from "./fees";
import { formatUsdc, parseUsdc } from "../core/usdc";

const fee = (percentageBps: bigint, flatCents = 0n) => ({ percentageBps, flatCents, name: "fee" });

describe("splitPayment", () => {
  it("floors the fee in micro-units and gives the remainder to the creator", () => {
    expect(splitPayment({ amount: 3_330_000n, fee: fee(500n) })).toEqual({ platform: 166_500n, affiliate: 0n, creator: 3_163_500n });
    expect(splitPayment({ amount: 19n, fee: fee(500n) })).toEqual({ platform: 0n, affiliate: 0n, creator: 19n }); // 0.95 floors to 0
    expect(splitPayment({ amount: 1_000_000n, fee: fee(275n, 10n) })).toEqual({ platform: 27_500n + 100_000n, affiliate: 0n, creator: 872_500n });
    expect(splitPayment({ amount: 50_000n, fee: fee(500n, 10n) })).toEqual({ platform: 50_000n, affiliate: 0n, creator: 0n }); // flat fee capped at the amount
    expect(splitPayment({ amount: 1_000_000n, fee: fee(500n), affiliateBps: 1000n })).toEqual({ platform: 50_000n, affiliate: 95_000n, creator: 855_000n });
    expect(splitPayment({ amount: 0n, fee: fee(500n, 10n) })).toEqual({ platform: 0n, affiliate: 0n, creator: 0n });
  });

  it("property: the parts are never negative and always sum to the amount", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.bigInt({ min: 0n, max: 10_000n }),
        fc.bigInt({ min: 0n, max: 100_000n }),
        fc.bigInt({ min: 0n, max: 10_000n }),
        (amount, bps, flat, aff) => {
          const s = splitPayment({ amount, fee: fee(bps, flat), affiliateBps: aff });
          expect(s.platform + s.affiliate + s.creator).toBe(amount);
          expect(s.platform >= 0n && s.affiliate >= 0n && s.creator >= 0n).toBe(true);
          expect(s.platform).toBe([amount, (amount * bps) / 10_000n + flat * 10_000n].reduce((a, b) => (a < b ? a : b)));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe("fee configuration", () => {
  it("reads percentage and flat fee from the environment, defaulting to 5 % + 0", () => {
    expect(walletFeeConfig({})).toEqual({ percentageBps: 500n, flatCents: 0n, name: "Coinop platform fee" });
    const c = walletFeeConfig({ WALLET_FEE_PERCENTAGE: "2.75", WALLET_FEE_FLAT_CENTS: "30", WALLET_FEE_NAME: "Store fee" });
    expect(c).toEqual({ percentageBps: 275n, flatCents: 30n, name: "Store fee" });
    expect(feeRateOf(c)).toEqual({ percentage: 2.75, flat: 30 });
    expect(() => walletFeeConfig({ WALLET_FEE_PERCENTAGE: "101" })).toThrow(/WALLET_FEE_PERCENTAGE/);
    expect(() => walletFeeConfig({ WALLET_FEE_FLAT_CENTS: "1.5" })).toThrow(/WALLET_FEE_FLAT_CENTS/);
    expect([percentToBps("5"), percentToBps("0.01"), percentToBps("100"), percentToBps("5.123"), percentToBps("-1")]).toEqual([500n, 1n, 10_000n, null, null]);
    expect([affiliateRateToBps(0.1), affiliateRateToBps(0), affiliateRateToBps(2), affiliateRateToBps(-1)]).toEqual([1000n, 0n, 10_000n, 0n]);
  });
});

describe("USDC strings", () => {
  it("formats micro-units with 2 to 6 decimals and parses decimals back exactly", () => {
    expect([0n, 12_500_000n, 1n, 1_234_567n, 100_000_000n, -5_000_000n].map(formatUsdc)).toEqual(["0.00", "12.50", "0.000001", "1.234567", "100.00", "-5.00"]);
    expect(["12.5", "0.000001", "25", " 3.10 ", "1.1234567", "-1", "1e3", "", "."].map(parseUsdc)).toEqual([
      12_500_000n,
      1n,
      25_000_000n,
      3_100_000n,
      null,
      null,
      null,
      null,
      null,
    ]);
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 10n ** 17n }), (m) => parseUsdc(formatUsdc(m)) === m));
  });
});
