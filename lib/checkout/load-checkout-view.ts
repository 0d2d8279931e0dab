// Server-only: the view of a checkout page, with the balances of the signed-in player (their link to the
// game). A guest sees no balance: holding a checkout link says nothing about whose balance it is, and a
// guest pays by card.
import type { SignedInPlayer } from "../auth/get-signed-in-player.ts";
import type { DbContext } from "../core/context.ts";
import { describeCheckout, type CheckoutView } from "./describe-checkout.ts";
import { loadCheckout } from "./load-checkout.ts";
import type { CheckoutRef } from "./sign-url.ts";

export const loadCheckoutView = async (
  { db }: DbContext,
  { ref, player }: { ref: CheckoutRef; player: SignedInPlayer | null },
): Promise<CheckoutView | null> => {
  const checkout = await loadCheckout({ db }, { ref }).catch(() => null);
  if (!checkout) return null;
  const link = player
    ? await db.playerLink.findFirst({
        where: { namespaceType: "game", namespaceId: checkout.gameId, environment: checkout.environment, playerId: player.playerId, status: "active" },
      })
    : null;
  return describeCheckout({ db }, { ref, payerUserRef: link?.userRef ?? null });
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { DESCRIBE_CHECKOUT_ERRORS } from "./describe-checkout.ts";
import { LOAD_CHECKOUT_ERRORS } from "./load-checkout.ts";
export const LOAD_CHECKOUT_VIEW_ERRORS = [...DESCRIBE_CHECKOUT_ERRORS, ...LOAD_CHECKOUT_ERRORS] as const satisfies readonly ErrorCode[];
