// Shared steps of the campaign tests (imported by tests only): funded, started campaigns with linked
// users, USDC balances, and the auth / tenant checks every campaign route gets.
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { getDb } from "@/lib/db/client.ts";
import type { Environment } from "@/lib/core/environment.ts";
import type { RouteHandler } from "@/lib/http/route.ts";
import { USDC_ASSET } from "@/lib/ledger/accounts.ts";
import { getAccountBalance } from "@/lib/ledger/get-account-balance.ts";
import { findOrCreatePlayer, linkPlayer } from "@/lib/linking/link-player.ts";
import { makeCampaign, makeGame } from "./fixtures.ts";
import { call, type Call } from "./http.ts";
import { setWebhookEndpoint } from "@/lib/webhooks/set-webhook-endpoint.ts";
import { fundCampaign } from "@/lib/campaigns/fund-campaign.ts";

export const idem = (headers: Record<string, string>, key: string = randomUUID()) => ({ ...headers, "idempotency-key": key });

/** A player linked to the campaign (as an approved session would); returns the pvu_ userRef and the player. */
export const linkCampaignUser = async (
  campaignId: string,
  { email = `p-${randomUUID().slice(0, 8)}@example.com`, name = "", environment = "test" as Environment } = {},
) => {
  const player = await findOrCreatePlayer({ db: getDb() }, { email, name });
  const link = await linkPlayer({ db: getDb() }, { namespace: { type: "campaign", id: campaignId }, environment, playerId: player.id });
  return { userRef: link.userRef, player, link };
};

/** A campaign (level_complete pays 5 USDC, daily_login 1), funded with `fundMicros`, in `status`, with `users` linked users. */
export const makeCampaignWith = async ({ fundMicros = 0n, status = "created", users = 0, webhookUrl = null as string | null } = {}) => {
  const made = await makeCampaign();
  if (fundMicros > 0n)
    await fundCampaign({ db: getDb() }, { campaignId: made.campaign.id, environment: "test", businessId: made.business.id, amountMicros: fundMicros });
  await getDb().campaign.update({ where: { id: made.campaign.id }, data: { status } });
  const webhook = webhookUrl ? await setWebhookEndpoint({ db: getDb() }, { owner: { type: "campaign", id: made.campaign.id }, url: webhookUrl }) : null;
  const linked: Awaited<ReturnType<typeof linkCampaignUser>>[] = [];
  for (let i = 0; i < users; i++) linked.push(await linkCampaignUser(made.campaign.id));
  return { ...made, users: linked, params: { id: made.campaign.id }, webhookSecret: webhook?.secret ?? null };
};

export const usdcOf = async (kind: string, ownerRef: string) =>
  (await getAccountBalance(getDb(), { asset: USDC_ASSET, environment: "test", kind, ownerRef })).balance;

/** What a campaign route must refuse: no key, a server key (401), and another campaign's key or id (404). */
export const expectCampaignAuth = async (handler: RouteHandler, opts: Call & { params: Record<string, string> }, headers: Record<string, string>) => {
  const none = await call(handler, { ...opts, headers: {} });
  expect(none.status).toBe(401);
  expect(none.body).toMatchObject({ success: false, code: "UNAUTHORIZED", error: expect.any(String) });
  const server = await call(handler, { ...opts, headers: (await makeGame()).headers });
  expect(server.status).toBe(401);
  expect(server.body.error).toMatch(/campaign key/);
  const other = await makeCampaign();
  const foreign = await call(handler, { ...opts, headers: other.headers });
  expect(foreign.status).toBe(404);
  expect(foreign.body).toMatchObject({ success: false, code: "CAMPAIGN_NOT_FOUND" });
  const wrongId = await call(handler, { ...opts, params: { ...opts.params, id: other.campaign.id }, headers });
  expect(wrongId.status).toBe(404);
  expect(wrongId.body).toMatchObject({ success: false, code: "CAMPAIGN_NOT_FOUND" });
};
