// POST /v1/test-helpers/link-invites/{code}/visit: a visitor opens the invite URL and approves
import { route } from "@/lib/http/route";
import { InviteCodeParams, VisitInviteBody, VisitResult } from "@/lib/invites/schemas";
import { visitInvite, VISIT_INVITE_ERRORS } from "@/lib/flows/visit-invite";
import { helperBusinessOf, testLinkScopeForInvite } from "@/lib/linking/link-scope";

export const POST = route({
  method: "POST",
  path: "/v1/test-helpers/link-invites/{code}/visit",
  summary: "Test mode: a visitor opens the invite URL, signs in and approves (counts a use)",
  description: "A platform key acting for a business also visits the invites of that business's campaigns.",
  tags: ["test-helpers"],
  auth: ["server", "campaign", "platform"],
  targetBusiness: true,
  idempotency: "optional",
  errors: VISIT_INVITE_ERRORS,
  params: InviteCodeParams,
  body: VisitInviteBody,
  response: { status: 200, schema: VisitResult },
  handler: async ({ ctx, params, body }) =>
    visitInvite(ctx, {
      scope: await testLinkScopeForInvite(ctx, params),
      code: params.code,
      email: body.email,
      name: body.name,
      testHelperOf: helperBusinessOf(ctx),
    }),
});
