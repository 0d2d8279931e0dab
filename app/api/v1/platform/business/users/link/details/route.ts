// GET /v1/platform/business/users/link/details: a business-level link session, with userRef once approved
import { route } from "@/lib/http/route";
import { getBusinessLinkDetails, GET_BUSINESS_LINK_DETAILS_ERRORS } from "@/lib/business-users/get-business-link-details";
import { BusinessLinkSessionDetails, LinkDetailsQuery } from "@/lib/linking/schemas";

export const GET = route({
  method: "GET",
  path: "/v1/platform/business/users/link/details",
  summary: "Get a business-level link session of the target business (userRef once approved)",
  tags: ["Business users"],
  auth: "platform",
  scope: "business:users:link:read",
  targetBusiness: true,
  idempotency: "none",
  errors: GET_BUSINESS_LINK_DETAILS_ERRORS,
  query: LinkDetailsQuery,
  response: { status: 200, schema: BusinessLinkSessionDetails },
  handler: async ({ ctx, query }) => getBusinessLinkDetails(ctx, { sessionKey: query.session }),
});
