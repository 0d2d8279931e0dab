// GET /v1/wallet/purchase/{purchaseId}: a wallet purchase with its fee and payouts
import { z } from "zod";
import { route } from "@/lib/http/route";
import { PurchaseParams, WalletPurchase } from "@/lib/purchases/schemas";
import { getWalletPurchase, GET_WALLET_PURCHASE_ERRORS } from "@/lib/wallet/get-wallet-purchase";

export const GET = route({
  method: "GET",
  path: "/v1/wallet/purchase/{purchaseId}",
  summary: "Get a wallet purchase",
  tags: ["Wallet"],
  auth: "server",
  idempotency: "none",
  errors: GET_WALLET_PURCHASE_ERRORS,
  params: PurchaseParams,
  response: { status: 200, schema: z.object({ data: WalletPurchase }) },
  handler: ({ ctx, params }) => getWalletPurchase(ctx, { purchaseId: params.purchaseId }),
});
