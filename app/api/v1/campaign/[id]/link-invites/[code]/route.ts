// PATCH /v1/campaign/{id}/link-invites/{code}: change an invite; DELETE: revoke it for good
import { route } from "@/lib/http/route";
import { revokeInvite } from "@/lib/invites/revoke-invite";
import { InviteParams, LinkInvite, UpdateInviteBody } from "@/lib/invites/schemas";
import { updateInvite } from "@/lib/invites/update-invite";
import { linkScopeOf } from "@/lib/linking/link-scope";
import { USE_INVITE_ERRORS } from "@/lib/invites/errors";

export const PATCH = route({
  method: "PATCH",
  path: "/v1/campaign/{id}/link-invites/{code}",
  summary: "Change a link invite's label, maxUses, expiresAt or status ('active' or 'paused')",
  tags: ["Campaign"],
  auth: "campaign",
  idempotency: "optional",
  errors: ["LINK_SESSION_NOT_FOUND", "INVITE_REVOKED_CONFLICT", "INVITE_STATE_CONFLICT", "MAX_USES_BELOW_CURRENT_USES", ...USE_INVITE_ERRORS],
  successEnvelope: true,
  params: InviteParams,
  body: UpdateInviteBody,
  response: { status: 200, schema: LinkInvite },
  handler: ({ ctx, params, body }) => updateInvite(ctx, { scope: linkScopeOf(ctx), code: params.code, body }),
});

export const DELETE = route({
  method: "DELETE",
  path: "/v1/campaign/{id}/link-invites/{code}",
  summary: "Revoke a link invite permanently (revoking it again returns it unchanged)",
  tags: ["Campaign"],
  auth: "campaign",
  idempotency: "optional",
  errors: ["LINK_SESSION_NOT_FOUND", "INVITE_STATE_CONFLICT", ...USE_INVITE_ERRORS],
  successEnvelope: true,
  params: InviteParams,
  response: { status: 200, schema: LinkInvite },
  handler: ({ ctx, params }) => revokeInvite(ctx, { scope: linkScopeOf(ctx), code: params.code }),
});
