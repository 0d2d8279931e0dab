// The split of a wallet payment. Exact integer arithmetic in USDC micro-units:
//   platform  = min(amount, floor(amount × percentageBps / 10 000) + flatCents × 10 000)
//   affiliate = floor((amount − platform) × affiliateBps / 10 000)      (only with a valid affiliate)
//   creator   = amount − platform − affiliate                           (takes every rounding remainder)
// so the three always sum to the amount and none is negative.
import { config, type Env } from "../config/env.ts";
export type FeeConfig = { percentageBps: bigint; flatCents: bigint; name: string };

export type Split = { platform: bigint; affiliate: bigint; creator: bigint };

const BPS = 10_000n;

/** "5" or "2.75" (percent, at most 2 decimals, 0..100) → basis points; null when malformed. */
export const percentToBps = (value: string): bigint | null => {
  const m = /^([0-9]{1,3})(?:\.([0-9]{1,2}))?$/.exec(value.trim());
  if (!m) return null;
  const bps = BigInt(m[1]) * 100n + BigInt((m[2] ?? "").padEnd(2, "0") || "0");
  return bps <= BPS ? bps : null;
};

/** The platform fee: WALLET_FEE_PERCENTAGE (default "5"), WALLET_FEE_FLAT_CENTS (default 0), WALLET_FEE_NAME. */
export const walletFeeConfig = (env: Partial<Pick<Env, "WALLET_FEE_PERCENTAGE" | "WALLET_FEE_FLAT_CENTS" | "WALLET_FEE_NAME">> = config()): FeeConfig => {
  const percentageBps = percentToBps(env.WALLET_FEE_PERCENTAGE ?? "5");
  if (percentageBps === null)
    throw new Error(`WALLET_FEE_PERCENTAGE must be a percentage from 0 to 100 with at most 2 decimals, got ${JSON.stringify(env.WALLET_FEE_PERCENTAGE)}`);
  const flat = env.WALLET_FEE_FLAT_CENTS ?? "0";
  if (!/^[0-9]{1,9}$/.test(flat)) throw new Error(`WALLET_FEE_FLAT_CENTS must be a whole number of cents, got ${JSON.stringify(flat)}`);
  return { percentageBps, flatCents: BigInt(flat), name: env.WALLET_FEE_NAME || "Coinop platform fee" };
};

/** A game's affiliateRate (a fraction, 0.1 = 10 %) in basis points, clamped to 0..10 000. */
export const affiliateRateToBps = (rate: number): bigint => BigInt(Math.min(10_000, Math.max(0, Math.round(rate * 10_000))));

export const splitPayment = ({ amount, fee, affiliateBps = 0n }: { amount: bigint; fee: FeeConfig; affiliateBps?: bigint }): Split => {
  if (amount < 0n) throw new Error("amount must not be negative");
  const raw = (amount * fee.percentageBps) / BPS + fee.flatCents * 10_000n;
  const platform = raw < amount ? raw : amount;
  const affiliate = ((amount - platform) * affiliateBps) / BPS;
  return { platform, affiliate, creator: amount - platform - affiliate };
};

/** feeRate as the API shows it: percentage (number, e.g. 5 or 2.75) and flat (cents). */
export const feeRateOf = (fee: FeeConfig) => ({ percentage: Number(fee.percentageBps) / 100, flat: Number(fee.flatCents) });
