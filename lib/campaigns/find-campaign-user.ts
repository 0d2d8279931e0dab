import type { CampaignContext } from "../core/context.ts";
import { notFound } from "../core/errors.ts";

/**
 * A userRef of the key's campaign, active or removed (its history outlives the link). A reference that
 * is unknown, of another campaign or of another environment is a 404.
 */
export const findCampaignUser = async (ctx: CampaignContext, { userRef }: { userRef: string }) => {
  // PostgreSQL text cannot hold NUL: such a reference matches no user (and must not reach the query).
  const link = userRef.includes("\u0000") ? null : await ctx.db.playerLink.findUnique({ where: { userRef } });
  if (!link || link.namespaceType !== "campaign" || link.namespaceId !== ctx.scope.campaignId || link.environment !== ctx.scope.environment)
    throw notFound(`User ${JSON.stringify(userRef)}`, "USER_REF_NOT_FOUND");
  return link;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const FIND_CAMPAIGN_USER_ERRORS = ["USER_REF_NOT_FOUND"] as const satisfies readonly ErrorCode[];
