import type { TargetContext } from "../core/context.ts";
import { notFound } from "../core/errors.ts";
import { inTransaction } from "../db/transaction.ts";
import { resolveBusinessUser } from "../business-users/resolve-business-user.ts";
import { initiateLinkSession } from "../linking/initiate-link-session.ts";
import type { LinkScope } from "../linking/link-scope.ts";
import { approveLinkSession } from "./approve-link-session.ts";

export type CampaignAssignment = { campaignUserRef: string; email: string; assigned: true };

/**
 * Assigns a business-linked player to a campaign of the same business and environment (another
 * business's campaign, or one of the other environment, is 404 CAMPAIGN_NOT_FOUND). The player approved
 * the whole business on the hosted page, so the campaign's link session is created and approved for them
 * at once, through the same link-session services as every other link: the campaign link (pvu_) carries
 * an approval, and the session's User.Account.Link.Started and .Succeeded go to the platform that assigned.
 * A player already linked to the campaign is returned as is (created false: 200). Assignments of one
 * player to one campaign queue on a lock, so two at once make one link.
 */
export const assignBusinessUserToCampaign = async (
  ctx: TargetContext,
  { userRef, campaignId }: { userRef: string; campaignId: string },
): Promise<{ created: boolean; assignment: CampaignAssignment }> =>
  inTransaction(ctx.db, async (tx) => {
    const inTx = { ...ctx, db: tx };
    const { businessId } = ctx.scope;
    const link = await resolveBusinessUser(inTx, userRef);
    const campaign = campaignId.includes("\u0000")
      ? null
      : await tx.campaign.findFirst({ where: { id: campaignId, businessId, environment: ctx.scope.environment }, select: { id: true } });
    if (!campaign) throw notFound(`Campaign ${JSON.stringify(campaignId)}`, "CAMPAIGN_NOT_FOUND");
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`campaign-assign:${campaign.id}:${link.playerId}`}, 0))`;
    const email = link.player.email;
    const existing = await tx.playerLink.findUnique({
      where: { namespaceType_namespaceId_playerId: { namespaceType: "campaign", namespaceId: campaign.id, playerId: link.playerId } },
    });
    if (existing?.status === "active") return { created: false, assignment: { campaignUserRef: existing.userRef, email, assigned: true } };

    const scope: LinkScope = {
      namespace: { type: "campaign", id: campaign.id },
      environment: ctx.scope.environment,
      owner: { type: "platform", id: ctx.scope.platformId },
    };
    const { session } = await initiateLinkSession({ ...ctx, db: tx }, { scope, email });
    const approved = await approveLinkSession({ ...ctx, db: tx }, { scope, sessionKey: session.sessionKey, email });
    return { created: true, assignment: { campaignUserRef: approved.userRef!, email, assigned: true } };
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { RESOLVE_BUSINESS_USER_ERRORS } from "../business-users/resolve-business-user.ts";
import { APPROVE_LINK_SESSION_ERRORS } from "./approve-link-session.ts";
import { INITIATE_LINK_SESSION_ERRORS } from "../linking/initiate-link-session.ts";
export const ASSIGN_BUSINESS_USER_TO_CAMPAIGN_ERRORS = [
  "CAMPAIGN_NOT_FOUND",
  ...RESOLVE_BUSINESS_USER_ERRORS,
  ...APPROVE_LINK_SESSION_ERRORS,
  ...INITIATE_LINK_SESSION_ERRORS,
] as const satisfies readonly ErrorCode[];
