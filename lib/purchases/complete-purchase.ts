import type { Purchase } from "../db/generated/client.ts";
import { inTransaction, type DbClient } from "../db/transaction.ts";
import { AppError } from "../core/errors.ts";
import { linkPlayer } from "../linking/link-player.ts";
import { resolveUserRef } from "../linking/resolve-user-ref.ts";
import { loadProduct } from "../products/load-product.ts";
import { chargePurchase } from "./charge-purchase.ts";
import { limitReached } from "./create-purchase.ts";
import { fulfilPurchase } from "./fulfil-purchase.ts";
import { lockPurchaseLimit } from "./lock-purchase-limit.ts";
import { lockPurchase } from "./lock-purchase.ts";
import { emitPurchaseEvent } from "./purchase-events.ts";
import { canTransition, PURCHASE_EVENTS } from "./purchase-states.ts";
import { purchaseNotPending, transitionPurchase } from "./transition-purchase.ts";
import type { DbContext } from "../core/context.ts";

export type CompletePurchaseInput = {
  purchaseId: string;
  /** sandbox | stripe | wallet | virtual_currency */
  paymentProvider: string;
  /** the processor's payment id (e.g. a Stripe Checkout Session id) */
  externalId?: string | null;
  /** the payer, when only known at payment time (a guest paying a checkout) */
  playerId?: string | null;
  userRef?: string | null;
  /** a card payment captured after the purchase was canceled or failed (the completeLate transition) */
  late?: boolean;
};

export { lockPurchase };

/** The payer's player id and game userRef; a player without a link to the game is linked now. */
const payerOf = async (tx: DbClient, p: Purchase, input: CompletePurchaseInput) => {
  const userRef = input.userRef ?? p.userRef;
  if (userRef)
    return {
      userRef,
      playerId: (await resolveUserRef({ db: tx }, { namespace: { type: "game", id: p.gameId }, environment: p.environment, userRef })).playerId,
    };
  const playerId = input.playerId ?? p.playerId;
  if (!playerId) throw new AppError("PLAYER_REQUIRED", "The purchase has no payer yet; pass the paying player.");
  const link = await linkPlayer({ db: tx }, { namespace: { type: "game", id: p.gameId }, environment: p.environment, playerId });
  return { userRef: link.userRef, playerId };
};

/**
 * Charges and fulfils a pending purchase exactly once, in one transaction: the purchase row is locked,
 * so a second or concurrent call waits and then returns the completed purchase unchanged. perUserLimit
 * is counted under a lock on (product, player), so concurrent purchases cannot exceed it (409
 * PURCHASE_LIMIT_REACHED, nothing charged). The money moves (chargePurchase), the item is fulfilled
 * (fulfilPurchase) and Purchases.Completed is written to the outbox, all or nothing. A failed or
 * canceled purchase cannot be completed (409 PURCHASE_NOT_PENDING), except a card payment captured late
 * (`late`, lib/flows/settle-paid-checkout.ts).
 */
export const completePurchase = (ctx: DbContext, input: CompletePurchaseInput): Promise<Purchase> =>
  inTransaction(ctx.db, async (tx) => {
    const current = await lockPurchase({ ...ctx, db: tx }, { purchaseId: input.purchaseId });
    if (current.status === "completed") return current;
    const action = input.late ? "completeLate" : "complete";
    // checked before any money moves; the write below is guarded too
    if (!canTransition(current.status, action)) throw purchaseNotPending(current.id, current.status, action);
    const payer = await payerOf(tx, current, input);
    const product = await loadProduct({ ...ctx, db: tx }, { gameId: current.gameId, environment: current.environment, productId: current.productId });
    const perUserLimit = current.renewalPeriodEnd ? null : product.perUserLimit;
    if (!(await lockPurchaseLimit({ ...ctx, db: tx }, { productId: product.id, playerId: payer.playerId, perUserLimit }))) throw limitReached(perUserLimit!);

    const paying = { ...current, ...payer, paymentProvider: input.paymentProvider };
    const journalId = await chargePurchase({ ...ctx, db: tx }, { purchase: paying });
    const fulfilment = await fulfilPurchase({ ...ctx, db: tx }, { purchase: paying, product });
    const completed = await transitionPurchase(
      { ...ctx, db: tx },
      {
        id: current.id,
        action,
        data: {
          ...payer,
          isPaid: true,
          ...(input.late ? { failureMessage: null } : {}),
          paymentProvider: input.paymentProvider,
          externalId: input.externalId ?? current.externalId,
          journalId,
          completedAt: new Date(),
          fulfillmentStatus: fulfilment.fulfillmentStatus,
          deliveredKey: fulfilment.deliveredKey ?? null,
          keyEmailStatus: fulfilment.keyEmailStatus ?? null,
          subscriptionId: fulfilment.subscriptionId ?? current.subscriptionId,
        },
      },
    );
    await emitPurchaseEvent({ ...ctx, db: tx }, { event: PURCHASE_EVENTS.completed, purchase: completed, item: product });
    return completed;
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { RESOLVE_USER_REF_ERRORS } from "../linking/resolve-user-ref.ts";
import { LOAD_PRODUCT_ERRORS } from "../products/load-product.ts";
import { CHARGE_PURCHASE_ERRORS } from "./charge-purchase.ts";
import { CREATE_PURCHASE_ERRORS } from "./create-purchase.ts";
import { FULFIL_PURCHASE_ERRORS } from "./fulfil-purchase.ts";
import { TRANSITION_PURCHASE_ERRORS } from "./transition-purchase.ts";
export const COMPLETE_PURCHASE_ERRORS = [
  "PLAYER_REQUIRED",
  "PURCHASE_NOT_FOUND",
  ...RESOLVE_USER_REF_ERRORS,
  ...LOAD_PRODUCT_ERRORS,
  ...CHARGE_PURCHASE_ERRORS,
  ...CREATE_PURCHASE_ERRORS,
  ...FULFIL_PURCHASE_ERRORS,
  ...TRANSITION_PURCHASE_ERRORS,
] as const satisfies readonly ErrorCode[];
