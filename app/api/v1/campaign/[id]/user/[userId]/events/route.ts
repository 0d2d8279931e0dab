// GET /v1/campaign/{id}/user/{userId}/events: a campaign user's paid events, by limit and offset
import { route } from "@/lib/http/route";
import { listCampaignUserTransactions, LIST_CAMPAIGN_USER_TRANSACTIONS_ERRORS } from "@/lib/campaigns/list-campaign-user-transactions";
import { CampaignUserParams, CampaignUserTransactions, OffsetQuery } from "@/lib/campaigns/schemas";

export const GET = route({
  method: "GET",
  path: "/v1/campaign/{id}/user/{userId}/events",
  summary: "List a campaign user's event history, newest first (payoutAmount in USDC)",
  tags: ["Campaign"],
  auth: "campaign",
  idempotency: "none",
  errors: LIST_CAMPAIGN_USER_TRANSACTIONS_ERRORS,
  successEnvelope: true,
  params: CampaignUserParams,
  query: OffsetQuery,
  response: { status: 200, schema: CampaignUserTransactions },
  handler: async ({ ctx, params, query }) => ({ success: true, data: await listCampaignUserTransactions(ctx, { userRef: params.userId, ...query }) }),
});
