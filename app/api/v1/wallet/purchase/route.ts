// POST /v1/wallet/purchase: buy an item from the player's USDC wallet, at once
import { route } from "@/lib/http/route";
import { WalletPurchaseBody, WalletPurchaseCreated } from "@/lib/purchases/schemas";
import { purchaseWithWallet, PURCHASE_WITH_WALLET_ERRORS } from "@/lib/flows/purchase-with-wallet";

export const POST = route({
  method: "POST",
  path: "/v1/wallet/purchase",
  summary: "Pay for an item from the player's wallet",
  tags: ["Wallet"],
  auth: "server",
  idempotency: "required",
  errors: PURCHASE_WITH_WALLET_ERRORS,
  body: WalletPurchaseBody,
  response: { status: 200, schema: WalletPurchaseCreated },
  handler: async ({ ctx, body }) => purchaseWithWallet(ctx, body),
});
