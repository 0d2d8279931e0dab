// POST /v1/vc/purchases/{purchaseId}: debit the balance and fulfil, exactly once
import { route } from "@/lib/http/route";
import { completeVcPurchase, COMPLETE_VC_PURCHASE_ERRORS } from "@/lib/purchases/complete-vc-purchase";
import { PurchaseParams, VcPurchaseCompleted } from "@/lib/purchases/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/vc/purchases/{purchaseId}",
  summary: "Complete a virtual-currency purchase",
  tags: ["Virtual currency"],
  auth: "server",
  idempotency: "required",
  errors: COMPLETE_VC_PURCHASE_ERRORS,
  params: PurchaseParams,
  response: { status: 200, schema: VcPurchaseCompleted },
  handler: ({ ctx, params }) => completeVcPurchase(ctx, { purchaseId: params.purchaseId }),
});
