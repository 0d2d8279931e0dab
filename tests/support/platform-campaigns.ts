// Shared steps of the platform campaign route tests (imported by tests only): a platform with a granted
// business that owns a campaign (funded, in a state, with linked users), and the refusals every
// /v1/platform/campaigns/{campaignId}/... route must give.
import { expect } from "vitest";
import { getDb } from "@/lib/db/client.ts";
import type { Environment } from "@/lib/core/environment.ts";
import type { RouteHandler } from "@/lib/http/route.ts";
import { findOrCreatePlayer, linkPlayer } from "@/lib/linking/link-player.ts";
import { ALL_SCOPES, BUSINESS_SCOPES } from "@/lib/platform/scopes.ts";
import { makeCampaign, makeGame } from "./fixtures.ts";
import { call, type Call } from "./http.ts";
import { makePlatformTenant } from "./platform.ts";
import { createCampaign } from "@/lib/campaigns/create-campaign.ts";
import { fundCampaign } from "@/lib/campaigns/fund-campaign.ts";

export { idem } from "./campaigns.ts";

/** A player linked to the campaign; `approved`: through an approved session (the player consented on the hosted page). */
export const linkPlatformCampaignUser = async (campaignId: string, { approved = true, environment = "test" as Environment } = {}) => {
  const player = await findOrCreatePlayer({ db: getDb() }, { email: `p-${crypto.randomUUID().slice(0, 8)}@example.com` });
  const link = await linkPlayer(
    { db: getDb() },
    {
      namespace: { type: "campaign", id: campaignId },
      environment,
      playerId: player.id,
      ...(approved ? { approval: { sessionId: null, at: new Date() } } : {}),
    },
  );
  return { userRef: link.userRef, player, link };
};

/** A campaign of `businessId` (level_complete pays 5 USDC, daily_login 1), funded with `fundMicros`, in `status`. */
export const addCampaign = async (
  businessId: string,
  { fundMicros = 0n, status = "created", environment = "test" as Environment, platformId = undefined as string | undefined } = {},
) => {
  const db = getDb();
  const campaign = await createCampaign(
    { db },
    {
      businessId,
      environment,
      name: `Campaign ${crypto.randomUUID().slice(0, 6)}`,
      createdByPlatformId: platformId,
      events: [
        { code: "level_complete", name: "Level complete", payoutMicros: 5_000_000n },
        { code: "daily_login", name: "Daily login", payoutMicros: 1_000_000n },
      ],
    },
  );
  if (fundMicros > 0n) await fundCampaign({ db }, { campaignId: campaign.id, environment, businessId, amountMicros: fundMicros });
  if (status !== "created") await db.campaign.update({ where: { id: campaign.id }, data: { status } });
  return db.campaign.findUniqueOrThrow({ where: { id: campaign.id }, include: { events: true } });
};

/** A platform tenant (see makePlatformTenant) whose business owns one campaign; `users` linked (approved) players. */
export const makePlatformCampaign = async ({
  fundMicros = 0n,
  status = "created",
  users = 0,
  grantScopes = BUSINESS_SCOPES as string[],
  keyScopes = ALL_SCOPES as string[],
  approvedScopes = ALL_SCOPES as string[],
  webhookUrl = null as string | null,
} = {}) => {
  const t = await makePlatformTenant({ grantScopes, keyScopes, approvedScopes, webhookUrl });
  const campaign = await addCampaign(t.business.id, { fundMicros, status, platformId: t.platform.id });
  const linked: Awaited<ReturnType<typeof linkPlatformCampaignUser>>[] = [];
  for (let i = 0; i < users; i++) linked.push(await linkPlatformCampaignUser(campaign.id));
  return { ...t, campaign, users: linked, params: { campaignId: campaign.id } };
};

/**
 * What every campaign-in-path platform route refuses: no key, a server key, an unknown platform key (401);
 * and 404 CAMPAIGN_NOT_FOUND for a campaign of a business that granted nothing (a campaign-key tenant), of
 * a business that granted another platform, an unknown id, and a mismatched
 * X-Target-Business-Id. `headers` are the caller's platform headers (mgmt or tb).
 */
export const expectPlatformCampaignAuth = async (handler: RouteHandler, opts: Call & { params: Record<string, string> }, headers: Record<string, string>) => {
  const none = await call(handler, { ...opts, headers: {} });
  expect([none.status, none.body.code]).toEqual([401, "UNAUTHORIZED"]);
  const server = await call(handler, { ...opts, headers: (await makeGame()).headers });
  expect([server.status, server.body.code]).toEqual([401, "UNAUTHORIZED"]);
  const forged = await call(handler, { ...opts, headers: { ...headers, authorization: "Bearer service_platform_test_00000000000000000000000000000000" } });
  expect([forged.status, forged.body.code]).toEqual([401, "UNAUTHORIZED"]);

  const ungranted = (await makeCampaign()).campaign;
  const otherPlatform = await makePlatformTenant();
  const foreign = await addCampaign(otherPlatform.business.id);
  for (const campaignId of [ungranted.id, foreign.id, "no-such-campaign"]) {
    const res = await call(handler, { ...opts, params: { ...opts.params, campaignId }, headers });
    expect([res.status, res.body.code], campaignId).toEqual([404, "CAMPAIGN_NOT_FOUND"]);
  }
  const wrongTarget = await call(handler, { ...opts, headers: { ...headers, "x-target-business-id": otherPlatform.business.id } });
  expect([wrongTarget.status, wrongTarget.body.code]).toEqual([404, "CAMPAIGN_NOT_FOUND"]);
};

/** Campaign rows, events and ledger journals of a campaign, to show a refused call changed nothing. */
export const campaignSnapshot = async (campaignId: string) => {
  const db = getDb();
  return {
    campaign: await db.campaign.findUniqueOrThrow({ where: { id: campaignId }, include: { events: { orderBy: { code: "asc" } } } }),
    operations: await db.campaignOperation.count({ where: { campaignId } }),
    transactions: await db.campaignTransaction.count({ where: { campaignId } }),
    events: await db.webhookEvent.count({ where: { objectId: campaignId } }),
  };
};
