// Start, stop and withdraw from the portal: the same service as PUT /v1/campaign/{id}/start, /stop and
// POST /withdraw (requestCampaignOperation: the state table, the status change, the operation and its job),
// acting as the campaign, with the member's audit entry in the same transaction. Like the API it answers
// at once (202 there); the job finishes the operation and the page follows its progress.
import type { CampaignAction } from "../campaigns/campaign-states.ts";
import { requestCampaignOperation } from "../campaigns/request-campaign-operation.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { badRequest } from "../core/errors.ts";
import { inTransaction } from "../db/transaction.ts";
import { asCampaign } from "./helper-contexts.ts";
import { findBusinessCampaign } from "./load-portal-campaigns.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";

const ACTIONS: readonly CampaignAction[] = ["start", "stop", "withdraw"];

export const requestPortalCampaignOperation = async (ctx: PortalContext, input: { businessId: string; campaignId: string; action: string }) => {
  const member = await requirePortalAccess(ctx, { businessId: input.businessId, permission: "campaigns:write" });
  const campaign = await findBusinessCampaign(ctx, input);
  const action = input.action as CampaignAction;
  if (!ACTIONS.includes(action))
    throw badRequest("VALIDATION_ERROR", "action: must be start, stop or withdraw", [{ field: "action", message: "must be start, stop or withdraw" }]);
  return inTransaction(ctx.db, async (tx) => {
    const { operation, message } = await requestCampaignOperation(asCampaign({ db: tx }, campaign, member), { action });
    await recordAudit(
      { db: tx },
      {
        businessId: campaign.businessId,
        environment: campaign.environment,
        actor: { type: "member", email: member.email },
        action: `campaign.${action}_requested`,
        objectType: "campaign",
        objectId: campaign.id,
        details: { operationId: operation.id },
      },
    );
    return { operation, message };
  });
};
