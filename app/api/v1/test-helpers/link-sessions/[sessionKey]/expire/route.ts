// POST /v1/test-helpers/link-sessions/{sessionKey}/expire: 24 hours pass
import { route } from "@/lib/http/route";
import { expireLinkSession, EXPIRE_LINK_SESSION_ERRORS } from "@/lib/linking/expire-link-session";
import { testLinkScopeOf } from "@/lib/linking/link-scope";
import { LinkSessionDetails, SessionKeyParams } from "@/lib/linking/schemas";
import { describeLinkSession } from "@/lib/linking/serialize-link-session";

export const POST = route({
  method: "POST",
  path: "/v1/test-helpers/link-sessions/{sessionKey}/expire",
  summary: "Test mode: a pending link session reaches the end of its 24-hour lifetime",
  tags: ["test-helpers"],
  auth: ["server", "campaign", "platform"],
  targetBusiness: true,
  idempotency: "optional",
  errors: EXPIRE_LINK_SESSION_ERRORS,
  params: SessionKeyParams,
  response: { status: 200, schema: LinkSessionDetails },
  handler: async ({ ctx, params }) =>
    describeLinkSession(ctx, { session: await expireLinkSession(ctx, { scope: testLinkScopeOf(ctx), sessionKey: params.sessionKey }) }),
});
