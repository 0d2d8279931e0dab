// POST /v1/platform/grants/{grantId}/revoke: give up a business's grant (its invites are cleared)
import { route } from "@/lib/http/route";
import { revokeGrant, REVOKE_GRANT_ERRORS } from "@/lib/platform/revoke-grant";
import { GrantParams, SuccessMessage } from "@/lib/platform/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/platform/grants/{grantId}/revoke",
  summary: "Revoke a business grant",
  tags: ["Platform"],
  auth: "platform",
  scope: "platform.grant:manage",
  idempotency: "required",
  errors: REVOKE_GRANT_ERRORS,
  params: GrantParams,
  response: { status: 200, schema: SuccessMessage },
  handler: async ({ ctx, params }) => revokeGrant(ctx, params),
});
