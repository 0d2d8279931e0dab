import { CreateKeyBody } from "../platform/schemas.ts";
import { issueApiKey } from "../tenants/issue-api-key.ts";
import { findBusinessCampaign } from "./load-portal-campaigns.ts";
import { findBusinessGame } from "./load-portal-game.ts";
import { portalCommand } from "./portal-command.ts";

/** What the key is for: one of the business's games (a server key) or one of its campaigns (a campaign key). */
export type KeyOwner = { gameId: string; campaignId?: undefined } | { campaignId: string; gameId?: undefined };

/**
 * A new key of the business, in its owner's environment: a server key for a game ({gameId}) or a campaign key
 * for a campaign that is not deleted ({campaignId}). The raw key is returned this once (only its hash is kept).
 */
export const createGameKey = portalCommand({
  permission: "keys:write",
  load: async (ctx, params: { businessId: string; label: string } & KeyOwner) =>
    params.campaignId !== undefined
      ? { kind: "campaign" as const, ...(await findBusinessCampaign(ctx, { businessId: params.businessId, campaignId: params.campaignId })) }
      : { kind: "server" as const, ...(await findBusinessGame(ctx, { businessId: params.businessId, gameId: params.gameId })) },
  input: CreateKeyBody.pick({ label: true }),
  form: ({ label }) => ({ label }),
  run: async (ctx, { input: { label }, target: owner }) => {
    const ownerRef = owner.kind === "campaign" ? { campaignId: owner.id } : { gameId: owner.id };
    const { key, rawKey } = await issueApiKey(ctx, { kind: owner.kind, environment: owner.environment, ...ownerRef, label });
    return { keyId: key.id, kind: owner.kind, prefix: key.prefix, label: key.label, gameId: key.gameId, campaignId: key.campaignId, rawKey };
  },
  // the prefix and label only: never the raw key
  audit: (key, { input: { label }, target: owner }) => ({
    businessId: owner.businessId,
    environment: owner.environment,
    action: "api_key.created",
    objectType: "api_key",
    objectId: key.keyId,
    details: { ...(owner.kind === "campaign" ? { campaignId: owner.id } : { gameId: owner.id }), prefix: key.prefix, label },
  }),
});
