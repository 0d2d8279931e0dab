import type { PlatformCampaignContext } from "../core/context.ts";
import { notFound } from "../core/errors.ts";
import { microsToUsdc } from "../core/usdc.ts";
import { campaignTotals } from "./get-campaign.ts";
import { serializePlatformCampaign } from "./serialize-platform-campaign.ts";

/**
 * The campaign of the path (already checked by the kernel) in the platform view, with its money from the
 * ledger in USDC: balance (what events can still pay), total funded and total paid out.
 */
export const getPlatformCampaign = async (ctx: PlatformCampaignContext) => {
  const { campaignId } = ctx.scope;
  const campaign = await ctx.db.campaign.findFirst({ where: { id: campaignId, status: { not: "deleted" } }, include: { events: true } });
  if (!campaign) throw notFound("Campaign", "CAMPAIGN_NOT_FOUND");
  const totals = await campaignTotals(ctx, { campaign });
  return {
    ...serializePlatformCampaign(campaign),
    balance: microsToUsdc(totals.balanceMicros),
    totalAmountFunded: microsToUsdc(totals.fundedMicros),
    totalAmountPaidOut: microsToUsdc(totals.paidOutMicros),
  };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const GET_PLATFORM_CAMPAIGN_ERRORS = ["CAMPAIGN_NOT_FOUND"] as const satisfies readonly ErrorCode[];
