// POST /v1/campaign/{id}/withdraw: 202; a background job returns the whole balance to the business funding wallet
import { route } from "@/lib/http/route";
import { requestCampaignOperation, REQUEST_CAMPAIGN_OPERATION_ERRORS } from "@/lib/campaigns/request-campaign-operation";
import { Accepted, CampaignParams } from "@/lib/campaigns/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/campaign/{id}/withdraw",
  summary: "Withdraw a stopped campaign's remaining USDC to the business funding wallet (Campaign.Withdrawn on completion)",
  tags: ["Campaign"],
  auth: "campaign",
  idempotency: "optional",
  errors: REQUEST_CAMPAIGN_OPERATION_ERRORS,
  successEnvelope: true,
  params: CampaignParams,
  response: { status: 202, schema: Accepted },
  handler: async ({ ctx }) => {
    const { operation, message } = await requestCampaignOperation(ctx, { action: "withdraw" });
    return { success: true, message, operationId: operation.id };
  },
});
