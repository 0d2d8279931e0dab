// GET /v1/platform/business/users/{userRef}/wallet/balance: a business-linked player's wallet
import { route } from "@/lib/http/route";
import { getBusinessUserWallet, GET_BUSINESS_USER_WALLET_ERRORS } from "@/lib/business-users/get-business-user-wallet";
import { BusinessUserParams } from "@/lib/business-users/schemas";
import { BusinessWalletBalance } from "@/lib/businesses/schemas";

export const GET = route({
  method: "GET",
  path: "/v1/platform/business/users/{userRef}/wallet/balance",
  summary: "Get a business-linked player's wallet address and USDC balance",
  tags: ["Business users"],
  auth: "platform",
  scope: "business:users:link:read",
  targetBusiness: true,
  idempotency: "none",
  errors: GET_BUSINESS_USER_WALLET_ERRORS,
  params: BusinessUserParams,
  response: { status: 200, schema: BusinessWalletBalance.describe("The player's custody wallet (one per player and environment).") },
  handler: async ({ ctx, params }) => getBusinessUserWallet(ctx, params),
});
