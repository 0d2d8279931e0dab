import type { TxContext } from "../db/transaction.ts";
import type { GameContext } from "../core/context.ts";
import { findCurrency } from "../currencies/find-currency.ts";
import { requireLinkConsent, type LinkConsentScope } from "../linking/link-consent.ts";
import { resolveUserRef } from "../linking/resolve-user-ref.ts";
import { vcPool, vcScope, vcUser } from "../ledger/accounts.ts";

/**
 * What a VC operation on one player needs: the game's currency (404 for another game's), the player's
 * active link (404 USER_REF_NOT_FOUND otherwise), their account, the pool and the ledger scope. An
 * operation that takes units from the player passes `consent: "vc:spend"`: a link the player has not
 * approved for it is 403 LINK_NOT_APPROVED (link-consent.ts).
 */
export const loadVcParty = async (
  ctx: GameContext & TxContext,
  { currencyId, userRef, consent }: { currencyId: string; userRef: string; consent?: LinkConsentScope },
) => {
  const currency = await findCurrency(ctx, { currencyId });
  const link = await resolveUserRef(ctx, { namespace: { type: "game", id: ctx.principal.gameId }, environment: ctx.environment, userRef });
  if (consent) requireLinkConsent(link, consent);
  return {
    currency,
    player: vcUser(userRef, ctx.environment),
    pool: vcPool(currency.id, ctx.environment),
    scope: vcScope({ gameId: ctx.principal.gameId, environment: ctx.environment, currencyId: currency.id }),
  };
};
