// Start, stop and withdraw from the portal: the same service as PUT /v1/campaign/{id}/start, /stop and
// POST /withdraw (requestCampaignOperation: the state table, the status change, the operation and its job),
// acting as the campaign, with the member's audit entry in the same transaction. Like the API it answers
// at once (202 there); the job finishes the operation and the page follows its progress.
import { z } from "zod";
import type { CampaignAction } from "../campaigns/campaign-states.ts";
import { requestCampaignOperation } from "../campaigns/request-campaign-operation.ts";
import { badRequest } from "../core/errors.ts";
import { asCampaign } from "./helper-contexts.ts";
import { findBusinessCampaign } from "./load-portal-campaigns.ts";
import { portalCommand } from "./portal-command.ts";

const ACTIONS: readonly CampaignAction[] = ["start", "stop", "withdraw"];

export const requestPortalCampaignOperation = portalCommand({
  permission: "campaigns:write",
  load: (ctx, params: { businessId: string; campaignId: string; action: string }) => findBusinessCampaign(ctx, params),
  input: z.object({ action: z.enum(ACTIONS) }),
  // the button's own message (not the schema's), as before
  form: ({ action }) => {
    if (!ACTIONS.includes(action as CampaignAction))
      throw badRequest("VALIDATION_ERROR", "action: must be start, stop or withdraw", [{ field: "action", message: "must be start, stop or withdraw" }]);
    return { action };
  },
  run: async (ctx, { member, input: { action }, target: campaign }) => {
    const { operation, message } = await requestCampaignOperation(asCampaign(ctx, campaign, member), { action });
    return { operation, message };
  },
  audit: ({ operation }, { input: { action }, target: campaign }) => ({
    businessId: campaign.businessId,
    environment: campaign.environment,
    action: `campaign.${action}_requested`,
    objectType: "campaign",
    objectId: campaign.id,
    details: { operationId: operation.id },
  }),
});
