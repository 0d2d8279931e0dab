// POST /v1/test-helpers/checkout-grants/expire: test mode, 2 hours pass for a checkout grant
import { route } from "@/lib/http/route";
import { actOutGrantExpiry, ACT_OUT_CHECKOUT_ERRORS } from "@/lib/flows/act-out-checkout";
import { ExpireHelperBody, GrantJson } from "@/lib/checkout/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/test-helpers/checkout-grants/expire",
  summary: "Test mode: expire a pending checkout grant now",
  tags: ["test-helpers"],
  auth: "server",
  idempotency: "optional",
  errors: ACT_OUT_CHECKOUT_ERRORS,
  body: ExpireHelperBody,
  response: { status: 200, schema: GrantJson },
  handler: ({ ctx, body }) => actOutGrantExpiry(ctx, body),
});
