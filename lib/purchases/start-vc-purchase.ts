import { findCurrency } from "../currencies/find-currency.ts";
import { inTransaction } from "../db/transaction.ts";
import type { GameContext } from "../core/context.ts";
import { requireLinkConsent } from "../linking/link-consent.ts";
import { resolveUserRef } from "../linking/resolve-user-ref.ts";
import { useTestClock } from "../test-clocks/use-test-clock.ts";
import { createPurchase } from "./create-purchase.ts";
import type { VcPurchaseBody } from "./schemas.ts";

/**
 * POST /v1/vc/purchases: a pending purchase of an item in one of the game's virtual currencies, its
 * price (deal applied) fixed now. Nothing is debited until the complete call. Only a link the player
 * approved to spend VC may buy (403 LINK_NOT_APPROVED, nothing recorded), checked again on completion.
 * `testClock` (test mode): the subscription the completed purchase starts lives on that clock.
 */
export const startVcPurchase = (ctx: GameContext, body: VcPurchaseBody) =>
  inTransaction(ctx.db, async (tx) => {
    const time = await useTestClock({ ...ctx, db: tx }, body.testClock);
    await findCurrency({ ...ctx, db: tx }, { currencyId: body.currencyId });
    requireLinkConsent(
      await resolveUserRef({ ...ctx, db: tx }, { namespace: { type: "game", id: ctx.scope.gameId }, environment: ctx.scope.environment, userRef: body.userId }),
      "vc:spend",
    );
    const purchase = await createPurchase(
      { ...ctx, db: tx },
      {
        gameId: ctx.scope.gameId,
        environment: ctx.scope.environment,
        productId: body.itemId,
        userRef: body.userId,
        method: "vc",
        currencyId: body.currencyId,
        dealCode: body.dealCode,
        affiliateCode: body.affiliateCode,
        metadata: body.metadata,
        testClockId: time.testClockId,
      },
    );
    return { data: { purchaseId: purchase.id, currencyId: purchase.currencyId!, amountUnits: purchase.amount.toString() } };
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_CURRENCY_ERRORS } from "../currencies/find-currency.ts";
import { LINK_CONSENT_ERRORS } from "../linking/link-consent.ts";
import { RESOLVE_USER_REF_ERRORS } from "../linking/resolve-user-ref.ts";
import { CREATE_PURCHASE_ERRORS } from "./create-purchase.ts";
import { USE_TEST_CLOCK_ERRORS } from "../test-clocks/use-test-clock.ts";
export const START_VC_PURCHASE_ERRORS = [
  ...FIND_CURRENCY_ERRORS,
  ...LINK_CONSENT_ERRORS,
  ...RESOLVE_USER_REF_ERRORS,
  ...CREATE_PURCHASE_ERRORS,
  ...USE_TEST_CLOCK_ERRORS,
] as const satisfies readonly ErrorCode[];
