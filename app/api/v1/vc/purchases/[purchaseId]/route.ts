// POST /v1/vc/purchases/{purchaseId}: debit the balance and fulfil, exactly once
import { route } from "@/lib/http/route";
import { completeVcPurchase } from "@/lib/purchases/complete-vc-purchase";
import { PurchaseParams, VcPurchaseCompleted } from "@/lib/purchases/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/vc/purchases/{purchaseId}",
  summary: "Complete a virtual-currency purchase",
  tags: ["Virtual currency"],
  auth: "server",
  idempotency: "required",
  errors: [
    "INSUFFICIENT_FUNDS",
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
    "SUBSCRIPTION_ALREADY_ACTIVE",
  ],
  params: PurchaseParams,
  response: { status: 200, schema: VcPurchaseCompleted },
  handler: ({ ctx, params }) => completeVcPurchase(ctx, params.purchaseId),
});
