import type { TargetContext } from "../core/context.ts";
import type { CampaignState } from "./campaign-states.ts";

/** The target business's campaigns in the key's environment (every campaign, whoever made it; deleted ones left out), newest first. */
export const listPlatformCampaigns = async (ctx: TargetContext) => {
  const { businessId } = ctx.scope;
  const rows = await ctx.db.campaign.findMany({
    where: { businessId, environment: ctx.scope.environment, status: { not: "deleted" } },
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
export const LIST_PLATFORM_CAMPAIGNS_ERRORS = [] as const satisfies readonly ErrorCode[];
