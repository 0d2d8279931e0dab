// GET /v1/platform/business/wallet-balance: the target business's funding wallet
import { route } from "@/lib/http/route";
import { getBusinessWalletBalance, GET_BUSINESS_WALLET_BALANCE_ERRORS } from "@/lib/businesses/get-business-wallet-balance";
import { BusinessWalletBalance } from "@/lib/businesses/schemas";

export const GET = route({
  method: "GET",
  path: "/v1/platform/business/wallet-balance",
  summary: "Get the business's funding wallet address and USDC balance",
  tags: ["Businesses"],
  auth: "platform",
  scope: "business:wallet:balance",
  targetBusiness: true,
  idempotency: "none",
  errors: GET_BUSINESS_WALLET_BALANCE_ERRORS,
  response: { status: 200, schema: BusinessWalletBalance },
  handler: async ({ ctx }) => getBusinessWalletBalance(ctx),
});
