// POST /v1/checkout/grants: a signed, one-time checkout URL a consumer can pay without signing in
import { reply, route } from "@/lib/http/route";
import { createCheckoutGrant } from "@/lib/checkout/create-grant";
import { GrantBody, GrantCreated } from "@/lib/checkout/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/checkout/grants",
  summary: "Create a checkout grant (valid 2 hours)",
  tags: ["Checkout"],
  auth: "server",
  idempotency: "required",
  errors: [
    "NOT_FOUND",
    "INVALID_USER_REF",
    "LINK_NOT_APPROVED",
    "PRODUCT_NOT_FOUND",
    "ITEM_NOT_FOR_SALE",
    "ITEM_NOT_VISIBLE",
    "ITEM_NOT_VISIBLE_GONE",
    "ITEM_OF_ANOTHER_GAME",
    "GAME_MISMATCH",
    "METADATA_INVALID",
    "CUSTOM_MESSAGE_INVALID",
  ],
  body: GrantBody,
  response: { status: 201, schema: GrantCreated },
  handler: async ({ ctx, body }) => reply(await createCheckoutGrant(ctx, body), { status: 201 }),
});
