// How the portal acts through the /v1 services: for the game (the GameContext a server key gives
// PUT /v1/game/theme or the test helpers), for the campaign (what a campaign key gives /v1/campaign/{id}/…)
// or for a platform the business registered (what a platform key gives /v1/platform/me/…),
// after requirePortalAccess checked the member. The actor is the member, never a key: what the services
// record names them.
import { randomUUID } from "node:crypto";
import type { CampaignContext, DbContext, GameContext, MemberActor, PlatformScope, ServiceContext } from "../core/context.ts";
import type { Environment } from "../core/environment.ts";
import type { PortalMember } from "./require-portal-access.ts";

export const portalRequestId = () => `portal_${randomUUID()}`;

/** The member as the services' actor (audit, permissions). */
export const memberActorOf = (member: PortalMember): MemberActor => ({ kind: "member", playerId: member.playerId, email: member.email, roles: member.roles });

/** The member acting for `game` (in its own environment), on ctx.db: pass a transaction to join it. */
export const asGame = (ctx: DbContext, game: { id: string; businessId: string; environment: Environment }, member: PortalMember): GameContext => ({
  db: ctx.db,
  actor: memberActorOf(member),
  scope: { kind: "game", environment: game.environment, businessId: game.businessId, gameId: game.id },
  requestId: portalRequestId(),
});

/** The member acting for `campaign` (in its own environment), on ctx.db. */
export const asCampaign = (ctx: DbContext, campaign: { id: string; businessId: string; environment: Environment }, member: PortalMember): CampaignContext => ({
  db: ctx.db,
  actor: memberActorOf(member),
  scope: { kind: "campaign", environment: campaign.environment, businessId: campaign.businessId, campaignId: campaign.id },
  requestId: portalRequestId(),
});

/**
 * The member acting for a platform their business registered (the platform console), in `environment` (the
 * environment of the key or scope request at hand), on ctx.db: what a platform key gives /v1/platform/me/….
 */
export const asPlatform = (
  ctx: DbContext,
  platform: { id: string },
  environment: Environment,
  member: PortalMember,
): ServiceContext<PlatformScope, MemberActor> => ({
  db: ctx.db,
  actor: memberActorOf(member),
  scope: { kind: "platform", environment, platformId: platform.id },
  requestId: portalRequestId(),
});
