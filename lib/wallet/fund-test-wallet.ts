import { inTransaction } from "../db/transaction.ts";
import type { GameContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import { testUsdcMint, USDC_ASSET } from "../ledger/accounts.ts";
import { transfer } from "../ledger/transfer.ts";
import { loadPlayerWallet } from "./load-player-wallet.ts";
import type { FundWalletBody } from "./schemas.ts";
import { formatUsdc } from "../core/usdc.ts";

/** Test mode: the player tops up their wallet with test USDC (one journal from the test USDC mint). Live keys get 404. */
export const fundTestWallet = (ctx: GameContext, body: FundWalletBody) =>
  inTransaction(ctx.db, async (tx) => {
    if (ctx.scope.environment !== "test") throw new AppError("NOT_FOUND", "Test helpers exist only for test-environment keys.");
    const wallet = await loadPlayerWallet({ ...ctx, db: tx }, { gameId: ctx.scope.gameId, environment: ctx.scope.environment, userRef: body.userRef });
    const game = await tx.game.findUniqueOrThrow({ where: { id: ctx.scope.gameId }, select: { businessId: true } });
    const posted = await transfer(tx, {
      asset: USDC_ASSET,
      environment: ctx.scope.environment,
      tenantId: game.businessId,
      type: "test_wallet_fund",
      reference: body.userRef,
      metadata: { userRef: body.userRef, gameId: ctx.scope.gameId },
      from: testUsdcMint(ctx.scope.environment),
      to: wallet.account,
      amount: body.amountUsdc,
      description: `Test USDC top-up of ${formatUsdc(body.amountUsdc)}`,
      unitLabel: "USDC micro-units",
    });
    const balance = posted.accounts.find((a) => a.kind === wallet.account.kind && a.ownerRef === wallet.account.ownerRef)!.balance;
    return { userRef: body.userRef, address: wallet.address, balance: formatUsdc(balance) };
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { TRANSFER_ERRORS } from "../ledger/transfer.ts";
import { LOAD_PLAYER_WALLET_ERRORS } from "./load-player-wallet.ts";
export const FUND_TEST_WALLET_ERRORS = ["NOT_FOUND", ...TRANSFER_ERRORS, ...LOAD_PLAYER_WALLET_ERRORS] as const satisfies readonly ErrorCode[];
