// One campaign in the portal (/portal/{businessId}/campaigns/{campaignId}): what GET /v1/campaign/{id},
// /users and /link-invites answer a campaign key (the same services, acting as the campaign), plus its
// recent payouts and its start, stop and withdraw operations with their progress.
import { getCampaign } from "../campaigns/get-campaign.ts";
import { listCampaignUsers } from "../campaigns/list-campaign-users.ts";
import { microsToUsdc } from "../core/usdc.ts";
import { listInvites } from "../invites/list-invites.ts";
import { linkScopeOf } from "../linking/link-scope.ts";
import { asCampaign } from "./helper-contexts.ts";
import { findBusinessCampaign } from "./load-portal-campaigns.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";

export type PortalCampaignOperation = {
  id: string;
  kind: string;
  status: string;
  createdAt: Date;
  completedAt: Date | null;
  amountUsdc: number | null;
  error: string | null;
};

export const loadPortalCampaign = async (ctx: PortalContext, input: { businessId: string; campaignId: string }) => {
  const member = await requirePortalAccess(ctx, { businessId: input.businessId, permission: "campaigns:read" });
  const row = await findBusinessCampaign(ctx, input);
  const cctx = asCampaign(ctx, row, member);
  const [campaign, users, invites, payouts, payoutCount, operations] = await Promise.all([
    getCampaign(cctx),
    listCampaignUsers(cctx, { page: 1, limit: 50 }),
    listInvites(cctx, { scope: linkScopeOf(cctx), includeRevoked: true }),
    ctx.db.campaignTransaction.findMany({ where: { campaignId: row.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 20 }),
    ctx.db.campaignTransaction.count({ where: { campaignId: row.id } }),
    ctx.db.campaignOperation.findMany({ where: { campaignId: row.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 10 }),
  ]);
  return {
    member,
    campaign,
    users,
    invites: invites.invites,
    payouts: payouts.map((p) => ({
      id: p.id,
      userRef: p.userRef,
      eventCode: p.eventCode,
      eventName: p.eventName,
      amountUsdc: microsToUsdc(p.payoutMicros),
      transactionHash: p.transactionHash,
      createdAt: p.createdAt,
    })),
    payoutCount,
    operations: operations.map((o): PortalCampaignOperation => ({
      id: o.id,
      kind: o.kind,
      status: o.status,
      createdAt: o.createdAt,
      completedAt: o.completedAt,
      amountUsdc: o.amountMicros === null ? null : microsToUsdc(o.amountMicros),
      error: o.error,
    })),
  };
};
