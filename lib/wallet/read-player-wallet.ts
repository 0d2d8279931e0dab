// The custody wallet of one player in one environment (one USDC wallet per player and environment, shared by
// every game, campaign and business): its deterministic address and its balance. The caller has already
// resolved the player and checked that it may read the balance (lib/linking/link-consent.ts).
import type { DbContext } from "../core/context.ts";
import type { Environment } from "../core/environment.ts";
import { formatUsdc } from "../core/usdc.ts";
import { USDC_ASSET, walletAccount } from "../ledger/accounts.ts";
import { getAccountBalance } from "../ledger/get-account-balance.ts";

export const readPlayerWallet = async (ctx: DbContext, { playerId, environment }: { playerId: string; environment: Environment }) => {
  const account = walletAccount(playerId, environment);
  const { balance } = await getAccountBalance(ctx.db, { asset: USDC_ASSET, environment, kind: account.kind, ownerRef: account.ownerRef });
  return { account, address: account.address, balance: formatUsdc(balance), balanceMicros: balance };
};
