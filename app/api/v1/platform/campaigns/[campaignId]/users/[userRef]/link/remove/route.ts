// POST /v1/platform/campaigns/{campaignId}/users/{userRef}/link/remove: unlink a player from the campaign
import { route } from "@/lib/http/route";
import { linkScopeOf } from "@/lib/linking/link-scope";
import { removeLink, REMOVE_LINK_ERRORS } from "@/lib/linking/remove-link";
import { PlatformCampaignLinkRemoved, PlatformCampaignUserParams } from "@/lib/linking/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/platform/campaigns/{campaignId}/users/{userRef}/link/remove",
  summary: "Unlink a player from the campaign (User.Account.Link.Removed; 404 when the reference is unknown or has no active link)",
  tags: ["Platform campaigns"],
  auth: "platform",
  scope: "campaign:users:link:remove",
  targetBusiness: "campaign",
  idempotency: "none",
  errors: REMOVE_LINK_ERRORS,
  params: PlatformCampaignUserParams,
  response: { status: 200, schema: PlatformCampaignLinkRemoved },
  handler: async ({ ctx, params }) => {
    await removeLink(ctx, { scope: linkScopeOf(ctx), userRef: params.userRef });
    return { success: true as const, message: `User ${params.userRef} is no longer linked to this campaign.` };
  },
});
