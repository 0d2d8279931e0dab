// POST /v1/platform/business: create a business (members, address, a grant to the calling platform)
// GET /v1/platform/business: the target business's details
import { reply, route } from "@/lib/http/route";
import { createPlatformBusiness, CREATE_PLATFORM_BUSINESS_ERRORS } from "@/lib/businesses/create-platform-business";
import { getBusinessDetails, GET_BUSINESS_DETAILS_ERRORS } from "@/lib/businesses/get-business-details";
import { BusinessCreated, BusinessDetails, CreateBusinessBody } from "@/lib/businesses/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/platform/business",
  summary: "Create a business, its members and a grant to your platform",
  description:
    "The business lives in the key's environment. Members without an account are placeholders until someone signs up with the email and verifies it. The grant holds grantScopes (default: every business scope) kept where your platform is approved for them. The Location header is the business's home page (links.home).",
  tags: ["Businesses"],
  auth: "platform",
  scope: "business:create",
  idempotency: "required",
  errors: CREATE_PLATFORM_BUSINESS_ERRORS,
  body: CreateBusinessBody,
  response: { status: 201, schema: BusinessCreated, location: true },
  handler: async ({ ctx, body }) => {
    const created = await createPlatformBusiness(ctx, body);
    return reply(created, { status: 201, headers: { location: created.links.home } });
  },
});

export const GET = route({
  method: "GET",
  path: "/v1/platform/business",
  summary: "Get the target business: name, address, verification status, members, your grant and its pages",
  tags: ["Businesses"],
  auth: "platform",
  scope: "business:read",
  targetBusiness: true,
  // the business's details, with its verificationStatus, stay readable while it is not approved to go live
  beforeActivation: true,
  idempotency: "none",
  errors: GET_BUSINESS_DETAILS_ERRORS,
  response: { status: 200, schema: BusinessDetails },
  handler: async ({ ctx }) => getBusinessDetails(ctx),
});
