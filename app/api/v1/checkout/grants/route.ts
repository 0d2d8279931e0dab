// POST /v1/checkout/grants: a signed, one-time checkout URL a consumer can pay without signing in
import { reply, route } from "@/lib/http/route";
import { createCheckoutGrant } from "@/lib/checkout/create-grant";
import { GrantBody, GrantCreated } from "@/lib/checkout/schemas";
import { OPEN_CHECKOUT_ERRORS } from "@/lib/checkout/errors";

export const POST = route({
  method: "POST",
  path: "/v1/checkout/grants",
  summary: "Create a checkout grant (valid 2 hours)",
  tags: ["Checkout"],
  auth: "server",
  idempotency: "required",
  errors: ["NOT_FOUND", "INVALID_USER_REF", "LINK_NOT_APPROVED", "METADATA_INVALID", "CUSTOM_MESSAGE_INVALID", ...OPEN_CHECKOUT_ERRORS],
  body: GrantBody,
  response: { status: 201, schema: GrantCreated },
  handler: async ({ ctx, body }) => reply(await createCheckoutGrant(ctx, body), { status: 201 }),
});
