import { inTransaction } from "../db/transaction.ts";
import type { GameContext } from "../core/context.ts";
import { AppError, notFound } from "../core/errors.ts";
import { vcAsset } from "../ledger/accounts.ts";
import { getAccountBalance } from "../ledger/get-account-balance.ts";
import { requireLinkConsent } from "../linking/link-consent.ts";
import { resolveUserRef } from "../linking/resolve-user-ref.ts";
import { completePurchase } from "./complete-purchase.ts";

/**
 * POST /v1/vc/purchases/{purchaseId}: debits the player and fulfils, exactly once. A repeated or
 * concurrent call waits for the first and answers with the same purchase and journal (newBalanceUnits
 * is then the player's current balance). Another game's purchase, or a non-VC one, is 404. A pending
 * purchase debits only while the payer's link carries the player's approval to spend VC (403
 * LINK_NOT_APPROVED, nothing changes).
 */
export const completeVcPurchase = (ctx: GameContext, { purchaseId }: { purchaseId: string }) =>
  inTransaction(ctx.db, async (tx) => {
    const found = await tx.purchase.findFirst({
      where: { id: purchaseId, gameId: ctx.scope.gameId, environment: ctx.scope.environment, paymentMethod: "vc" },
      select: { id: true, status: true, userRef: true },
    });
    if (!found) throw notFound(`Virtual-currency purchase ${JSON.stringify(purchaseId)}`, "PURCHASE_NOT_FOUND");
    // a completed purchase replays its answer; one still pending needs the consent it is about to use
    if (found.status === "pending") {
      if (!found.userRef)
        throw new AppError("PLAYER_REQUIRED", `Purchase ${found.id} has no linked payer; only its hosted checkout page can take its payment.`);
      requireLinkConsent(
        await resolveUserRef(
          { ...ctx, db: tx },
          { namespace: { type: "game", id: ctx.scope.gameId }, environment: ctx.scope.environment, userRef: found.userRef },
        ),
        "vc:spend",
      );
    }
    const p = await completePurchase({ ...ctx, db: tx }, { purchaseId, paymentProvider: "virtual_currency" });
    const { balance } = await getAccountBalance(tx, { asset: vcAsset(p.currencyId!), environment: p.environment, kind: "user", ownerRef: p.userRef! });
    return {
      data: {
        userRef: p.userRef!,
        purchaseId: p.id,
        journalId: p.journalId,
        newBalanceUnits: balance.toString(),
        purchase: { _id: p.id, status: p.status, isPaid: p.isPaid, fulfillmentStatus: p.fulfillmentStatus },
      },
    };
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { LINK_CONSENT_ERRORS } from "../linking/link-consent.ts";
import { RESOLVE_USER_REF_ERRORS } from "../linking/resolve-user-ref.ts";
import { COMPLETE_PURCHASE_ERRORS } from "./complete-purchase.ts";
export const COMPLETE_VC_PURCHASE_ERRORS = [
  "PLAYER_REQUIRED",
  "PURCHASE_NOT_FOUND",
  ...LINK_CONSENT_ERRORS,
  ...RESOLVE_USER_REF_ERRORS,
  ...COMPLETE_PURCHASE_ERRORS,
] as const satisfies readonly ErrorCode[];
