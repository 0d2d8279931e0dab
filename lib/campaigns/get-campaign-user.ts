import type { CampaignContext } from "../core/context.ts";
import { findCampaignUser } from "./find-campaign-user.ts";

/** A campaign user's link status: 'linked' while the link is active, 'unlinked' once removed; unknown is a 404. */
export const getCampaignUser = async (ctx: CampaignContext, { userRef }: { userRef: string }) => {
  const link = await findCampaignUser(ctx, { userRef });
  return {
    campaignId: link.namespaceId,
    userId: link.userRef,
    status: link.status === "active" ? ("linked" as const) : ("unlinked" as const),
    environment: link.environment,
  };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_CAMPAIGN_USER_ERRORS } from "./find-campaign-user.ts";
export const GET_CAMPAIGN_USER_ERRORS = [...FIND_CAMPAIGN_USER_ERRORS] as const satisfies readonly ErrorCode[];
