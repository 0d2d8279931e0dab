import type { PlatformContext } from "../core/context.ts";
import { targetBusinessOf } from "../businesses/target-business.ts";
import type { CampaignState } from "./campaign-states.ts";

/** The target business's campaigns in the key's environment (every campaign, whoever made it; deleted ones left out), newest first. */
export const listPlatformCampaigns = async (ctx: PlatformContext) => {
  const { businessId } = targetBusinessOf(ctx);
  const rows = await ctx.db.campaign.findMany({
    where: { businessId, environment: ctx.environment, status: { not: "deleted" } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return {
    campaigns: rows.map((c) => ({
      campaignId: c.id,
      name: c.name,
      publicName: c.publicName,
      environment: c.environment,
      status: c.status as CampaignState,
      createdAt: c.createdAt.toISOString(),
    })),
    total: rows.length,
  };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { TARGET_BUSINESS_ERRORS } from "../businesses/target-business.ts";
export const LIST_PLATFORM_CAMPAIGNS_ERRORS = [...TARGET_BUSINESS_ERRORS] as const satisfies readonly ErrorCode[];
