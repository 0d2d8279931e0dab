// GET /v1/platform/campaigns: the target business's campaigns
// POST /v1/platform/campaigns: create a campaign for the target business (Platform.Campaign.Created)
import { appBaseUrl } from "@/lib/config/settings";
import { reply, route } from "@/lib/http/route";
import { createPlatformCampaign, CREATE_PLATFORM_CAMPAIGN_ERRORS } from "@/lib/campaigns/create-platform-campaign";
import { listPlatformCampaigns, LIST_PLATFORM_CAMPAIGNS_ERRORS } from "@/lib/campaigns/list-platform-campaigns";
import { CreatePlatformCampaignBody, PlatformCampaign, PlatformCampaignList } from "@/lib/campaigns/platform-schemas";

export const GET = route({
  method: "GET",
  path: "/v1/platform/campaigns",
  summary: "List the business's campaigns in the key's environment (deleted ones left out), newest first",
  tags: ["Platform campaigns"],
  auth: "platform",
  scope: "campaign:read",
  targetBusiness: true,
  idempotency: "none",
  errors: LIST_PLATFORM_CAMPAIGNS_ERRORS,
  response: { status: 200, schema: PlatformCampaignList },
  handler: async ({ ctx }) => listPlatformCampaigns(ctx),
});

export const POST = route({
  method: "POST",
  path: "/v1/platform/campaigns",
  summary: "Create a campaign (state created); a webhookUrl must be https and gets its own webhookSecret",
  description:
    "Amounts are numbers of USDC (5 = 5 USDC, at most 6 decimals). The campaign lives in the key's environment; its custody address receives the funding. The Location header is the campaign's URL.",
  tags: ["Platform campaigns"],
  auth: "platform",
  scope: "campaign:create",
  targetBusiness: true,
  idempotency: "required",
  errors: CREATE_PLATFORM_CAMPAIGN_ERRORS,
  body: CreatePlatformCampaignBody,
  response: { status: 201, schema: PlatformCampaign, location: true },
  handler: async ({ ctx, body }) => {
    const campaign = await createPlatformCampaign(ctx, body);
    return reply(campaign, { status: 201, headers: { location: `${appBaseUrl()}/api/v1/platform/campaigns/${encodeURIComponent(campaign.campaignId)}` } });
  },
});
