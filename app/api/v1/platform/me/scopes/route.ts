// POST /v1/platform/me/scopes: request scopes for the platform (approved at once in test; an operator approves live)
import { route } from "@/lib/http/route";
import { requestScopes } from "@/lib/platform/request-scopes";
import { ScopeRequestBody, ScopeRequestResult } from "@/lib/platform/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/platform/me/scopes",
  summary: "Request scopes for the platform",
  tags: ["Platform"],
  auth: "platform",
  scope: "platform.scope:request",
  idempotency: "required",
  body: ScopeRequestBody,
  response: { status: 200, schema: ScopeRequestResult },
  handler: async ({ ctx, body }) => requestScopes(ctx, body),
});
