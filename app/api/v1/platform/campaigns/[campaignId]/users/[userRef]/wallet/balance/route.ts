// GET /v1/platform/campaigns/{campaignId}/users/{userRef}/wallet/balance: a campaign user's custody wallet
import { route } from "@/lib/http/route";
import { getCampaignUserWallet } from "@/lib/campaigns/get-campaign-user-wallet";
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
  errors: ["CAMPAIGN_NOT_FOUND", "USER_REF_NOT_FOUND", "LINK_NOT_APPROVED"],
  params: PlatformCampaignUserParams,
  response: { status: 200, schema: WalletBalance.describe("The player's custody wallet (one per player and environment).") },
  handler: async ({ ctx, params }) => getCampaignUserWallet(ctx, { userRef: params.userRef }),
});
