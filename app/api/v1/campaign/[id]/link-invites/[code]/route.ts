// PATCH /v1/campaign/{id}/link-invites/{code}: change an invite; DELETE: revoke it for good
import { route } from "@/lib/http/route";
import { revokeInvite, REVOKE_INVITE_ERRORS } from "@/lib/invites/revoke-invite";
import { InviteParams, LinkInvite, UpdateInviteBody } from "@/lib/invites/schemas";
import { updateInvite, UPDATE_INVITE_ERRORS } from "@/lib/invites/update-invite";
import { linkScopeOf } from "@/lib/linking/link-scope";

export const PATCH = route({
  method: "PATCH",
  path: "/v1/campaign/{id}/link-invites/{code}",
  summary: "Change a link invite's label, maxUses, expiresAt or status ('active' or 'paused')",
  tags: ["Campaign"],
  auth: "campaign",
  idempotency: "optional",
  errors: UPDATE_INVITE_ERRORS,
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
  errors: REVOKE_INVITE_ERRORS,
  successEnvelope: true,
  params: InviteParams,
  response: { status: 200, schema: LinkInvite },
  handler: ({ ctx, params }) => revokeInvite(ctx, { scope: linkScopeOf(ctx), code: params.code }),
});
