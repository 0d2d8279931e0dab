// GET /v1/users/{userRef}/purchases/{purchaseId}: one purchase of the player
import { route } from "@/lib/http/route";
import { PurchaseJson } from "@/lib/purchases/serialize-purchase";
import { getUserPurchase, LIST_USER_PURCHASES_ERRORS } from "@/lib/users/list-user-purchases";
import { UserPurchaseParams } from "@/lib/users/schemas";

export const GET = route({
  method: "GET",
  path: "/v1/users/{userRef}/purchases/{purchaseId}",
  summary: "Get one of a user's purchases",
  tags: ["Users"],
  auth: "server",
  idempotency: "none",
  errors: LIST_USER_PURCHASES_ERRORS,
  params: UserPurchaseParams,
  response: { status: 200, schema: PurchaseJson },
  handler: ({ ctx, params }) => getUserPurchase(ctx, { userRef: params.userRef, purchaseId: params.purchaseId }),
});
