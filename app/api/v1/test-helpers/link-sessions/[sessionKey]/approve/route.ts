// POST /v1/test-helpers/link-sessions/{sessionKey}/approve: the player signs in and approves
import { route } from "@/lib/http/route";
import { approveLinkSession } from "@/lib/flows/approve-link-session";
import { testLinkScopeOf } from "@/lib/linking/link-scope";
import { ApproveLinkBody, LinkSessionDetails, SessionKeyParams } from "@/lib/linking/schemas";
import { describeLinkSession } from "@/lib/linking/serialize-link-session";

export const POST = route({
  method: "POST",
  path: "/v1/test-helpers/link-sessions/{sessionKey}/approve",
  summary: "Test mode: approve a link session as the player (an account is created when none exists)",
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
  params: SessionKeyParams,
  body: ApproveLinkBody,
  response: { status: 200, schema: LinkSessionDetails },
  handler: async ({ ctx, params, body }) =>
    describeLinkSession(
      ctx.db,
      await approveLinkSession(ctx.db, { scope: testLinkScopeOf(ctx), sessionKey: params.sessionKey, email: body.email, name: body.name }),
    ),
});
