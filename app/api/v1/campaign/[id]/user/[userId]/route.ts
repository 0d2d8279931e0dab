// GET /v1/campaign/{id}/user/{userId}: a campaign user's link status
import { route } from "@/lib/http/route";
import { getCampaignUser, GET_CAMPAIGN_USER_ERRORS } from "@/lib/campaigns/get-campaign-user";
import { CampaignUser, CampaignUserParams } from "@/lib/campaigns/schemas";

export const GET = route({
  method: "GET",
  path: "/v1/campaign/{id}/user/{userId}",
  summary: "Get a campaign user (status linked or unlinked; 404 when the reference is unknown)",
  tags: ["Campaign"],
  auth: "campaign",
  idempotency: "none",
  errors: GET_CAMPAIGN_USER_ERRORS,
  successEnvelope: true,
  params: CampaignUserParams,
  response: { status: 200, schema: CampaignUser },
  handler: async ({ ctx, params }) => ({ success: true, data: await getCampaignUser(ctx, { userRef: params.userId }) }),
});
