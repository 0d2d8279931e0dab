// POST /v1/checkout/grants: a signed, one-time checkout URL a consumer can pay without signing in
import { reply, route } from "@/lib/http/route";
import { createCheckoutGrant, CREATE_GRANT_ERRORS } from "@/lib/checkout/create-grant";
import { GrantBody, GrantCreated } from "@/lib/checkout/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/checkout/grants",
  summary: "Create a checkout grant (valid 2 hours)",
  tags: ["Checkout"],
  auth: "server",
  idempotency: "required",
  errors: CREATE_GRANT_ERRORS,
  body: GrantBody,
  response: { status: 201, schema: GrantCreated },
  handler: async ({ ctx, body }) => reply(await createCheckoutGrant(ctx, body), { status: 201 }),
});
