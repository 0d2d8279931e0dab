// The campaigns page (/portal/{businessId}/campaigns): the business's campaigns of one environment with
// their status and money (the same ledger totals as GET /v1/campaign/{id}), payouts and linked players.
import { AppError } from "../core/errors.ts";
import type { Environment } from "../core/environment.ts";
import { microsToUsdc } from "../core/usdc.ts";
import { campaignTotals } from "../campaigns/get-campaign.ts";
import { isUsableId } from "../platform/business-admin.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";

/** A campaign of the business (not deleted); another business's, or an unknown id, is 404 CAMPAIGN_NOT_FOUND. */
export const findBusinessCampaign = async (ctx: PortalContext, { businessId, campaignId }: { businessId: string; campaignId: string }) => {
  const campaign = isUsableId(campaignId)
    ? await ctx.db.campaign.findFirst({ where: { id: campaignId, businessId, status: { not: "deleted" }, deletedAt: null } })
    : null;
  if (!campaign) throw new AppError("CAMPAIGN_NOT_FOUND", "This campaign was not found.");
  return campaign;
};

export type PortalCampaignSummary = {
  id: string;
  name: string;
  status: string;
  environment: Environment;
  totalAmountFunded: number;
  totalAmountPaidOut: number;
  availableToWithdraw: number;
  payouts: number;
  linkedPlayers: number;
  pendingOperation: string | null;
  createdAt: Date;
};

export const loadPortalCampaigns = async (ctx: PortalContext, { businessId, environment }: { businessId: string; environment: Environment }) => {
  const member = await requirePortalAccess(ctx, { businessId, permission: "campaigns:read" });
  const rows = await ctx.db.campaign.findMany({
    where: { businessId, environment, status: { not: "deleted" }, deletedAt: null },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 100,
  });
  const campaigns: PortalCampaignSummary[] = await Promise.all(
    rows.map(async (c) => {
      const [totals, payouts, linkedPlayers, pending] = await Promise.all([
        campaignTotals(ctx, { campaign: c }),
        ctx.db.campaignTransaction.count({ where: { campaignId: c.id } }),
        ctx.db.playerLink.count({ where: { namespaceType: "campaign", namespaceId: c.id, environment: c.environment, status: "active" } }),
        ctx.db.campaignOperation.findFirst({ where: { campaignId: c.id, status: "pending" }, select: { kind: true } }),
      ]);
      return {
        id: c.id,
        name: c.name,
        status: c.status,
        environment: c.environment,
        totalAmountFunded: microsToUsdc(totals.fundedMicros),
        totalAmountPaidOut: microsToUsdc(totals.paidOutMicros),
        availableToWithdraw: microsToUsdc(totals.balanceMicros),
        payouts,
        linkedPlayers,
        pendingOperation: pending?.kind ?? null,
        createdAt: c.createdAt,
      };
    }),
  );
  return { member, campaigns };
};
