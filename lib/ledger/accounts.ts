// The accounts of each asset, as specs for the engine, at their deterministic custody addresses (address.ts).
import { custodyAddress } from "./address.ts";
import type { Environment } from "../core/environment.ts";
import type { AccountSpec } from "./types.ts";

export const USDC_ASSET = "usdc";
export const TEST_USDC_MINT = "test-usdc-mint";

export const VC_ASSET_PREFIX = "vc:";
export const vcAsset = (currencyId: string): string => `${VC_ASSET_PREFIX}${currencyId}`;

/** A currency's treasury pool: the issuer, whose balance is minus the units in circulation. */
export const vcPool = (currencyId: string, environment: Environment): AccountSpec => ({
  kind: "pool",
  ownerRef: currencyId,
  address: custodyAddress("pool", currencyId, environment),
  allowNegative: true,
});

/** A player's balance of a currency, keyed by userRef; never negative. */
export const vcUser = (userRef: string, environment: Environment): AccountSpec => ({
  kind: "user",
  ownerRef: userRef,
  address: custodyAddress("user", userRef, environment),
  allowNegative: false,
});

/** The issuer of test USDC: test funds come from here, so its balance is minus all test USDC issued. */
export const testUsdcMint = (environment: Environment): AccountSpec => ({
  kind: "issuer",
  ownerRef: TEST_USDC_MINT,
  address: custodyAddress("issuer", TEST_USDC_MINT, environment),
  allowNegative: true,
});

/** A campaign's USDC balance, at the campaign's custody address. */
export const campaignAccount = (campaign: { id: string; address: string }): AccountSpec => ({
  kind: "campaign",
  ownerRef: campaign.id,
  address: campaign.address,
  allowNegative: false,
});

/** A player's custody wallet (USDC), one per player and environment, shared by every game and campaign. */
export const walletAccount = (playerId: string, environment: Environment): AccountSpec => ({
  kind: "wallet",
  ownerRef: playerId,
  address: custodyAddress("wallet", playerId, environment),
  allowNegative: false,
});

/** A business's funding wallet (USDC): campaign withdrawals return here. */
export const businessFundingAccount = (businessId: string, environment: Environment): AccountSpec => ({
  kind: "business",
  ownerRef: businessId,
  address: custodyAddress("business", businessId, environment),
  allowNegative: false,
});

/** A game's USDC revenue account: wallet purchases of the game's own items pay in here. */
export const gameRevenueAccount = (gameId: string, environment: Environment): AccountSpec => ({
  kind: "game",
  ownerRef: gameId,
  address: custodyAddress("game", gameId, environment),
  allowNegative: false,
});

/** The platform's (Coinop's) fee account in USDC: wallet purchase fees. */
export const platformFeeAccount = (environment: Environment): AccountSpec => ({
  kind: "fees",
  ownerRef: "coinop",
  address: custodyAddress("fees", "coinop", environment),
  allowNegative: false,
});
