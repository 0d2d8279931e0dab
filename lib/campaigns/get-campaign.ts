import type { CampaignContext, DbContext } from "../core/context.ts";
import { notFound } from "../core/errors.ts";
import { USDC_ASSET } from "../ledger/accounts.ts";
import { PAYOUT_JOURNAL } from "./record-campaign-event.ts";
import type { CampaignView } from "./schemas.ts";
import { microsToUsdc } from "../core/usdc.ts";

/** The campaign's money, read from its ledger account in micro-units. */
export const campaignTotals = async (ctx: DbContext, { campaign }: { campaign: { id: string; environment: string } }) => {
  const [row] = await ctx.db.$queryRaw<{ funded: bigint; paidOut: bigint; balance: bigint }[]>`
    SELECT coalesce(sum(p."delta") FILTER (WHERE p."delta" > 0), 0)::bigint AS "funded",
           coalesce(-sum(p."delta") FILTER (WHERE j."type" = ${PAYOUT_JOURNAL}), 0)::bigint AS "paidOut",
           coalesce((SELECT sum("balance") FROM "LedgerAccount" WHERE "asset" = ${USDC_ASSET} AND "environment" = ${campaign.environment}::"Environment" AND "kind" = 'campaign' AND "ownerRef" = ${campaign.id}), 0)::bigint AS "balance"
    FROM "LedgerAccount" a
    JOIN "LedgerPosting" p ON p."accountId" = a."id"
    JOIN "LedgerJournal" j ON j."id" = p."journalId"
    WHERE a."asset" = ${USDC_ASSET} AND a."environment" = ${campaign.environment}::"Environment" AND a."kind" = 'campaign' AND a."ownerRef" = ${campaign.id}`;
  return { fundedMicros: row.funded, paidOutMicros: row.paidOut, balanceMicros: row.balance };
};

/**
 * The campaign of the key. The three totals come from the ledger, in USDC: funded is every inflow to the
 * campaign account, paid out is every event and tip payout, available is the account's balance.
 */
export const getCampaign = async (ctx: CampaignContext): Promise<CampaignView> => {
  const campaign = await ctx.db.campaign.findUnique({ where: { id: ctx.scope.campaignId } });
  if (!campaign) throw notFound("Campaign", "CAMPAIGN_NOT_FOUND");
  const totals = await campaignTotals(ctx, { campaign });
  return {
    id: campaign.id,
    name: campaign.name,
    environment: campaign.environment,
    status: campaign.status as CampaignView["status"],
    businessId: campaign.businessId,
    address: campaign.address,
    chain: campaign.chain,
    createdAt: campaign.createdAt.toISOString(),
    updatedAt: campaign.updatedAt.toISOString(),
    totalAmountFunded: microsToUsdc(totals.fundedMicros),
    totalAmountPaidOut: microsToUsdc(totals.paidOutMicros),
    availableToWithdraw: microsToUsdc(totals.balanceMicros),
  };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const GET_CAMPAIGN_ERRORS = ["CAMPAIGN_NOT_FOUND"] as const satisfies readonly ErrorCode[];
