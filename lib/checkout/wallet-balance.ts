// What the checkout's Wallet method shows: the player's USDC balance and whether it covers the price. A
// price in US cents is paid 1:1 in USDC (lib/core/usdc.ts), so the wallet covers it when its micro-units
// reach price × 10 000. The payment itself checks again in the ledger; this only tells the payer first.
import { formatUsdc, MICROS_PER_CENT } from "../core/usdc.ts";

export type WalletBalance = {
  /** the balance as a decimal string ("12.50"), for the page to format in its language */
  usdc: string;
  /** true when the balance pays `priceCents` in full */
  covers: boolean;
};

export const walletBalanceFor = (balanceMicros: bigint, priceCents: number): WalletBalance => ({
  usdc: formatUsdc(balanceMicros < 0n ? 0n : balanceMicros),
  covers: balanceMicros >= BigInt(priceCents) * MICROS_PER_CENT,
});
