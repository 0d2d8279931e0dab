import type { GameContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import { currencyOrNotFound } from "../currencies/find-currency.ts";
import { requireLinkConsent, type LinkConsentScope } from "../linking/link-consent.ts";
import { activeLinkOrNotFound } from "../linking/resolve-user-ref.ts";
import { vcPool, vcUser } from "../ledger/accounts.ts";
import { vcScope } from "./vc-scope.ts";

export type VcPartyQuery = { currencyId: string; userRef: string };

/**
 * What a VC operation on one player needs: the game's currency (404 for another game's), the player's
 * active link (404 USER_REF_NOT_FOUND otherwise), their account, the pool and the ledger scope. An
 * operation that takes units from the player passes `consent: "vc:spend"`: a link the player has not
 * approved for it is 403 LINK_NOT_APPROVED (link-consent.ts).
 * For several operations at once (group commit) in two queries, whatever their number: per operation its
 * party, or the error that operation gets.
 */
export const loadVcParties = async (ctx: GameContext, queries: VcPartyQuery[], { consent }: { consent?: LinkConsentScope } = {}) => {
  const currencyIds = [...new Set(queries.map((q) => q.currencyId))];
  // PostgreSQL text cannot hold NUL: such a reference matches no user (and must not reach the query).
  const userRefs = [...new Set(queries.map((q) => q.userRef).filter((r) => !r.includes("\u0000")))];
  const currencies = await ctx.db.virtualCurrency.findMany({
    where: { id: { in: currencyIds }, gameId: ctx.scope.gameId, environment: ctx.scope.environment },
  });
  const links = userRefs.length === 0 ? [] : await ctx.db.playerLink.findMany({ where: { userRef: { in: userRefs } } });
  const currencyOf = new Map(currencies.map((c) => [c.id, c]));
  const linkOf = new Map(links.map((l) => [l.userRef, l]));
  const namespace = { type: "game" as const, id: ctx.scope.gameId };
  return queries.map(({ currencyId, userRef }) => {
    try {
      const currency = currencyOrNotFound(currencyOf.get(currencyId), currencyId);
      const link = activeLinkOrNotFound(linkOf.get(userRef), { namespace, environment: ctx.scope.environment, userRef });
      if (consent) requireLinkConsent(link, consent);
      return {
        currency,
        player: vcUser(userRef, ctx.scope.environment),
        pool: vcPool(currency.id, ctx.scope.environment),
        scope: vcScope({ gameId: ctx.scope.gameId, environment: ctx.scope.environment, currencyId: currency.id }),
      };
    } catch (err) {
      if (err instanceof AppError) return err;
      throw err;
    }
  });
};

export type VcParty = Exclude<Awaited<ReturnType<typeof loadVcParties>>[number], AppError>;

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_CURRENCY_ERRORS } from "../currencies/find-currency.ts";
import { LINK_CONSENT_ERRORS } from "../linking/link-consent.ts";
import { RESOLVE_USER_REF_ERRORS } from "../linking/resolve-user-ref.ts";
export const LOAD_VC_PARTIES_ERRORS = [...FIND_CURRENCY_ERRORS, ...LINK_CONSENT_ERRORS, ...RESOLVE_USER_REF_ERRORS] as const satisfies readonly ErrorCode[];
