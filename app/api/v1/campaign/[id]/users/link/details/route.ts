// GET /v1/campaign/{id}/users/link/details: a campaign link session, with userRef once approved
import { route } from "@/lib/http/route";
import { CampaignParams } from "@/lib/campaigns/schemas";
import { getLinkSessionDetails, GET_LINK_SESSION_DETAILS_ERRORS } from "@/lib/linking/get-link-session-details";
import { linkScopeOf } from "@/lib/linking/link-scope";
import { CampaignLinkSessionDetails, LinkDetailsQuery } from "@/lib/linking/schemas";

export const GET = route({
  method: "GET",
  path: "/v1/campaign/{id}/users/link/details",
  summary: "Get a link session of this campaign (400 without the session query, 404 when unknown)",
  tags: ["Campaign"],
  auth: "campaign",
  idempotency: "none",
  errors: GET_LINK_SESSION_DETAILS_ERRORS,
  successEnvelope: true,
  params: CampaignParams,
  query: LinkDetailsQuery,
  response: { status: 200, schema: CampaignLinkSessionDetails },
  handler: ({ ctx, query }) => getLinkSessionDetails(ctx, { scope: linkScopeOf(ctx), sessionKey: query.session }),
});
