// GET /v1/platform/campaigns/{campaignId}/users/{userRef}/wallet/balance: a campaign user's custody wallet
import { route } from "@/lib/http/route";
import { getCampaignUserWallet, GET_CAMPAIGN_USER_WALLET_ERRORS } from "@/lib/campaigns/get-campaign-user-wallet";
import { PlatformCampaignUserParams, WalletBalance } from "@/lib/campaigns/platform-schemas";

export const GET = route({
  method: "GET",
  path: "/v1/platform/campaigns/{campaignId}/users/{userRef}/wallet/balance",
  summary: "Get a campaign user's wallet address and USDC balance (the player must have approved the link)",
  tags: ["Platform campaigns"],
  auth: "platform",
  scope: "campaign:users:wallet:read",
  targetBusiness: "campaign",
  idempotency: "none",
  errors: [...GET_CAMPAIGN_USER_WALLET_ERRORS],
  params: PlatformCampaignUserParams,
  response: { status: 200, schema: WalletBalance.describe("The player's custody wallet (one per player and environment).") },
  handler: async ({ ctx, params }) => getCampaignUserWallet(ctx, { userRef: params.userRef }),
});
