// POST /v1/test-helpers/link-sessions/{sessionKey}/fail: something prevents completion
import { route } from "@/lib/http/route";
import { failLinkSession, FAIL_LINK_SESSION_ERRORS } from "@/lib/linking/fail-link-session";
import { testLinkScopeOf } from "@/lib/linking/link-scope";
import { FailLinkBody, LinkSessionDetails, SessionKeyParams } from "@/lib/linking/schemas";
import { describeLinkSession } from "@/lib/linking/serialize-link-session";

export const POST = route({
  method: "POST",
  path: "/v1/test-helpers/link-sessions/{sessionKey}/fail",
  summary: "Test mode: a link session fails (the message is sent in User.Account.Link.Failed)",
  tags: ["test-helpers"],
  auth: ["server", "campaign", "platform"],
  targetBusiness: true,
  idempotency: "optional",
  errors: FAIL_LINK_SESSION_ERRORS,
  params: SessionKeyParams,
  body: FailLinkBody,
  response: { status: 200, schema: LinkSessionDetails },
  handler: async ({ ctx, params, body }) =>
    describeLinkSession(ctx, { session: await failLinkSession(ctx, { scope: testLinkScopeOf(ctx), sessionKey: params.sessionKey, message: body.message }) }),
});
