import type { TargetContext } from "../core/context.ts";
import { formatUsdc } from "../core/usdc.ts";
import { businessFundingAccount, USDC_ASSET } from "../ledger/accounts.ts";
import { getAccountBalance } from "../ledger/get-account-balance.ts";

/**
 * The target business's funding wallet (USDC; campaign withdrawals return to it): its custody address,
 * which exists before any money does, and its balance from the ledger ("0.00" when never used).
 */
export const getBusinessWalletBalance = async (ctx: TargetContext): Promise<{ address: string; balance: string }> => {
  const { businessId } = ctx.scope;
  const account = businessFundingAccount(businessId, ctx.scope.environment);
  const { balance } = await getAccountBalance(ctx.db, {
    asset: USDC_ASSET,
    environment: ctx.scope.environment,
    kind: account.kind,
    ownerRef: account.ownerRef,
  });
  return { address: account.address, balance: formatUsdc(balance) };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const GET_BUSINESS_WALLET_BALANCE_ERRORS = [] as const satisfies readonly ErrorCode[];
