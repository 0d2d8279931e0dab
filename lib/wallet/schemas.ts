import { z } from "zod";
import { NonEmpty } from "../core/schemas.ts";
import { parseUsdc } from "../core/usdc.ts";

// the same schema as purchases/schemas.ts UserId (NonEmpty(128)); wallet sits below purchases, so it does not import it
const UserId = NonEmpty(128).describe("The player's game-level userRef (the reference returned by account linking).");

export const WalletUserBody = z.object({ userId: UserId });
export type WalletUserBody = z.output<typeof WalletUserBody>;

export const WalletBalance = z
  .object({
    address: z.string().describe("The wallet's custody address (0x + 40 hex)."),
    balance: z.string().describe('USDC as a decimal string with 2 to 6 decimals, e.g. "12.50".'),
  })
  .meta({ id: "WalletBalance" });

export const WalletLink = z.object({ linkUrl: z.string().describe("A signed link to the hosted wallet page; valid for 1 hour.") });

/** A positive USDC amount with at most 6 decimals, as a string ("12.5") or a number. */
export const UsdcAmount = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const micros = parseUsdc(typeof v === "number" ? String(v) : v);
  if (micros === null || micros <= 0n) {
    ctx.addIssue({ code: "custom", message: 'must be a positive USDC amount with at most 6 decimals and at most 999999999999 USDC, e.g. "25" or "12.50"' });
    return z.NEVER;
  }
  return micros;
});

export const FundWalletBody = z.object({
  userRef: UserId,
  amountUsdc: UsdcAmount.describe('Test USDC to add: a positive decimal with at most 6 decimals, e.g. "25.00".'),
});
export type FundWalletBody = z.output<typeof FundWalletBody>;

export const FundedWallet = z.object({ userRef: z.string(), address: z.string(), balance: z.string() });
