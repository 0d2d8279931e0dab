import { describe, expect, it } from "vitest";
import { walletBalanceFor } from "./wallet-balance";

describe("walletBalanceFor: does the wallet cover the price", () => {
  it("covers a price it meets exactly, in USDC micro-units per cent", () => {
    expect(walletBalanceFor(4_990_000n, 499)).toEqual({ usdc: "4.99", covers: true });
  });
  it("does not cover a price one micro-unit short", () => {
    expect(walletBalanceFor(4_989_999n, 499)).toEqual({ usdc: "4.989999", covers: false });
  });
  it("shows an empty wallet as 0.00 that covers nothing but a free item", () => {
    expect(walletBalanceFor(0n, 1)).toEqual({ usdc: "0.00", covers: false });
    expect(walletBalanceFor(0n, 0)).toEqual({ usdc: "0.00", covers: true });
  });
  it("never shows a negative balance", () => {
    expect(walletBalanceFor(-5n, 100)).toEqual({ usdc: "0.00", covers: false });
  });
  it("covers large balances without float error", () => {
    expect(walletBalanceFor(999_999_999_990_000n, 99_999_999_999)).toEqual({ usdc: "999999999.99", covers: true });
  });
});
