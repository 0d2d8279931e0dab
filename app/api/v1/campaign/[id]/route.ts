// GET /v1/campaign/{id}: the key's campaign with its USDC totals, read from the ledger
import { route } from "@/lib/http/route";
import { getCampaign, GET_CAMPAIGN_ERRORS } from "@/lib/campaigns/get-campaign";
import { CampaignParams, CampaignResponse } from "@/lib/campaigns/schemas";

export const GET = route({
  method: "GET",
  path: "/v1/campaign/{id}",
  summary: "Get the campaign: status, custody address and totals (numbers of USDC: 5.5 = 5.5 USDC)",
  tags: ["Campaign"],
  auth: "campaign",
  idempotency: "none",
  errors: GET_CAMPAIGN_ERRORS,
  successEnvelope: true,
  params: CampaignParams,
  response: { status: 200, schema: CampaignResponse },
  handler: async ({ ctx }) => ({ success: true, campaign: await getCampaign(ctx) }),
});
