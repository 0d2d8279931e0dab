// The going-live gate (issue 28): until an operator approves a business's activation, nothing live can be
// created or used for it. One rule, read from two places: the services that create live things (games,
// campaigns, keys) call assertLiveAllowed inside their transaction; authentication (lib/http/authenticate.ts)
// reads the business's status in the query that loads the key and calls refuseUnactivated. Test mode is
// never gated. docs/decisions/going-live-gate.md lists every path and the choices.
//
// It lives in lib/tenants (which imports only core, config and db) so that every domain that creates live
// things, and the kernel, can import it without a folder cycle (lib/activation may grow imports of
// lib/businesses, which imports lib/tenants and lib/platform).
import { Prisma } from "../db/generated/client.ts";
import type { DbContext } from "../core/context.ts";
import type { Environment } from "../core/environment.ts";
import { AppError } from "../core/errors.ts";

/**
 * Whether a business in this activation status may create or use anything live: only "approved"
 * (lib/activation/activation-states.ts `isActivated`, the same rule; assert-live-allowed.test.ts checks that
 * the two agree for every status).
 */
export const liveAllowedFor = (kybStatus: string | null | undefined): boolean => kybStatus === "approved";

/**
 * The 403 for a business that is not approved: what is refused, and where to apply (paths on this instance, the
 * host the caller already talks to: short enough for a form's error on a phone).
 */
export const businessNotActivated = (businessId: string, kybStatus?: string | null): AppError => {
  const id = encodeURIComponent(businessId);
  const pages = `in the portal (/portal/${id}/activation) or on the business's verification page (links.kyb, /business/${id}/verification)`;
  const where =
    kybStatus === "pending"
      ? "Its application to go live is in review; live works once an operator approves it."
      : kybStatus === "rejected"
        ? "Its application to go live was rejected; it stays in test mode."
        : kybStatus === "action_required"
          ? `An operator asked for changes to its application: an owner or admin sees what to fix ${pages}, then submits again.`
          : `An owner or admin applies to go live ${pages}; live works once an operator approves it.`;
  return new AppError(
    "BUSINESS_NOT_ACTIVATED",
    `Business ${businessId} is not approved to go live: nothing live can be created or used for it. ${where} Test mode works meanwhile.`,
  );
};

/**
 * The check for what authentication already loaded (no query): a live call for a business whose status is not
 * "approved" is refused; test calls pass.
 */
export const refuseUnactivated = ({
  environment,
  businessId,
  kybStatus,
}: {
  environment: Environment;
  businessId: string;
  kybStatus: string | null | undefined;
}): void => {
  if (environment === "live" && !liveAllowedFor(kybStatus)) throw businessNotActivated(businessId, kybStatus);
};

/** Who the live thing belongs to: the business itself, or the game, campaign or platform (its owner) whose business it is. */
export type LiveOwner = { businessId: string } | { gameId: string } | { campaignId: string } | { platformId: string };

/** The business row behind `owner`, locked FOR SHARE (an approval cannot change under a creation in flight). */
const ownerBusiness = (ctx: DbContext, owner: LiveOwner) => {
  const sql =
    "businessId" in owner
      ? Prisma.sql`SELECT b."id", b."kybStatus" FROM "Business" b WHERE b."id" = ${owner.businessId} FOR SHARE OF b`
      : "gameId" in owner
        ? Prisma.sql`SELECT b."id", b."kybStatus" FROM "Business" b JOIN "Game" g ON g."businessId" = b."id" WHERE g."id" = ${owner.gameId} FOR SHARE OF b`
        : "campaignId" in owner
          ? Prisma.sql`SELECT b."id", b."kybStatus" FROM "Business" b JOIN "Campaign" c ON c."businessId" = b."id" WHERE c."id" = ${owner.campaignId} FOR SHARE OF b`
          : Prisma.sql`SELECT b."id", b."kybStatus" FROM "Business" b JOIN "Platform" p ON p."ownerBusinessId" = b."id" WHERE p."id" = ${owner.platformId} FOR SHARE OF b`;
  return ctx.db.$queryRaw<{ id: string; kybStatus: string }[]>(sql);
};

/**
 * Refuses to create anything live for a business that is not approved (403 BUSINESS_NOT_ACTIVATED); a no-op in
 * test. Call it inside the transaction that creates the thing: the business row is read FOR SHARE, so the
 * decision holds until the creation commits. A platform with no owner business (made by a script, or before platforms were
 * registered in the portal) is instance-level and not gated here; a live platform acting
 * for a business is gated by that business at authentication.
 */
export const assertLiveAllowed = async (ctx: DbContext, input: { environment: Environment } & LiveOwner): Promise<void> => {
  if (input.environment !== "live") return;
  const [business] = await ownerBusiness(ctx, input);
  if (!business) {
    if ("platformId" in input) return; // an ownerless platform
    // a game or campaign that does not exist has no business to approve it: refused, whatever the caller does next
    throw businessNotActivated("businessId" in input ? input.businessId : "(unknown)");
  }
  refuseUnactivated({ environment: input.environment, businessId: business.id, kybStatus: business.kybStatus });
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const ASSERT_LIVE_ALLOWED_ERRORS = ["BUSINESS_NOT_ACTIVATED"] as const satisfies readonly ErrorCode[];
