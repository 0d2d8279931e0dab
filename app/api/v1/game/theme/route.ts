// PUT /v1/game/theme: saves the game's checkout theme, refused when its text would not be readable (WCAG
// AA). Not in the spec (GET /v1/checkout/theme reads it): docs/decisions/hosted-pages.md
import { route } from "@/lib/http/route";
import { setCheckoutTheme, SET_CHECKOUT_THEME_ERRORS } from "@/lib/checkout/set-checkout-theme";
import { CheckoutTheme, ThemeBody } from "@/lib/checkout/schemas";

export const PUT = route({
  method: "PUT",
  path: "/v1/game/theme",
  summary: "Save the game's checkout theme (refused below WCAG AA contrast)",
  description:
    "Replaces the theme of the key's game. A field left out falls back to the store theme. Every text colour is checked against the card and the page background, and each button's text against the button: a pair below 4.5:1 is 400 THEME_CONTRAST_TOO_LOW naming the pair, its colours and its ratio, and nothing is saved. Answers the theme the hosted checkout now paints.",
  tags: ["Game"],
  auth: "server",
  idempotency: "optional",
  errors: SET_CHECKOUT_THEME_ERRORS,
  body: ThemeBody,
  response: { status: 200, schema: CheckoutTheme },
  handler: ({ ctx, body }) => setCheckoutTheme(ctx, body),
});
