// GET /v1/platform/campaigns/{campaignId}/users: the campaign's linked users, by page
import { route } from "@/lib/http/route";
import { listCampaignUsers } from "@/lib/campaigns/list-campaign-users";
import { PlatformCampaignParams, PlatformCampaignUsersQuery } from "@/lib/campaigns/platform-schemas";
import { CampaignUserList } from "@/lib/campaigns/schemas";

export const GET = route({
  method: "GET",
  path: "/v1/platform/campaigns/{campaignId}/users",
  summary: "List the campaign's linked users, most recently linked first (page default 1, limit default 20, at most 100)",
  tags: ["Platform campaigns"],
  auth: "platform",
  scope: "campaign:users:link:read",
  targetBusiness: "campaign",
  idempotency: "none",
  params: PlatformCampaignParams,
  query: PlatformCampaignUsersQuery,
  response: { status: 200, schema: CampaignUserList },
  handler: async ({ ctx, query }) => listCampaignUsers(ctx, query),
});
