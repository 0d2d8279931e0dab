import type { CampaignContext } from "../core/context.ts";
import { microsToUsdc } from "../core/usdc.ts";

/** The campaign's event definitions, by code; payoutAmount in USDC. */
export const listEventDefinitions = async (ctx: CampaignContext) => {
  const rows = await ctx.db.campaignEventDefinition.findMany({ where: { campaignId: ctx.scope.campaignId }, orderBy: { code: "asc" } });
  return rows.map((d) => ({ code: d.code, name: d.name, payoutAmount: microsToUsdc(d.payoutMicros) }));
};
