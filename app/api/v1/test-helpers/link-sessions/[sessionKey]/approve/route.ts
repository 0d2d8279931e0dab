// POST /v1/test-helpers/link-sessions/{sessionKey}/approve: the player signs in and approves
import { route } from "@/lib/http/route";
import { approveLinkSession, APPROVE_LINK_SESSION_ERRORS } from "@/lib/flows/approve-link-session";
import { helperBusinessOf, testLinkScopeForSession } from "@/lib/linking/link-scope";
import { ApproveLinkBody, LinkSessionDetails, SessionKeyParams } from "@/lib/linking/schemas";
import { describeLinkSession } from "@/lib/linking/serialize-link-session";

export const POST = route({
  method: "POST",
  path: "/v1/test-helpers/link-sessions/{sessionKey}/approve",
  summary: "Test mode: approve a link session as a test player (created when no account has the email)",
  description:
    "A platform key acting for a business also approves the sessions of that business's campaigns. The helper acts only as a test player of the caller's business (one a helper of that business created), never as an account a person signed up for: 403 NOT_A_TEST_PLAYER; use a fresh email or leave it out.",
  tags: ["test-helpers"],
  auth: ["server", "campaign", "platform"],
  targetBusiness: true,
  idempotency: "optional",
  errors: APPROVE_LINK_SESSION_ERRORS,
  params: SessionKeyParams,
  body: ApproveLinkBody,
  response: { status: 200, schema: LinkSessionDetails },
  handler: async ({ ctx, params, body }) =>
    describeLinkSession(ctx, {
      session: await approveLinkSession(ctx, {
        scope: await testLinkScopeForSession(ctx, params),
        sessionKey: params.sessionKey,
        email: body.email,
        name: body.name,
        testHelperOf: helperBusinessOf(ctx),
      }),
    }),
});
