// The progress of one start, stop or withdraw of a campaign, for the portal's operation panel, which polls it
// (GET /portal/{businessId}/campaigns/{campaignId}/operations/{operationId}) until the job has finished it.
import { microsToUsdc } from "../core/usdc.ts";
import { AppError } from "../core/errors.ts";
import { isUsableId } from "../platform/business-admin.ts";
import { findBusinessCampaign } from "./load-portal-campaigns.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";

export type OperationProgressView = {
  id: string;
  kind: string;
  status: string;
  requestedAt: string;
  completedAt: string | null;
  detail: string | null;
};

/** What the panel shows of an operation: a withdrawal's detail is the amount returned; a failure's, its error. */
export const operationProgressView = (o: {
  id: string;
  kind: string;
  status: string;
  createdAt: Date;
  completedAt: Date | null;
  amountUsdc: number | null;
  error: string | null;
}): OperationProgressView => ({
  id: o.id,
  kind: o.kind,
  status: o.status,
  requestedAt: o.createdAt.toISOString(),
  completedAt: o.completedAt?.toISOString() ?? null,
  detail:
    o.kind === "withdraw" && o.amountUsdc !== null
      ? `${o.amountUsdc.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 6 })} USDC returned to the business funding wallet.`
      : o.error,
});

/** campaigns:read; another business's campaign, or an operation of another campaign, is 404. */
export const loadPortalCampaignOperation = async (ctx: PortalContext, input: { businessId: string; campaignId: string; operationId: string }) => {
  await requirePortalAccess(ctx, { businessId: input.businessId, permission: "campaigns:read" });
  const campaign = await findBusinessCampaign(ctx, input);
  const op = isUsableId(input.operationId) ? await ctx.db.campaignOperation.findFirst({ where: { id: input.operationId, campaignId: campaign.id } }) : null;
  if (!op) throw new AppError("NOT_FOUND", "This operation was not found.");
  return operationProgressView({ ...op, amountUsdc: op.amountMicros === null ? null : microsToUsdc(op.amountMicros) });
};
