// A link invite for a campaign from the portal: the same body schema and service as POST
// /v1/campaign/{id}/link-invites, acting as the campaign (its sessions' webhooks go to the campaign).
import { recordAudit } from "../audit/record-audit.ts";
import { inTransaction } from "../db/transaction.ts";
import { createInvite } from "../invites/create-invite.ts";
import { CreateInviteBody } from "../invites/schemas.ts";
import { linkScopeOf } from "../linking/link-scope.ts";
import { asCampaign } from "./helper-contexts.ts";
import { findBusinessCampaign } from "./load-portal-campaigns.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";
import { parseOrThrow } from "../http/validation.ts";

/** The form's text as the API's body: an empty label is no label, an empty limit is unlimited, a limit is a number. */
const bodyOf = ({ label, maxUses }: { label: string; maxUses: string }) => ({
  label: label.trim() === "" ? null : label,
  maxUses: maxUses.trim() === "" ? null : /^\d+$/.test(maxUses.trim()) ? Number(maxUses.trim()) : maxUses,
});

export const createPortalCampaignInvite = async (ctx: PortalContext, input: { businessId: string; campaignId: string; label: string; maxUses: string }) => {
  const member = await requirePortalAccess(ctx, { businessId: input.businessId, permission: "campaigns:write" });
  const campaign = await findBusinessCampaign(ctx, input);
  const body = parseOrThrow(CreateInviteBody, bodyOf(input), "body");
  return inTransaction(ctx.db, async (tx) => {
    const cctx = asCampaign({ db: tx }, campaign, member);
    const invite = await createInvite(cctx, { scope: linkScopeOf(cctx), ...body });
    await recordAudit(
      { db: tx },
      {
        businessId: campaign.businessId,
        environment: campaign.environment,
        actor: { type: "member", email: member.email },
        action: "link_invite.created",
        objectType: "campaign",
        objectId: campaign.id,
        details: { code: invite.code, label: invite.label ?? null, maxUses: invite.maxUses ?? null },
      },
    );
    return invite;
  });
};
