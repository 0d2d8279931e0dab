// GET, DELETE /v1/platform/campaigns/{campaignId}/fund-sessions/{handle}: read or cancel a campaign fund session
import { route } from "@/lib/http/route";
import { cancelFundSession, CANCEL_FUND_SESSION_ERRORS } from "@/lib/fund-sessions/cancel-fund-session";
import { getFundSession, GET_FUND_SESSION_ERRORS } from "@/lib/fund-sessions/get-fund-session";
import { CampaignFundSession, CampaignFundSessionParams, Success } from "@/lib/fund-sessions/schemas";

export const GET = route({
  method: "GET",
  path: "/v1/platform/campaigns/{campaignId}/fund-sessions/{handle}",
  summary: "Get a campaign fund session",
  description: "The handle is the sessionKey. A pending session past expiresAt reads expired.",
  tags: ["Platform campaigns"],
  auth: "platform",
  scope: "campaign:funds:read",
  targetBusiness: "campaign",
  idempotency: "none",
  errors: GET_FUND_SESSION_ERRORS,
  params: CampaignFundSessionParams,
  response: { status: 200, schema: CampaignFundSession },
  handler: async ({ ctx, params }) => getFundSession(ctx, { handle: params.handle }),
});

export const DELETE = route({
  method: "DELETE",
  path: "/v1/platform/campaigns/{campaignId}/fund-sessions/{handle}",
  summary: "Cancel a pending campaign fund session",
  tags: ["Platform campaigns"],
  auth: "platform",
  scope: "campaign:funds:create",
  targetBusiness: "campaign",
  idempotency: "none",
  errors: CANCEL_FUND_SESSION_ERRORS,
  params: CampaignFundSessionParams,
  response: { status: 200, schema: Success },
  handler: async ({ ctx, params }) => cancelFundSession(ctx, { handle: params.handle }),
});
