import type { Purchase } from "../db/generated/client.ts";
import { inTransaction } from "../db/transaction.ts";
import { AppError, conflict } from "../core/errors.ts";
import { cancelPurchase } from "../purchases/cancel-purchase.ts";
import { createCheckoutPurchase } from "../purchases/create-checkout-purchase.ts";
import { assertPayable, loadCheckout } from "./load-checkout.ts";
import { canTransitionGrant, GRANT_TRANSITIONS } from "./grant-states.ts";
import { transitionGrant } from "./transition-grant.ts";
import { resolvePayer } from "./resolve-payer.ts";
import type { CheckoutMethod } from "./schemas.ts";
import type { CheckoutRef } from "./sign-url.ts";
import type { DbContext } from "../core/context.ts";

export type StartCheckoutInput = {
  ref: CheckoutRef;
  /** with a game id, another game's checkout is 404 (the test helper) */
  gameId?: string;
  method: CheckoutMethod;
  /** vc: the payment currency */
  currencyId?: string | null;
  /** the player signed in on the page, if any: the only one who may pay with wallet or vc */
  signedInPlayerId?: string | null;
  /** a guest's email (a redirect checkout needs one to know who pays a card); ignored for wallet and vc */
  email?: string | null;
};

/**
 * The consumer starts paying: the grant becomes claimed (a claimed grant may change its method: the
 * previous pending purchase is canceled) and a pending purchase is created at a fixed price, announced
 * with Purchases.Started. Redirect checkouts carry their deal, which now falls back to the regular price
 * when it is no longer valid. The payer is decided by resolvePayer before anything is written: wallet and
 * vc only for the signed-in player (on a grant, only its own player); a card for the signed-in player,
 * else the grant's account, else the guest's email. All in one transaction under a lock on the grant or
 * session. A replaced pending card purchase is canceled, which also queues the expiry of its Stripe session.
 */
export const startCheckout = (ctx: DbContext, input: StartCheckoutInput): Promise<Purchase> =>
  inTransaction(ctx.db, async (tx) => {
    const c = await loadCheckout({ ...ctx, db: tx }, { ref: input.ref, gameId: input.gameId, lock: true });
    assertPayable(c);
    if (c.grant && !canTransitionGrant(c.grant.status, "claim")) throw conflict("GRANT_NOT_PENDING", `Checkout grant ${c.grant.id} is ${c.grant.status}.`);
    if (c.grant && GRANT_TRANSITIONS.claim.needsUnexpired && c.grant.expiresAt <= new Date())
      throw new AppError("CHECKOUT_EXPIRED", "This checkout grant has expired (grants last 2 hours); create a new one.");
    const playerId = await resolvePayer({ ...ctx, db: tx }, { ...input, checkout: c });
    if (c.purchaseId) {
      const previous = await tx.purchase.findUnique({ where: { id: c.purchaseId }, select: { status: true } });
      if (previous?.status === "pending") await cancelPurchase({ ...ctx, db: tx }, { purchaseId: c.purchaseId });
    }

    const purchase = await createCheckoutPurchase(
      { ...ctx, db: tx },
      {
        gameId: c.gameId,
        environment: c.environment,
        productId: c.productId,
        playerId,
        method: input.method,
        currencyId: input.currencyId ?? null,
        dealCode: c.dealCode,
        grant: c.grant ? { id: c.grant.id, userRef: c.grant.userRef, checkoutMetadata: c.grant.checkoutMetadata } : null,
        checkoutSessionId: c.session?.id ?? null,
      },
    );
    if (c.grant) await transitionGrant({ ...ctx, db: tx }, { id: c.grant.id, action: "claim", data: { claimedAt: new Date(), purchaseId: purchase.id } });
    else await tx.checkoutSession.update({ where: { id: c.session!.id }, data: { purchaseId: purchase.id } });
    return purchase;
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { LOAD_CHECKOUT_ERRORS } from "./load-checkout.ts";
import { RESOLVE_PAYER_ERRORS } from "./resolve-payer.ts";
import { TRANSITION_GRANT_ERRORS } from "./transition-grant.ts";
import { CANCEL_PURCHASE_ERRORS } from "../purchases/cancel-purchase.ts";
import { CREATE_CHECKOUT_PURCHASE_ERRORS } from "../purchases/create-checkout-purchase.ts";
export const START_CHECKOUT_ERRORS = [
  "CHECKOUT_EXPIRED",
  "GRANT_NOT_PENDING",
  ...LOAD_CHECKOUT_ERRORS,
  ...RESOLVE_PAYER_ERRORS,
  ...TRANSITION_GRANT_ERRORS,
  ...CANCEL_PURCHASE_ERRORS,
  ...CREATE_CHECKOUT_PURCHASE_ERRORS,
] as const satisfies readonly ErrorCode[];
