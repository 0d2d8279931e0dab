// GET /v1/checkout/redirect: a hosted checkout URL for an item, answered as the redirect to issue
import { route } from "@/lib/http/route";
import { createCheckoutRedirect, CREATE_REDIRECT_ERRORS } from "@/lib/checkout/create-redirect";
import { RedirectQuery, RedirectResponse } from "@/lib/checkout/schemas";

export const GET = route({
  method: "GET",
  path: "/v1/checkout/redirect",
  summary: "Open a hosted checkout for an item: answers {status 302, headers {Location}, body {url}} as JSON",
  tags: ["Checkout"],
  auth: "server",
  idempotency: "none",
  errors: CREATE_REDIRECT_ERRORS,
  query: RedirectQuery,
  response: { status: 200, schema: RedirectResponse },
  handler: ({ ctx, query }) => createCheckoutRedirect(ctx, query),
});
