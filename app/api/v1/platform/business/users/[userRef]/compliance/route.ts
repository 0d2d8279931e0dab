// GET /v1/platform/business/users/{userRef}/compliance: a business-linked player's compliance status
import { route } from "@/lib/http/route";
import { getBusinessUserCompliance, GET_BUSINESS_USER_COMPLIANCE_ERRORS } from "@/lib/business-users/get-business-user-compliance";
import { BusinessUserParams, ComplianceView } from "@/lib/business-users/schemas";

export const GET = route({
  method: "GET",
  path: "/v1/platform/business/users/{userRef}/compliance",
  summary: "Get a business-linked player's compliance (KYC) status, with kycUrl unless approved",
  tags: ["Business users"],
  auth: "platform",
  scope: "business:users:link:read",
  targetBusiness: true,
  idempotency: "none",
  errors: GET_BUSINESS_USER_COMPLIANCE_ERRORS,
  params: BusinessUserParams,
  response: { status: 200, schema: ComplianceView },
  handler: async ({ ctx, params }) => getBusinessUserCompliance(ctx, params),
});
