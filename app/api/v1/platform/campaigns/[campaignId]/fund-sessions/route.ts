// POST /v1/platform/campaigns/{campaignId}/fund-sessions: a hosted page where a payer funds the campaign
import { reply, route } from "@/lib/http/route";
import { createCampaignFundSession, CREATE_CAMPAIGN_FUND_SESSION_ERRORS } from "@/lib/fund-sessions/create-campaign-fund-session";
import { fundSessionCreated } from "@/lib/fund-sessions/serialize-fund-session";
import { CampaignIdParams, CreateCampaignFundSessionBody, FundSessionCreated } from "@/lib/fund-sessions/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/platform/campaigns/{campaignId}/fund-sessions",
  summary: "Create a campaign fund session (201 new; 200 for the pending session of the same Idempotency-Key)",
  description: "Send the payer to url: they choose the amount and pay. The session expires after 1 hour.",
  tags: ["Platform campaigns"],
  auth: "platform",
  scope: "campaign:funds:create",
  targetBusiness: "campaign",
  // the service dedupes on the Idempotency-Key: a repeat while the session is pending returns it with 200
  idempotency: "service",
  errors: CREATE_CAMPAIGN_FUND_SESSION_ERRORS,
  params: CampaignIdParams,
  body: CreateCampaignFundSessionBody,
  response: {
    status: 201,
    schema: FundSessionCreated,
    description: "New session; the Location header is its url",
    location: true,
    alternate: { status: 200, description: "The pending session of the same Idempotency-Key" },
  },
  handler: async ({ ctx, body }) => {
    const { session, created } = await createCampaignFundSession(ctx, body);
    const out = fundSessionCreated(session);
    return reply(out, created ? { status: 201, headers: { location: out.url } } : { status: 200, replayed: true });
  },
});
