import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { computeInvoice, feeAmountCents, lineAmountCents, toCents, toDollars } from "./money.ts";

describe("invoice money", () => {
  it("rounds half up to the cent", () => {
    expect(lineAmountCents(3, 15050n)).toBe(45150n);
    expect(lineAmountCents(0.3333, 100n)).toBe(33n);
    expect(lineAmountCents(0.005, 100n)).toBe(1n); // 0.5 cent → 1
    expect(feeAmountCents({ percentage: 2.5, flatCents: 30n }, 56149n)).toBe(30n + 1404n); // 1403.725 → 1404
    expect(feeAmountCents({ percentage: null, flatCents: 7n }, 1n)).toBe(7n);
    expect(toCents(0.29)).toBe(29n); // 0.29 * 100 = 28.999999999999996
    expect(toDollars(57583n)).toBe(575.83);
  });

  it("property: totals are the sum of their parts, to the cent, and dollars round-trip", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ q: fc.integer({ min: 1, max: 1_000_000 }), rate: fc.integer({ min: 0, max: 9_999_999 }) }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.array(fc.record({ bp: fc.integer({ min: 0, max: 1_000_000 }), flat: fc.integer({ min: 0, max: 10_000 }) }), { maxLength: 3 }),
        (items, tax, fees) => {
          const t = computeInvoice({
            items: items.map((i) => ({ description: "x", quantity: i.q / 10_000, rate: i.rate / 100 })),
            taxCents: BigInt(tax),
            fees: fees.map((f) => ({ label: "f", percentage: f.bp / 10_000, flatCents: BigInt(f.flat), recipientWallet: "0x" })),
          });
          expect(t.subtotalCents).toBe(t.items.reduce((s, i) => s + i.amountCents, 0n));
          expect(t.totalCents).toBe(t.subtotalCents + BigInt(tax));
          expect(t.chargedCents).toBe(t.totalCents + t.fees.reduce((s, f) => s + f.amountCents, 0n));
          for (const [n, i] of t.items.entries()) {
            const exact = (items[n]!.q * items[n]!.rate) / 10_000; // cents, exact in float for these ranges
            expect(Math.abs(Number(i.amountCents) - exact)).toBeLessThanOrEqual(0.5);
            expect(toCents(toDollars(i.amountCents))).toBe(i.amountCents);
          }
          for (const [n, f] of t.fees.entries()) {
            const exact = fees[n]!.flat + (fees[n]!.bp * Number(t.totalCents)) / 1_000_000;
            expect(Math.abs(Number(f.amountCents) - exact)).toBeLessThanOrEqual(0.5 + 1e-9);
          }
        },
      ),
    );
  });
});
