// POST /v1/wallet/purchase: buy an item from the player's USDC wallet, at once
import { route } from "@/lib/http/route";
import { WalletPurchaseBody, WalletPurchaseCreated } from "@/lib/purchases/schemas";
import { purchaseWithWallet } from "@/lib/flows/purchase-with-wallet";

export const POST = route({
  method: "POST",
  path: "/v1/wallet/purchase",
  summary: "Pay for an item from the player's wallet",
  tags: ["Wallet"],
  auth: "server",
  idempotency: "required",
  errors: [
    "NOT_FOUND",
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
  body: WalletPurchaseBody,
  response: { status: 200, schema: WalletPurchaseCreated },
  handler: async ({ ctx, body }) => purchaseWithWallet(ctx, body),
});
