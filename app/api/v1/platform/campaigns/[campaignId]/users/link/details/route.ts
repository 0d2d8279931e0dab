// GET /v1/platform/campaigns/{campaignId}/users/link/details: a link session of the campaign, with userRef once approved
import { route } from "@/lib/http/route";
import { getLinkSessionDetails, GET_LINK_SESSION_DETAILS_ERRORS } from "@/lib/linking/get-link-session-details";
import { linkScopeOf } from "@/lib/linking/link-scope";
import { CampaignLinkSessionDetails, LinkDetailsQuery, PlatformCampaignLinkParams } from "@/lib/linking/schemas";

export const GET = route({
  method: "GET",
  path: "/v1/platform/campaigns/{campaignId}/users/link/details",
  summary: "Get a link session of the campaign: status, prefilled email, userRef once approved (400 without the session query)",
  description: "Sessions started with the campaign key and through the platform are the same sessions; another campaign's is 404.",
  tags: ["Platform campaigns"],
  auth: "platform",
  scope: "campaign:users:link:read",
  targetBusiness: "campaign",
  idempotency: "none",
  errors: GET_LINK_SESSION_DETAILS_ERRORS,
  params: PlatformCampaignLinkParams,
  query: LinkDetailsQuery,
  response: { status: 200, schema: CampaignLinkSessionDetails },
  handler: ({ ctx, query }) => getLinkSessionDetails(ctx, { scope: linkScopeOf(ctx), sessionKey: query.session }),
});
