// PATCH /v1/platform/campaigns/{campaignId}/link-invites/{code}: change an invite; DELETE: revoke it for good
import { route } from "@/lib/http/route";
import { revokeInvite, REVOKE_INVITE_ERRORS } from "@/lib/invites/revoke-invite";
import { LinkInvite, PlatformInviteParams, UpdateInviteBody } from "@/lib/invites/schemas";
import { updateInvite, UPDATE_INVITE_ERRORS } from "@/lib/invites/update-invite";
import { linkScopeOf } from "@/lib/linking/link-scope";

const common = {
  tags: ["Platform campaigns"],
  auth: "platform" as const,
  scope: "campaign:users:link:static",
  targetBusiness: "campaign" as const,
  idempotency: "optional" as const,
  params: PlatformInviteParams,
  response: { status: 200, schema: LinkInvite },
};

export const PATCH = route({
  ...common,
  method: "PATCH",
  path: "/v1/platform/campaigns/{campaignId}/link-invites/{code}",
  summary: "Change a link invite's label, maxUses, expiresAt or status ('active' or 'paused')",
  errors: UPDATE_INVITE_ERRORS,
  body: UpdateInviteBody,
  handler: ({ ctx, params, body }) => updateInvite(ctx, { scope: linkScopeOf(ctx), code: params.code, body }),
});

export const DELETE = route({
  ...common,
  method: "DELETE",
  path: "/v1/platform/campaigns/{campaignId}/link-invites/{code}",
  summary: "Revoke a link invite permanently (revoking it again returns it unchanged)",
  errors: REVOKE_INVITE_ERRORS,
  handler: ({ ctx, params }) => revokeInvite(ctx, { scope: linkScopeOf(ctx), code: params.code }),
});
