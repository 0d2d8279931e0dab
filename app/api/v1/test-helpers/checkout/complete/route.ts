// POST /v1/test-helpers/checkout/complete: test mode, the consumer pays on the hosted checkout page
import { route } from "@/lib/http/route";
import { actOutCheckout, ACT_OUT_CHECKOUT_ERRORS } from "@/lib/flows/act-out-checkout";
import { CheckoutHelperResult, CompleteHelperBody } from "@/lib/checkout/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/test-helpers/checkout/complete",
  summary: "Test mode: pay (or decline, or cancel) a checkout URL as the hosted page would",
  tags: ["test-helpers"],
  auth: "server",
  idempotency: "optional",
  errors: ACT_OUT_CHECKOUT_ERRORS,
  body: CompleteHelperBody,
  response: { status: 200, schema: CheckoutHelperResult },
  handler: ({ ctx, body }) => actOutCheckout(ctx, body),
});
