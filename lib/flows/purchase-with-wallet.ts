import { inTransaction } from "../db/transaction.ts";
import type { GameContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import { requireLinkConsent } from "../linking/link-consent.ts";
import { resolveUserRef } from "../linking/resolve-user-ref.ts";
import { useTestClock } from "../test-clocks/use-test-clock.ts";
import { completePurchase } from "../purchases/complete-purchase.ts";
import { createPurchase } from "../purchases/create-purchase.ts";
import type { WalletPurchaseBody } from "../purchases/schemas.ts";
import { loadPlayerWallet } from "../wallet/load-player-wallet.ts";
import { publicPayouts } from "../wallet/serialize-wallet-purchase.ts";
import { formatUsdc } from "../core/usdc.ts";

/**
 * POST /v1/wallet/purchase: buys the item from the player's USDC wallet at once (price in cents × 10 000
 * micro-USDC, deal applied), split between creator, platform (and affiliate) in one journal. The wallet
 * is the player's, shared by every game: only a link the player approved to spend from it may pay (403
 * LINK_NOT_APPROVED otherwise). A wallet that is too low is 422 INSUFFICIENT_FUNDS. Either way nothing
 * is recorded, not even a pending purchase. `testClock` (test mode): a subscription it starts lives on that clock.
 */
export const purchaseWithWallet = (ctx: GameContext, body: WalletPurchaseBody) =>
  inTransaction(ctx.db, async (tx) => {
    const time = await useTestClock({ ...ctx, db: tx }, body.testClock);
    requireLinkConsent(
      await resolveUserRef({ ...ctx, db: tx }, { namespace: { type: "game", id: ctx.scope.gameId }, environment: ctx.scope.environment, userRef: body.userId }),
      "wallet:spend",
    );
    const created = await createPurchase(
      { ...ctx, db: tx },
      {
        gameId: ctx.scope.gameId,
        environment: ctx.scope.environment,
        productId: body.itemId,
        userRef: body.userId,
        method: "wallet",
        dealCode: body.dealCode,
        affiliateCode: body.affiliateCode,
        metadata: body.metadata,
        testClockId: time.testClockId,
      },
    );
    const p = await completePurchase({ ...ctx, db: tx }, { purchaseId: created.id, paymentProvider: "wallet" }).catch(async (err: unknown) => {
      if (!(err instanceof AppError) || err.code !== "INSUFFICIENT_FUNDS") throw err;
      // The ledger names its internal account and micro-units; say it in the caller's terms.
      const w = await loadPlayerWallet({ ...ctx, db: tx }, { gameId: ctx.scope.gameId, environment: ctx.scope.environment, userRef: body.userId });
      throw new AppError(
        "INSUFFICIENT_FUNDS",
        `The wallet of ${body.userId} holds ${w.balance} USDC; this item costs ${formatUsdc(created.amount)} USDC. Top up the wallet, then try again.`,
      );
    });
    return { data: { purchaseId: p.id, distributions: publicPayouts(p.payouts) } };
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { LINK_CONSENT_ERRORS } from "../linking/link-consent.ts";
import { RESOLVE_USER_REF_ERRORS } from "../linking/resolve-user-ref.ts";
import { COMPLETE_PURCHASE_ERRORS } from "../purchases/complete-purchase.ts";
import { CREATE_PURCHASE_ERRORS } from "../purchases/create-purchase.ts";
import { LOAD_PLAYER_WALLET_ERRORS } from "../wallet/load-player-wallet.ts";
import { USE_TEST_CLOCK_ERRORS } from "../test-clocks/use-test-clock.ts";
export const PURCHASE_WITH_WALLET_ERRORS = [
  "INSUFFICIENT_FUNDS",
  ...LINK_CONSENT_ERRORS,
  ...RESOLVE_USER_REF_ERRORS,
  ...COMPLETE_PURCHASE_ERRORS,
  ...CREATE_PURCHASE_ERRORS,
  ...LOAD_PLAYER_WALLET_ERRORS,
  ...USE_TEST_CLOCK_ERRORS,
] as const satisfies readonly ErrorCode[];
