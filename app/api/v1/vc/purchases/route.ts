// POST /v1/vc/purchases: start a purchase paid in virtual currency (price fixed, nothing debited yet)
import { reply, route } from "@/lib/http/route";
import { VcPurchaseBody, VcPurchaseCreated } from "@/lib/purchases/schemas";
import { startVcPurchase } from "@/lib/purchases/start-vc-purchase";

export const POST = route({
  method: "POST",
  path: "/v1/vc/purchases",
  summary: "Start a virtual-currency purchase",
  tags: ["Virtual currency"],
  auth: "server",
  idempotency: "optional",
  errors: [
    "NOT_FOUND",
    "USER_REF_NOT_FOUND",
    "PLAYER_REQUIRED",
    "LINK_NOT_APPROVED",
    "PRODUCT_NOT_FOUND",
    "ITEM_NOT_FOR_SALE",
    "ITEM_NOT_VISIBLE",
    "PRICE_NOT_AVAILABLE",
    "INVALID_DEAL",
    "CURRENCY_NOT_FOUND",
    "PURCHASE_LIMIT_REACHED",
    "INVALID_AFFILIATE_CODE",
  ],
  body: VcPurchaseBody,
  response: { status: 201, schema: VcPurchaseCreated },
  handler: async ({ ctx, body }) => reply(await startVcPurchase(ctx, body), { status: 201 }),
});
