// A platform acting on one campaign, seen through the campaign-key services.
import type { CampaignContext, PlatformContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";

/**
 * The campaign-key view of a platform call on `/v1/platform/campaigns/{campaignId}/...`: the kernel has
 * already checked that the campaign exists in the key's environment, belongs to the target business and that
 * the business granted the platform access, so the campaign services (users, events, linking, invites) run
 * unchanged on it. The request id and Idempotency-Key travel along.
 */
export const campaignViewOf = (ctx: PlatformContext): CampaignContext => {
  const { campaignId, businessId, keyId } = ctx.principal;
  if (!campaignId || !businessId) throw new AppError("CAMPAIGN_NOT_FOUND", "This route needs a campaign id in its path.");
  return { ...ctx, principal: { kind: "campaign", keyId, campaignId, businessId } };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const CAMPAIGN_VIEW_OF_ERRORS = ["CAMPAIGN_NOT_FOUND"] as const satisfies readonly ErrorCode[];
