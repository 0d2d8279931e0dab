// GET /v1/platform/business/users/link/details: a business-level link session, with userRef once approved
import { route } from "@/lib/http/route";
import { getBusinessLinkDetails } from "@/lib/business-users/get-business-link-details";
import { BusinessLinkSessionDetails, LinkDetailsQuery } from "@/lib/linking/schemas";
import { LINK_SESSION_ERRORS } from "@/lib/linking/errors";

export const GET = route({
  method: "GET",
  path: "/v1/platform/business/users/link/details",
  summary: "Get a business-level link session of the target business (userRef once approved)",
  tags: ["Business users"],
  auth: "platform",
  scope: "business:users:link:read",
  targetBusiness: true,
  idempotency: "none",
  errors: LINK_SESSION_ERRORS,
  query: LinkDetailsQuery,
  response: { status: 200, schema: BusinessLinkSessionDetails },
  handler: async ({ ctx, query }) => getBusinessLinkDetails(ctx, { sessionKey: query.session }),
});
