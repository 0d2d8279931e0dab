// POST /v1/test-helpers/compliance/{userRef}: a compliance review moves a business-linked player to a status
import { route } from "@/lib/http/route";
import { setBusinessUserCompliance, SET_BUSINESS_USER_COMPLIANCE_ERRORS } from "@/lib/business-users/set-business-user-compliance";
import { BusinessUserParams, ComplianceView, SetComplianceBody } from "@/lib/business-users/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/test-helpers/compliance/{userRef}",
  summary: "Test mode: move a business-linked player's compliance to a status",
  tags: ["test-helpers"],
  auth: "platform",
  targetBusiness: true,
  idempotency: "optional",
  errors: SET_BUSINESS_USER_COMPLIANCE_ERRORS,
  params: BusinessUserParams,
  body: SetComplianceBody,
  response: { status: 200, schema: ComplianceView },
  handler: async ({ ctx, params, body }) => setBusinessUserCompliance(ctx, { userRef: params.userRef, status: body.status }),
});
