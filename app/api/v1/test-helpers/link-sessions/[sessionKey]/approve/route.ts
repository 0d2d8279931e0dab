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
  params: SessionKeyParams,
  body: ApproveLinkBody,
  response: { status: 200, schema: LinkSessionDetails },
  handler: async ({ ctx, params, body }) =>
    describeLinkSession(
      ctx.db,
      await approveLinkSession(ctx.db, { scope: testLinkScopeOf(ctx), sessionKey: params.sessionKey, email: body.email, name: body.name }),
    ),
});
