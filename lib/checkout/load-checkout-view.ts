// Server-only: the view of a checkout page, with the balances of the signed-in player (their link to the
// game). A guest sees no balance: holding a checkout link says nothing about whose balance it is, and a
// guest pays by card.
import type { SignedInPlayer } from "../auth/get-signed-in-player.ts";
import type { DbContext } from "../core/context.ts";
import { describeCheckout, type CheckoutView } from "./describe-checkout.ts";
import { loadCheckout } from "./load-checkout.ts";
import type { CheckoutRef } from "./sign-url.ts";
import { walletBalanceFor } from "./wallet-balance.ts";
import { USDC_ASSET, walletAccount } from "../ledger/accounts.ts";
import { getAccountBalance } from "../ledger/get-account-balance.ts";

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
  const view = await describeCheckout({ db }, { ref, payerUserRef: link?.userRef ?? null });
  if (!view || !player || !view.usd || !view.methods.includes("wallet")) return view;
  // the signed-in player's wallet, so the Wallet method shows its balance and whether it covers the price
  const account = walletAccount(player.playerId, checkout.environment);
  const { balance } = await getAccountBalance(db, { asset: USDC_ASSET, environment: checkout.environment, kind: account.kind, ownerRef: account.ownerRef });
  return { ...view, wallet: walletBalanceFor(balance, view.usd.final) };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { DESCRIBE_CHECKOUT_ERRORS } from "./describe-checkout.ts";
import { LOAD_CHECKOUT_ERRORS } from "./load-checkout.ts";
export const LOAD_CHECKOUT_VIEW_ERRORS = [...DESCRIBE_CHECKOUT_ERRORS, ...LOAD_CHECKOUT_ERRORS] as const satisfies readonly ErrorCode[];
