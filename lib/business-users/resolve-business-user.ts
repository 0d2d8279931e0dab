import type { TargetContext } from "../core/context.ts";
import { AppError, notFound } from "../core/errors.ts";

/** Business-level references: `obu_` + 24 hex in live, `obu_test_` + 24 hex in test (lib/linking/link-player.ts makes them). */
export const BUSINESS_USER_REF_PREFIX = "obu_";

/**
 * The player link behind a business-level reference of the target business, with its player. A reference
 * that does not begin with obu_ is 400 INVALID_USER_REF; one of another business or environment, or no
 * reference at all, is 404 USER_REF_NOT_FOUND; a reference of this business whose link was removed is
 * 404 LINK_NOT_FOUND (platform-api.md Errors).
 */
export const resolveBusinessUser = async (ctx: TargetContext, userRef: string) => {
  if (!userRef.startsWith(BUSINESS_USER_REF_PREFIX))
    throw new AppError(
      "INVALID_USER_REF",
      `${JSON.stringify(userRef.slice(0, 64))} is not a business-level userRef: those begin with obu_ (obu_test_ in test). Use the userRef from the link details or the users list.`,
    );
  const { businessId } = ctx.scope;
  // PostgreSQL text cannot hold NUL: such a reference matches no user (and must not reach the query).
  const link = userRef.includes("\u0000") ? null : await ctx.db.playerLink.findUnique({ where: { userRef }, include: { player: true } });
  if (!link || link.namespaceType !== "business" || link.namespaceId !== businessId || link.environment !== ctx.scope.environment)
    throw notFound(`User ${JSON.stringify(userRef)}`, "USER_REF_NOT_FOUND");
  if (link.status !== "active")
    throw new AppError(
      "LINK_NOT_FOUND",
      `User ${JSON.stringify(userRef)} has no active link to this business: it was removed. Link the player again (POST /v1/platform/business/users/link/initiate).`,
    );
  return link;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const RESOLVE_BUSINESS_USER_ERRORS = ["INVALID_USER_REF", "LINK_NOT_FOUND", "USER_REF_NOT_FOUND"] as const satisfies readonly ErrorCode[];
