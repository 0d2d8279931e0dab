// GET /v1/platform/campaigns/{campaignId}: the campaign with its balance
// PATCH /v1/platform/campaigns/{campaignId}: change name, publicName, message, events, webhookUrl (Platform.Campaign.Updated)
// DELETE /v1/platform/campaigns/{campaignId}: delete a created or stopped campaign (204; Platform.Campaign.Deleted)
import { reply, route } from "@/lib/http/route";
import { deletePlatformCampaign, DELETE_PLATFORM_CAMPAIGN_ERRORS } from "@/lib/campaigns/delete-platform-campaign";
import { getPlatformCampaign, GET_PLATFORM_CAMPAIGN_ERRORS } from "@/lib/campaigns/get-platform-campaign";
import { updatePlatformCampaign, UPDATE_PLATFORM_CAMPAIGN_ERRORS } from "@/lib/campaigns/update-platform-campaign";
import { PlatformCampaign, PlatformCampaignDetails, PlatformCampaignParams, UpdatePlatformCampaignBody } from "@/lib/campaigns/platform-schemas";

export const GET = route({
  method: "GET",
  path: "/v1/platform/campaigns/{campaignId}",
  summary: "Get a campaign: status, events, webhook, and its balance and totals in USDC",
  tags: ["Platform campaigns"],
  auth: "platform",
  scope: "campaign:read",
  targetBusiness: "campaign",
  idempotency: "none",
  errors: GET_PLATFORM_CAMPAIGN_ERRORS,
  params: PlatformCampaignParams,
  response: { status: 200, schema: PlatformCampaignDetails },
  handler: async ({ ctx }) => getPlatformCampaign(ctx),
});

export const PATCH = route({
  method: "PATCH",
  path: "/v1/platform/campaigns/{campaignId}",
  summary: "Change a campaign; events replaces the list; webhookUrl null clears it, a new URL gets a new webhookSecret",
  tags: ["Platform campaigns"],
  auth: "platform",
  scope: "campaign:update",
  targetBusiness: "campaign",
  idempotency: "required",
  errors: UPDATE_PLATFORM_CAMPAIGN_ERRORS,
  params: PlatformCampaignParams,
  body: UpdatePlatformCampaignBody,
  response: { status: 200, schema: PlatformCampaign },
  handler: async ({ ctx, body }) => updatePlatformCampaign(ctx, body),
});

export const DELETE = route({
  method: "DELETE",
  path: "/v1/platform/campaigns/{campaignId}",
  summary: "Delete a created or stopped campaign; its remaining balance returns to the business funding wallet",
  tags: ["Platform campaigns"],
  auth: "platform",
  scope: "campaign:delete",
  targetBusiness: "campaign",
  idempotency: "none",
  errors: DELETE_PLATFORM_CAMPAIGN_ERRORS,
  params: PlatformCampaignParams,
  response: { status: 204 },
  handler: async ({ ctx }) => {
    await deletePlatformCampaign(ctx);
    return reply(null, { status: 204 });
  },
});
