// POST /v1/test-helpers/checkout-grants/expire: test mode, 2 hours pass for a checkout grant
import { route } from "@/lib/http/route";
import { actOutGrantExpiry } from "@/lib/flows/act-out-checkout";
import { ExpireHelperBody, GrantJson } from "@/lib/checkout/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/test-helpers/checkout-grants/expire",
  summary: "Test mode: expire a pending checkout grant now",
  tags: ["test-helpers"],
  auth: "server",
  idempotency: "optional",
  errors: [
    "INSUFFICIENT_FUNDS",
    "PAYMENTS_NOT_CONFIGURED",
    "USER_REF_NOT_FOUND",
    "PLAYER_REQUIRED",
    "LINK_NOT_APPROVED",
    "PRODUCT_NOT_FOUND",
    "ITEM_NOT_FOR_SALE",
    "ITEM_NOT_VISIBLE",
    "PRICE_NOT_AVAILABLE",
    "INVALID_DEAL",
    "PURCHASE_NOT_FOUND",
    "PURCHASE_NOT_PENDING",
    "PURCHASE_LIMIT_REACHED",
    "INVALID_AFFILIATE_CODE",
    "CHECKOUT_NOT_FOUND",
    "CHECKOUT_EXPIRED",
    "CHECKOUT_COMPLETED",
    "GRANT_NOT_PENDING",
    "SIGN_IN_REQUIRED",
    "GRANT_PAYER_MISMATCH",
    "INVALID_EMAIL",
    "EMAIL_REQUIRED",
    "CARD_INVALID",
    "SUBSCRIPTION_ALREADY_ACTIVE",
  ],
  body: ExpireHelperBody,
  response: { status: 200, schema: GrantJson },
  handler: ({ ctx, body }) => actOutGrantExpiry(ctx, body),
});
