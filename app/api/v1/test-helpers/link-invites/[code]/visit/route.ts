// POST /v1/test-helpers/link-invites/{code}/visit: a visitor opens the invite URL and approves
import { route } from "@/lib/http/route";
import { InviteCodeParams, VisitInviteBody, VisitResult } from "@/lib/invites/schemas";
import { visitInvite } from "@/lib/flows/visit-invite";
import { testLinkScopeOf } from "@/lib/linking/link-scope";

export const POST = route({
  method: "POST",
  path: "/v1/test-helpers/link-invites/{code}/visit",
  summary: "Test mode: a visitor opens the invite URL, signs in and approves (counts a use)",
  tags: ["test-helpers"],
  auth: ["server", "campaign", "platform"],
  targetBusiness: true,
  idempotency: "optional",
  errors: [
    "LINK_NOT_APPROVED",
    "LINK_SESSION_NOT_FOUND",
    "LINK_SESSION_NOT_PENDING",
    "LINK_SESSION_NOT_APPROVED",
    "INVITE_NOT_FOUND",
    "INVITE_REVOKED",
    "INVITE_PAUSED",
    "INVITE_EXPIRED",
    "INVITE_USED_UP",
  ],
  params: InviteCodeParams,
  body: VisitInviteBody,
  response: { status: 200, schema: VisitResult },
  handler: ({ ctx, params, body }) => visitInvite(ctx.db, { scope: testLinkScopeOf(ctx), code: params.code, email: body.email, name: body.name }),
});
