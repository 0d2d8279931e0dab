// POST /v1/test-helpers/invites/{inviteId}/decline: the invited business declines the platform's invite
import { route } from "@/lib/http/route";
import { actOutInviteDecision, ACT_OUT_INVITE_DECISION_ERRORS } from "@/lib/platform/act-out-invite-decision";
import { InviteParams, InviteResource } from "@/lib/platform/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/test-helpers/invites/{inviteId}/decline",
  summary: "Test mode: the business declines a platform invite",
  tags: ["test-helpers"],
  auth: "platform",
  // the scope of the routes it imitates: POST /v1/platform/invites and /v1/platform/link-sessions
  scope: "platform.invite:manage",
  idempotency: "optional",
  errors: ACT_OUT_INVITE_DECISION_ERRORS,
  params: InviteParams,
  response: { status: 200, schema: InviteResource },
  handler: async ({ ctx, params }) => actOutInviteDecision(ctx, { inviteId: params.inviteId, decision: "decline" }),
});
