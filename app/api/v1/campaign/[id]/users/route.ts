// GET /v1/campaign/{id}/users: the campaign's actively linked users, by page
import { route } from "@/lib/http/route";
import { listCampaignUsers } from "@/lib/campaigns/list-campaign-users";
import { CampaignParams, CampaignUserList, UsersQuery } from "@/lib/campaigns/schemas";

export const GET = route({
  method: "GET",
  path: "/v1/campaign/{id}/users",
  summary: "List the campaign's linked users, most recently linked first (limit at most 100)",
  tags: ["Campaign"],
  auth: "campaign",
  idempotency: "none",
  successEnvelope: true,
  params: CampaignParams,
  query: UsersQuery,
  response: { status: 200, schema: CampaignUserList },
  handler: ({ ctx, query }) => listCampaignUsers(ctx, query),
});
