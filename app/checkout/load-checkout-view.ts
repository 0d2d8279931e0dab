// Server-only: the view of a checkout page, with the balances of the signed-in player (their link to the
// game). A guest sees no balance: holding a checkout link says nothing about whose balance it is, and a
// guest pays by card.
import type { SignedInPlayer } from "@/lib/auth/get-signed-in-player";
import { getDb } from "@/lib/db/client";
import { describeCheckout } from "@/lib/checkout/describe-checkout";
import { loadCheckout } from "@/lib/checkout/load-checkout";
import type { CheckoutRef } from "@/lib/checkout/sign-url";

export const loadCheckoutView = async (ref: CheckoutRef, player: SignedInPlayer | null) => {
  const db = getDb();
  const checkout = await loadCheckout(db, ref).catch(() => null);
  if (!checkout) return null;
  const link = player
    ? await db.playerLink.findFirst({ where: { namespaceType: "game", namespaceId: checkout.gameId, environment: checkout.environment, playerId: player.playerId, status: "active" } })
    : null;
  return describeCheckout(db, ref, { payerUserRef: link?.userRef ?? null });
};
