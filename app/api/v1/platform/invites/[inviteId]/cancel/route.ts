// POST /v1/platform/invites/{inviteId}/cancel: withdraw a pending invite
import { route } from "@/lib/http/route";
import { cancelInvite, CANCEL_INVITE_ERRORS } from "@/lib/platform/cancel-invite";
import { InviteParams, SuccessMessage } from "@/lib/platform/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/platform/invites/{inviteId}/cancel",
  summary: "Cancel an invite",
  tags: ["Platform"],
  auth: "platform",
  scope: "platform.invite:manage",
  idempotency: "required",
  errors: CANCEL_INVITE_ERRORS,
  params: InviteParams,
  response: { status: 200, schema: SuccessMessage },
  handler: async ({ ctx, params }) => cancelInvite(ctx, params),
});
