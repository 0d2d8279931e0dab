// Tenants for tests, made with the same services the seed uses.
import { randomBytes } from "node:crypto";
import { getDb } from "../../lib/db/client.ts";
import { createBusiness } from "../../lib/tenants/create-business.ts";
import { createGame } from "../../lib/games/create-game.ts";
import { issueApiKey } from "../../lib/tenants/issue-api-key.ts";
import { createCampaign } from "../../lib/campaigns/create-campaign.ts";
import { createPlatform } from "../../lib/platform/create-platform.ts";
import { grantBusiness } from "../../lib/platform/grant-business.ts";
import { ALL_SCOPES, BUSINESS_SCOPES } from "../../lib/platform/scopes.ts";
import type { Environment } from "../../lib/core/environment.ts";
import { approveBusinessForLive } from "./activation.ts";

const tag = () => randomBytes(6).toString("hex");

/**
 * A business of `environment`, approved to go live when it is live (tests about something else; `activated: false`
 * leaves a live business unapproved, for the going-live gate's own tests).
 */
const makeTestBusiness = async (environment: Environment, activated: boolean) => {
  const business = await createBusiness({ db: getDb() }, { name: `Biz ${tag()}`, environment });
  if (environment === "live" && activated) await approveBusinessForLive(business.id);
  return business;
};

/** A business with one game and a server key. `headers` authenticate as that game. */
export const makeGame = async ({ environment = "test" as Environment, webhookUrl = null as string | null, activated = true } = {}) => {
  const db = getDb();
  const business = await makeTestBusiness(environment, activated);
  const game = await createGame({ db }, { businessId: business.id, environment, name: `Game ${tag()}`, webhookUrl });
  const { rawKey } = await issueApiKey({ db }, { kind: "server", environment, gameId: game.id });
  const headers = { authorization: `Bearer ${rawKey}`, "x-game-id": game.id };
  return { business, game, serverKey: rawKey, headers };
};

/** A campaign (state created) of a new business, with a campaign key. */
export const makeCampaign = async ({ environment = "test" as Environment, activated = true } = {}) => {
  const db = getDb();
  const business = await makeTestBusiness(environment, activated);
  const campaign = await createCampaign(
    { db },
    {
      businessId: business.id,
      environment,
      name: `Campaign ${tag()}`,
      events: [
        { code: "level_complete", name: "Level complete", payoutMicros: 5_000_000n },
        { code: "daily_login", name: "Daily login", payoutMicros: 1_000_000n },
      ],
    },
  );
  const { rawKey } = await issueApiKey({ db }, { kind: "campaign", environment, campaignId: campaign.id });
  const headers = { authorization: `Bearer ${rawKey}`, "x-campaign-id": campaign.id };
  return { business, campaign, campaignKey: rawKey, headers };
};

/** A platform with a key of `keyScopes` (default all) and an active grant of `grantScopes` from a new business. */
export const makePlatform = async ({
  environment = "test" as Environment,
  keyScopes = ALL_SCOPES,
  grantScopes = BUSINESS_SCOPES,
  approvedScopes = ALL_SCOPES,
  activated = true,
} = {}) => {
  const db = getDb();
  const business = await makeTestBusiness(environment, activated);
  const platform = await createPlatform({ db }, { name: `Platform ${tag()}`, approvedScopes });
  const { rawKey } = await issueApiKey({ db }, { kind: "platform", environment, platformId: platform.id, scopes: keyScopes });
  const grant = await grantBusiness({ db }, { platformId: platform.id, businessId: business.id, scopes: grantScopes });
  const headers = { authorization: `Bearer ${rawKey}`, "x-target-business-id": business.id };
  return { business, platform, grant, platformKey: rawKey, headers };
};

import { findOrCreatePlayer, linkPlayer } from "../../lib/linking/link-player.ts";

/** A player linked to the game, as if they had approved a link session (so the link carries their approval). Returns the userRef. */
export const linkUser = async (gameId: string, { email = `player-${tag()}@example.com`, environment = "test" as Environment } = {}) => {
  const db = getDb();
  const player = await findOrCreatePlayer({ db }, { email });
  const link = await linkPlayer(
    { db },
    {
      namespace: { type: "game", id: gameId },
      environment,
      playerId: player.id,
      approval: { sessionId: null, at: new Date() },
    },
  );
  return link.userRef;
};
