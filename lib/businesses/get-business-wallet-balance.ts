import type { PlatformContext } from "../core/context.ts";
import { formatUsdc } from "../core/usdc.ts";
import { businessFundingAccount, USDC_ASSET } from "../ledger/accounts.ts";
import { getAccountBalance } from "../ledger/get-account-balance.ts";
import { targetBusinessOf } from "./target-business.ts";

/**
 * The target business's funding wallet (USDC; campaign withdrawals return to it): its custody address,
 * which exists before any money does, and its balance from the ledger ("0.00" when never used).
 */
export const getBusinessWalletBalance = async (ctx: PlatformContext): Promise<{ address: string; balance: string }> => {
  const { businessId } = targetBusinessOf(ctx);
  const account = businessFundingAccount(businessId, ctx.environment);
  const { balance } = await getAccountBalance(ctx.db, { asset: USDC_ASSET, environment: ctx.environment, kind: account.kind, ownerRef: account.ownerRef });
  return { address: account.address, balance: formatUsdc(balance) };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { TARGET_BUSINESS_ERRORS } from "./target-business.ts";
export const GET_BUSINESS_WALLET_BALANCE_ERRORS = [...TARGET_BUSINESS_ERRORS] as const satisfies readonly ErrorCode[];
