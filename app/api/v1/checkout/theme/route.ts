// GET /v1/checkout/theme: the colours and logo of the hosted checkout for an item
import { route } from "@/lib/http/route";
import { getCheckoutTheme, GET_CHECKOUT_THEME_ERRORS } from "@/lib/checkout/get-checkout-theme";
import { CheckoutTheme, ThemeQuery } from "@/lib/checkout/schemas";

export const GET = route({
  method: "GET",
  path: "/v1/checkout/theme",
  summary: "Get the checkout theme (the game's colours and logo; store theme colours where the game has none)",
  tags: ["Checkout"],
  auth: "server",
  idempotency: "none",
  errors: GET_CHECKOUT_THEME_ERRORS,
  query: ThemeQuery,
  response: { status: 200, schema: CheckoutTheme },
  handler: ({ ctx, query }) => getCheckoutTheme(ctx, query),
});
