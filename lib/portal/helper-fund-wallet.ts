// "Fund a wallet" from the portal's test helpers: POST /v1/test-helpers/wallets/fund acted out as one of
// the business's games: the same body schema (FundWalletBody) and service (fundTestWallet: one journal from
// the test USDC mint), with the audit entry in the same transaction.
import { recordAudit } from "../audit/record-audit.ts";
import { inTransaction } from "../db/transaction.ts";
import { fundTestWallet } from "../wallet/fund-test-wallet.ts";
import { FundWalletBody } from "../wallet/schemas.ts";
import { asGame } from "./helper-contexts.ts";
import { requireTestObject } from "./helper-test-mode.ts";
import { findBusinessGame } from "./load-portal-game.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";
import { parseOrThrow } from "../http/validation.ts";

export const fundPortalWallet = async (ctx: PortalContext, input: { businessId: string; gameId: string; userRef: string; amountUsdc: string }) => {
  const member = await requirePortalAccess(ctx, { businessId: input.businessId, permission: "testhelpers:use" });
  const game = await findBusinessGame(ctx, input);
  requireTestObject(game.environment);
  const body = parseOrThrow(FundWalletBody, { userRef: input.userRef.trim(), amountUsdc: input.amountUsdc.trim() }, "body");
  return inTransaction(ctx.db, async (tx) => {
    const funded = await fundTestWallet(asGame({ db: tx }, game, member), body);
    await recordAudit(
      { db: tx },
      {
        businessId: game.businessId,
        environment: game.environment,
        actor: { type: "member", email: member.email },
        action: "test_helper.wallet_funded",
        objectType: "wallet",
        objectId: body.userRef,
        details: { gameId: game.id, amountUsdc: input.amountUsdc.trim(), balance: funded.balance },
      },
    );
    return funded;
  });
};
