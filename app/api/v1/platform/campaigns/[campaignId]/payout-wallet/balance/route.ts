// GET /v1/platform/campaigns/{campaignId}/payout-wallet/balance: the wallet the campaign's business pays out from
import { route } from "@/lib/http/route";
import { getBusinessWalletBalance, GET_BUSINESS_WALLET_BALANCE_ERRORS } from "@/lib/businesses/get-business-wallet-balance";
import { PlatformCampaignParams, WalletBalance } from "@/lib/campaigns/platform-schemas";

export const GET = route({
  method: "GET",
  path: "/v1/platform/campaigns/{campaignId}/payout-wallet/balance",
  summary: "Get the payout wallet of the campaign's business (its funding wallet) and its USDC balance",
  description:
    "A business has one payout wallet per environment, its funding wallet: campaign withdrawals and deletions return to it. The address exists before any money does.",
  tags: ["Platform campaigns"],
  auth: "platform",
  scope: "campaign:payout-wallet:balance",
  targetBusiness: "campaign",
  idempotency: "none",
  errors: GET_BUSINESS_WALLET_BALANCE_ERRORS,
  params: PlatformCampaignParams,
  response: { status: 200, schema: WalletBalance },
  handler: async ({ ctx }) => getBusinessWalletBalance(ctx),
});
