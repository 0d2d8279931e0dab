// PUT /v1/platform/campaigns/{campaignId}/stop: 202 {success, message}; Platform.Campaign.Stopped
import { route } from "@/lib/http/route";
import { requestPlatformCampaignOperation, REQUEST_PLATFORM_CAMPAIGN_OPERATION_ERRORS } from "@/lib/campaigns/request-platform-campaign-operation";
import { PlatformCampaignParams } from "@/lib/campaigns/platform-schemas";
import { Accepted } from "@/lib/campaigns/schemas";

export const PUT = route({
  method: "PUT",
  path: "/v1/platform/campaigns/{campaignId}/stop",
  summary: "Stop a started campaign (409 CAMPAIGN_NOT_STARTED otherwise); a background job completes it",
  tags: ["Platform campaigns"],
  auth: "platform",
  scope: "campaign:stop",
  targetBusiness: "campaign",
  idempotency: "required",
  errors: REQUEST_PLATFORM_CAMPAIGN_OPERATION_ERRORS,
  params: PlatformCampaignParams,
  response: { status: 202, schema: Accepted },
  handler: async ({ ctx }) => requestPlatformCampaignOperation(ctx, { action: "stop" }),
});
