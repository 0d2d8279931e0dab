// "Fund a wallet" from the portal's test helpers: POST /v1/test-helpers/wallets/fund acted out as one of
// the business's games: the same body schema (FundWalletBody) and service (fundTestWallet: one journal from
// the test USDC mint), with the audit entry in the same transaction.
import { fundTestWallet } from "../wallet/fund-test-wallet.ts";
import { FundWalletBody } from "../wallet/schemas.ts";
import { asGame } from "./helper-contexts.ts";
import { requireTestObject } from "./helper-test-mode.ts";
import { findBusinessGame } from "./load-portal-game.ts";
import { portalCommand } from "./portal-command.ts";

export const fundPortalWallet = portalCommand({
  permission: "testhelpers:use",
  load: async (ctx, params: { businessId: string; gameId: string; userRef: string; amountUsdc: string }) => {
    const game = await findBusinessGame(ctx, params);
    requireTestObject(game.environment);
    return game;
  },
  input: FundWalletBody,
  form: ({ userRef, amountUsdc }) => ({ userRef: userRef.trim(), amountUsdc: amountUsdc.trim() }),
  run: (ctx, { member, input: body, target: game }) => fundTestWallet(asGame(ctx, game, member), body),
  audit: (funded, { params, input: body, target: game }) => ({
    businessId: game.businessId,
    environment: game.environment,
    action: "test_helper.wallet_funded",
    objectType: "wallet",
    objectId: body.userRef,
    details: { gameId: game.id, amountUsdc: params.amountUsdc.trim(), balance: funded.balance },
  }),
});
