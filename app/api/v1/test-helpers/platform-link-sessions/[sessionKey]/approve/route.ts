// POST /v1/test-helpers/platform-link-sessions/{sessionKey}/approve: a business admin approves the platform link session
import { route } from "@/lib/http/route";
import { actOutLinkDecision, ACT_OUT_LINK_DECISION_ERRORS } from "@/lib/platform/act-out-link-decision";
import { HelperBusinessBody, LinkSessionParams, PlatformLinkSessionResource } from "@/lib/platform/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/test-helpers/platform-link-sessions/{sessionKey}/approve",
  summary: "Test mode: a business admin approves a platform link session",
  tags: ["test-helpers"],
  auth: "platform",
  // the scope of the routes it imitates: POST /v1/platform/invites and /v1/platform/link-sessions
  scope: "platform.invite:manage",
  idempotency: "optional",
  errors: ACT_OUT_LINK_DECISION_ERRORS,
  params: LinkSessionParams,
  body: HelperBusinessBody,
  response: { status: 200, schema: PlatformLinkSessionResource },
  handler: async ({ ctx, params, body }) => actOutLinkDecision(ctx, { sessionKey: params.sessionKey, businessId: body.businessId, decision: "approve" }),
});
