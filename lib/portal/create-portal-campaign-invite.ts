// A link invite for a campaign from the portal: the same body schema and service as POST
// /v1/campaign/{id}/link-invites, acting as the campaign (its sessions' webhooks go to the campaign).
import { createInvite } from "../invites/create-invite.ts";
import { CreateInviteBody } from "../invites/schemas.ts";
import { linkScopeOf } from "../linking/link-scope.ts";
import { asCampaign } from "./helper-contexts.ts";
import { findBusinessCampaign } from "./load-portal-campaigns.ts";
import { portalCommand } from "./portal-command.ts";

/** The form's text as the API's body: an empty label is no label, an empty limit is unlimited, a limit is a number. */
const bodyOf = ({ label, maxUses }: { label: string; maxUses: string }) => ({
  label: label.trim() === "" ? null : label,
  maxUses: maxUses.trim() === "" ? null : /^\d+$/.test(maxUses.trim()) ? Number(maxUses.trim()) : maxUses,
});

export const createPortalCampaignInvite = portalCommand({
  permission: "campaigns:write",
  load: (ctx, params: { businessId: string; campaignId: string; label: string; maxUses: string }) => findBusinessCampaign(ctx, params),
  input: CreateInviteBody,
  form: bodyOf,
  run: (ctx, { member, input: body, target: campaign }) => {
    const cctx = asCampaign(ctx, campaign, member);
    return createInvite(cctx, { scope: linkScopeOf(cctx), ...body });
  },
  audit: (invite, { target: campaign }) => ({
    businessId: campaign.businessId,
    environment: campaign.environment,
    action: "link_invite.created",
    objectType: "campaign",
    objectId: campaign.id,
    details: { code: invite.code, label: invite.label ?? null, maxUses: invite.maxUses ?? null },
  }),
});
