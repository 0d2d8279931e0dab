import { randomBytes } from "node:crypto";
import { hashPassword } from "../auth/password-hash.ts";
import { now } from "../core/clock.ts";
import { newId } from "../db/ids.ts";
import type { TxContext } from "../db/transaction.ts";
import { createBusiness } from "../tenants/create-business.ts";
import { addBusinessMember } from "../tenants/add-business-member.ts";
import { createDeveloperAccount } from "../tenants/create-developer-account.ts";
import { issueApiKey } from "../tenants/issue-api-key.ts";
import { createGame } from "../games/create-game.ts";
import { createCampaign } from "../campaigns/create-campaign.ts";
import { fundCampaign } from "../campaigns/fund-campaign.ts";
import { createPlatform } from "../platform/create-platform.ts";
import { grantBusiness } from "../platform/grant-business.ts";
import { setWebhookEndpoint } from "../webhooks/set-webhook-endpoint.ts";
import { ALL_SCOPES, BUSINESS_SCOPES } from "../platform/scopes.ts";

/** 1,000 test USDC in micro-units (6 decimals). */
export const SEED_CAMPAIGN_FUNDING_MICROS = 1_000_000_000n;

/**
 * The test-mode seed (shared/spec/test-mode.md §1): a developer account, one business owning one game
 * and one funded campaign, and one platform holding a key with every scope and an active grant of every
 * business scope. Run it in one transaction: a failure leaves nothing behind.
 */
export const createSeedTenants = async (ctx: TxContext, { tag, webhookUrl }: { tag: string; webhookUrl: string | null }) => {
  const environment = "test" as const;
  const password = randomBytes(9).toString("base64url");
  const developer = await createDeveloperAccount(ctx, { email: `dev-${tag}@coinop.test`, name: `Developer ${tag}`, password });
  const business = await createBusiness(ctx, { name: `Test Studio ${tag}`, environment, ownerId: developer.id });
  // The developer's email administers the business in the portal and on the hosted business pages (Connected
  // platforms, platform link approval), and the printed login signs in on every sign-in form (the portal's, the
  // hosted pages', /business/{id}/sign-in): a player with the same email and password, its email verified (the
  // seed made it; a @coinop.test address receives no mail).
  await addBusinessMember(ctx, { businessId: business.id, email: developer.email, roles: ["admin"], isOwner: true });
  await ctx.db.player.create({
    data: { id: newId(), email: developer.email, name: developer.name, passwordHash: await hashPassword(password), emailVerifiedAt: now() },
  });

  const game = await createGame(ctx, {
    businessId: business.id,
    environment,
    name: `Test Game ${tag}`,
    description: "A game created by npm run seed.",
  });
  const serverKey = await issueApiKey(ctx, { kind: "server", environment, gameId: game.id, label: "seed" });

  const campaign = await createCampaign(ctx, {
    businessId: business.id,
    gameId: game.id,
    environment,
    name: `Test Campaign ${tag}`,
    events: [
      { code: "level_complete", name: "Level complete", payoutMicros: 5_000_000n },
      { code: "daily_login", name: "Daily login", payoutMicros: 1_000_000n },
    ],
  });
  await fundCampaign(ctx, { campaignId: campaign.id, businessId: business.id, environment, amountMicros: SEED_CAMPAIGN_FUNDING_MICROS });
  const campaignKey = await issueApiKey(ctx, { kind: "campaign", environment, campaignId: campaign.id, label: "seed" });

  const platform = await createPlatform(ctx, { name: `Test Platform ${tag}`, approvedScopes: ALL_SCOPES, ownerBusinessId: business.id });
  const platformKey = await issueApiKey(ctx, { kind: "platform", environment, platformId: platform.id, scopes: ALL_SCOPES, label: "seed" });
  await grantBusiness(ctx, { platformId: platform.id, businessId: business.id, scopes: BUSINESS_SCOPES });

  let campaignWebhookSecret: string | null = null;
  let gameSecret = game.webhookSecret;
  let platformSecret = platform.webhookSecret;
  if (webhookUrl) {
    gameSecret = (await setWebhookEndpoint(ctx, { owner: { type: "game", id: game.id }, url: webhookUrl })).secret!;
    platformSecret = (await setWebhookEndpoint(ctx, { owner: { type: "platform", id: platform.id }, url: webhookUrl })).secret!;
    // game-api.md signs every webhook "with the webhook secret of the game" and test-mode.md prints only the
    // game's secret: the seed campaign (of that game) signs with the same secret, so a receiver needs one.
    await ctx.db.campaign.update({ where: { id: campaign.id }, data: { webhookSecret: gameSecret } });
    campaignWebhookSecret = (await setWebhookEndpoint(ctx, { owner: { type: "campaign", id: campaign.id }, url: webhookUrl })).secret;
  }

  return {
    game: { gameId: game.id, serverKey: serverKey.rawKey, webhookSecret: gameSecret },
    campaign: {
      campaignId: campaign.id,
      campaignKey: campaignKey.rawKey,
      ...(campaignWebhookSecret ? { webhookSecret: campaignWebhookSecret } : {}),
    },
    platform: { platformId: platform.id, platformKey: platformKey.rawKey, webhookSecret: platformSecret },
    business: { businessId: business.id },
    portal: { email: developer.email, password },
  };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FUND_CAMPAIGN_ERRORS } from "../campaigns/fund-campaign.ts";
import { GRANT_BUSINESS_ERRORS } from "../platform/grant-business.ts";
import { SET_WEBHOOK_ENDPOINT_ERRORS } from "../webhooks/set-webhook-endpoint.ts";
import { CREATE_GAME_ERRORS } from "../games/create-game.ts";
import { CREATE_CAMPAIGN_ERRORS } from "../campaigns/create-campaign.ts";
import { ISSUE_API_KEY_ERRORS } from "../tenants/issue-api-key.ts";
export const CREATE_SEED_TENANTS_ERRORS = [
  ...CREATE_GAME_ERRORS,
  ...CREATE_CAMPAIGN_ERRORS,
  ...ISSUE_API_KEY_ERRORS,
  ...FUND_CAMPAIGN_ERRORS,
  ...GRANT_BUSINESS_ERRORS,
  ...SET_WEBHOOK_ENDPOINT_ERRORS,
] as const satisfies readonly ErrorCode[];
