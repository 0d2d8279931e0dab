// How the portal acts through the /v1 services: as the game (the same GameContext a server key gives
// PUT /v1/game/theme or the test helpers) or as the campaign (what a campaign key gives /v1/campaign/{id}/…),
// after requirePortalAccess checked the member. keyId "portal" marks the call in what the services record.
import { randomUUID } from "node:crypto";
import type { CampaignContext, DbContext, GameContext } from "../core/context.ts";
import type { Environment } from "../core/environment.ts";

export const portalRequestId = () => `portal_${randomUUID()}`;

/** The game's own context, as its server key would give it. */
export const asGame = (ctx: DbContext, game: { id: string; businessId: string; environment: Environment }): GameContext => ({
  db: ctx.db,
  environment: game.environment,
  principal: { kind: "server", keyId: "portal", gameId: game.id, businessId: game.businessId },
  requestId: portalRequestId(),
});

/** The campaign's own context, as its campaign key would give it. */
export const asCampaign = (ctx: DbContext, campaign: { id: string; businessId: string; environment: Environment }): CampaignContext => ({
  db: ctx.db,
  environment: campaign.environment,
  principal: { kind: "campaign", keyId: "portal", campaignId: campaign.id, businessId: campaign.businessId },
  requestId: portalRequestId(),
});
