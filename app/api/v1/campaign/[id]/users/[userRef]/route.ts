// DELETE /v1/campaign/{id}/users/{userRef}: remove a user's link (User.Account.Link.Removed)
import { route } from "@/lib/http/route";
import { CampaignUserRefParams, Removed } from "@/lib/campaigns/schemas";
import { linkScopeOf } from "@/lib/linking/link-scope";
import { removeLink, REMOVE_LINK_ERRORS } from "@/lib/linking/remove-link";

export const DELETE = route({
  method: "DELETE",
  path: "/v1/campaign/{id}/users/{userRef}",
  summary: "Remove a campaign user's link (404 when the reference is unknown or has no active link)",
  tags: ["Campaign"],
  auth: "campaign",
  idempotency: "none",
  errors: REMOVE_LINK_ERRORS,
  successEnvelope: true,
  params: CampaignUserRefParams,
  response: { status: 200, schema: Removed },
  handler: async ({ ctx, params }) => {
    await removeLink(ctx, { scope: linkScopeOf(ctx), userRef: params.userRef });
    return { success: true as const };
  },
});
