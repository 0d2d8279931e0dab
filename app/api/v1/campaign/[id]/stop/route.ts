// PUT /v1/campaign/{id}/stop: 202; the status changes now, Campaign.Stopped follows from the background job
import { route } from "@/lib/http/route";
import { requestCampaignOperation, REQUEST_CAMPAIGN_OPERATION_ERRORS } from "@/lib/campaigns/request-campaign-operation";
import { Accepted, CampaignParams } from "@/lib/campaigns/schemas";

export const PUT = route({
  method: "PUT",
  path: "/v1/campaign/{id}/stop",
  summary: "Stop the campaign (409 when the lifecycle does not allow it)",
  tags: ["Campaign"],
  auth: "campaign",
  idempotency: "optional",
  errors: REQUEST_CAMPAIGN_OPERATION_ERRORS,
  successEnvelope: true,
  params: CampaignParams,
  response: { status: 202, schema: Accepted },
  handler: async ({ ctx }) => {
    const { operation, message } = await requestCampaignOperation(ctx, { action: "stop" });
    return { success: true, message, operationId: operation.id };
  },
});
