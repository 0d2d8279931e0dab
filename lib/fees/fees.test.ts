// Property tests of the fee and split arithmetic (docs/fees.md): no cent created or lost, ever.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeDistributionTotals, dollarsToCents, feeAmountCents, FULL_PPM, percentToPpm, ppmOf, splitByPpm, type FeeDefinition } from "./fees.ts";
import { defaultServiceFee } from "./service-fee.ts";

const cents = fc.bigInt({ min: 0n, max: 10_000_000_000_00n });
/** n shares in ppm that sum to exactly 10^6 (random cut points). */
const ppmShares = fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 0, maxLength: 40 }).map((cuts) => {
  const points = [0, ...cuts.sort((a, b) => a - b), 1_000_000];
  return points.slice(1).map((p, i) => BigInt(p - points[i]!));
});
const fee = fc.record({
  label: fc.constant("fee"),
  feeType: fc.constantFrom("flat_rate_plus_percentage" as const, "per_payout_plus_percentage" as const),
  ppm: fc.bigInt({ min: 0n, max: FULL_PPM }),
  flatCents: fc.bigInt({ min: 0n, max: 100_000n }),
  recipientWallet: fc.constant("0x" + "ab".repeat(20)),
  source: fc.constant("platform" as const),
});

describe("fee formulas", () => {
  it("flat_rate_plus_percentage = flat + pct × total; per_payout_plus_percentage = flat × n + pct × total", () => {
    expect(feeAmountCents({ feeType: "flat_rate_plus_percentage", ppm: percentToPpm(2.5)!, flatCents: 30n }, 10_000n, 4)).toBe(280n);
    expect(feeAmountCents({ feeType: "per_payout_plus_percentage", ppm: percentToPpm(2.5)!, flatCents: 30n }, 10_000n, 4)).toBe(370n);
    expect(feeAmountCents({ feeType: "per_payout_plus_percentage", ppm: 0n, flatCents: 25n }, 0n, 3)).toBe(75n);
  });

  it("rounds the percentage part half up to the cent", () => {
    // 1.5 % of 33 cents = 0.495 → 0; of 100 cents = 1.5 → 2; 1 % of 50 cents = 0.5 → 1
    expect(ppmOf(33n, 15_000n)).toBe(0n);
    expect(ppmOf(100n, 15_000n)).toBe(2n);
    expect(ppmOf(50n, 10_000n)).toBe(1n);
    expect(ppmOf(149n, 10_000n)).toBe(1n);
  });

  it("the percentage part is the exact share rounded half up (never more than half a cent off)", () => {
    fc.assert(
      fc.property(cents, fc.bigInt({ min: 0n, max: FULL_PPM }), (total, ppm) => {
        const got = ppmOf(total, ppm);
        // |got − total·ppm/10^6| ≤ 1/2  ⇔  |2·got·10^6 − 2·total·ppm| ≤ 10^6
        const diff = 2n * got * FULL_PPM - 2n * total * ppm;
        expect(diff <= FULL_PPM && diff > -FULL_PPM).toBe(true);
      }),
    );
  });

  it("funding required = total + the sum of the fee line items, each computed alone", () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 1, max: 500 }), fc.array(fee, { maxLength: 6 }), (total, n, fees) => {
        const t = computeDistributionTotals({ totalAmountCents: total, recipientCount: n, fees: fees as FeeDefinition[] });
        expect(t.feeLineItems.map((f) => f.amountCents)).toEqual(fees.map((f) => feeAmountCents(f, total, n)));
        expect(t.totalFeeCents).toBe(t.feeLineItems.reduce((s, f) => s + f.amountCents, 0n));
        expect(t.fundingRequiredCents).toBe(total + t.totalFeeCents);
        for (const f of t.feeLineItems) expect(f.amountCents >= 0n).toBe(true);
      }),
    );
  });

  it("the same inputs always give the same amounts (what a preview computes is what create stores)", () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 1, max: 50 }), fc.array(fee, { maxLength: 4 }), (total, n, fees) => {
        const a = computeDistributionTotals({ totalAmountCents: total, recipientCount: n, fees: fees as FeeDefinition[] });
        const b = computeDistributionTotals({ totalAmountCents: total, recipientCount: n, fees: structuredClone(fees) as FeeDefinition[] });
        expect(b).toEqual(a);
      }),
    );
  });
});

describe("percentage splits (largest remainder)", () => {
  it("parts always sum to the total: no cent created or lost", () => {
    fc.assert(
      fc.property(cents, ppmShares, (total, shares) => {
        const parts = splitByPpm(total, shares);
        expect(parts.length).toBe(shares.length);
        expect(parts.reduce((s, p) => s + p, 0n)).toBe(total);
        parts.forEach((p, i) => {
          // each part is floor or ceil of its exact share
          const floor = (total * shares[i]!) / FULL_PPM;
          expect(p === floor || p === floor + 1n).toBe(true);
        });
      }),
    );
  });

  it("gives the odd cents to the largest remainders, ties to the earlier recipient", () => {
    const third = [333_334n, 333_333n, 333_333n];
    expect(splitByPpm(100n, third)).toEqual([34n, 33n, 33n]);
    expect(splitByPpm(1n, [500_000n, 500_000n])).toEqual([1n, 0n]);
    expect(splitByPpm(1001n, [250_000n, 750_000n])).toEqual([250n, 751n]);
  });

  it("refuses shares that do not sum to 100 %", () => {
    expect(() => splitByPpm(100n, [500_000n, 499_999n])).toThrow(/sum to/);
  });
});

describe("unit conversions", () => {
  it("dollars: whole cents only", () => {
    expect(dollarsToCents(12.34)).toBe(1234n);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30n);
    expect(dollarsToCents(1.005)).toBeNull();
    expect(dollarsToCents(-1)).toBeNull();
    expect(dollarsToCents(Number.NaN)).toBeNull();
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), (c) => {
        expect(dollarsToCents(Number(c) / 100)).toBe(c);
      }),
    );
    expect(dollarsToCents(10_000_000_000.01)).toBeNull();
  });

  it("percentages: at most 4 decimals, 0..100", () => {
    expect(percentToPpm(2.5)).toBe(25_000n);
    expect(percentToPpm(33.3333)).toBe(333_333n);
    expect(percentToPpm(100)).toBe(1_000_000n);
    expect(percentToPpm(33.33333)).toBeNull();
    expect(percentToPpm(100.01)).toBeNull();
    expect(percentToPpm(-0.5)).toBeNull();
  });

  it("the default service fee comes from the configuration and refuses malformed values", () => {
    expect(defaultServiceFee({})).toMatchObject({ ppm: 10_000n, flatCents: 0n, feeType: "flat_rate_plus_percentage", source: "service" });
    expect(defaultServiceFee({ DISTRIBUTION_FEE_PERCENTAGE: "2.75", DISTRIBUTION_FEE_FLAT_CENTS: "30" })).toMatchObject({ ppm: 27_500n, flatCents: 30n });
    expect(() => defaultServiceFee({ DISTRIBUTION_FEE_PERCENTAGE: "abc" })).toThrow(/DISTRIBUTION_FEE_PERCENTAGE/);
    expect(() => defaultServiceFee({ DISTRIBUTION_FEE_FLAT_CENTS: "1.5" })).toThrow(/DISTRIBUTION_FEE_FLAT_CENTS/);
  });
});
