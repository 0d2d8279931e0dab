// POST /v1/test-helpers/link-sessions/{sessionKey}/cancel: the player backs out
import { route } from "@/lib/http/route";
import { cancelLinkSession, CANCEL_LINK_SESSION_ERRORS } from "@/lib/linking/cancel-link-session";
import { testLinkScopeOf } from "@/lib/linking/link-scope";
import { LinkSessionDetails, SessionKeyParams } from "@/lib/linking/schemas";
import { describeLinkSession } from "@/lib/linking/serialize-link-session";

export const POST = route({
  method: "POST",
  path: "/v1/test-helpers/link-sessions/{sessionKey}/cancel",
  summary: "Test mode: the player backs out of a link session",
  tags: ["test-helpers"],
  auth: ["server", "campaign", "platform"],
  targetBusiness: true,
  idempotency: "optional",
  errors: CANCEL_LINK_SESSION_ERRORS,
  params: SessionKeyParams,
  response: { status: 200, schema: LinkSessionDetails },
  handler: async ({ ctx, params }) =>
    describeLinkSession(ctx, { session: await cancelLinkSession(ctx, { scope: testLinkScopeOf(ctx), sessionKey: params.sessionKey }) }),
});
