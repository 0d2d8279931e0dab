import type { GameContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import { Prisma } from "../db/generated/client.ts";
import { queryPrepared } from "../db/prepared.ts";
import { currencyOrNotFound } from "../currencies/find-currency.ts";
import { requireLinkConsent, type LinkConsentScope } from "../linking/link-consent.ts";
import { activeLinkOrNotFound } from "../linking/resolve-user-ref.ts";
import { vcPool, vcUser } from "../ledger/accounts.ts";
import { vcScope } from "./vc-scope.ts";

export type VcPartyQuery = { currencyId: string; userRef: string };

/** What a VC operation reads of the currency: its id, and its cashout rate. */
type PartyCurrency = { id: string; baseUnitsPerVcUnit: string };
/** What a VC operation reads of the player's link: where it belongs, whether it is active, its consent. */
type PartyLink = {
  userRef: string;
  namespaceType: string;
  namespaceId: string;
  environment: string;
  status: string;
  approvedAt: Date | null;
  approvalScopes: string[];
};

/**
 * The game's currencies among `currencyIds` and the links of `userRefs`, in one statement (a named prepared
 * statement outside a transaction, lib/db/prepared.ts): each as a JSON array, so their number does not change
 * the statement's text. (A timestamp in JSON is its UTC wall time, without a zone.)
 */
const partiesSql = (scope: GameContext["scope"], currencyIds: string[], userRefs: string[]) => Prisma.sql`
  SELECT
    (SELECT coalesce(json_agg(json_build_object('id', c."id", 'baseUnitsPerVcUnit', c."baseUnitsPerVcUnit")), '[]'::json)
     FROM "VirtualCurrency" c
     WHERE c."id" = ANY(${currencyIds}::text[]) AND c."gameId" = ${scope.gameId} AND c."environment" = ${scope.environment}::"Environment") AS currencies,
    (SELECT coalesce(json_agg(json_build_object('userRef', l."userRef", 'namespaceType', l."namespaceType", 'namespaceId', l."namespaceId",
                                                'environment', l."environment", 'status', l."status", 'approvedAt', l."approvedAt",
                                                'approvalScopes', l."approvalScopes")), '[]'::json)
     FROM "PlayerLink" l
     WHERE l."userRef" = ANY(${userRefs}::text[])) AS links`;

/**
 * What a VC operation on one player needs: the game's currency (404 for another game's), the player's
 * active link (404 USER_REF_NOT_FOUND otherwise), their account, the pool and the ledger scope. An
 * operation that takes units from the player passes `consent: "vc:spend"`: a link the player has not
 * approved for it is 403 LINK_NOT_APPROVED (link-consent.ts).
 * For several operations at once (group commit) in one query, whatever their number: per operation its
 * party, or the error that operation gets.
 */
export const loadVcParties = async (ctx: GameContext, queries: VcPartyQuery[], { consent }: { consent?: LinkConsentScope } = {}) => {
  const currencyIds = [...new Set(queries.map((q) => q.currencyId))];
  // PostgreSQL text cannot hold NUL: such a reference matches no user (and must not reach the query).
  const userRefs = [...new Set(queries.map((q) => q.userRef).filter((r) => !r.includes("\u0000")))];
  const [{ currencies, links }] = await queryPrepared<{
    currencies: PartyCurrency[];
    links: (Omit<PartyLink, "approvedAt"> & { approvedAt: string | null })[];
  }>(ctx.db, partiesSql(ctx.scope, currencyIds, userRefs));
  const currencyOf = new Map(currencies.map((c) => [c.id, c]));
  const linkOf = new Map(links.map((l) => [l.userRef, { ...l, approvedAt: l.approvedAt === null ? null : new Date(`${l.approvedAt}Z`) }]));
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
