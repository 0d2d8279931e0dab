// The platform view of a campaign (platform-api.md "Campaign (platform view)") and the data of its
// Platform.Campaign.* webhooks. Pure functions.
import type { Campaign, CampaignEventDefinition } from "../db/generated/client.ts";
import { microsToUsdc } from "../core/usdc.ts";
import type { CampaignState } from "./campaign-states.ts";
import type { PlatformCampaign } from "./platform-schemas.ts";

export type CampaignWithEvents = Campaign & { events: CampaignEventDefinition[] };

/** Event definitions by code, so every read gives one order. */
const byCode = (a: CampaignEventDefinition, b: CampaignEventDefinition) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);

export const serializePlatformCampaign = (c: CampaignWithEvents): PlatformCampaign => ({
  campaignId: c.id,
  businessId: c.businessId,
  name: c.name,
  publicName: c.publicName,
  message: c.message,
  environment: c.environment,
  status: c.status as CampaignState,
  address: c.address,
  chain: c.chain,
  events: [...c.events].sort(byCode).map((e) => ({ code: e.code, name: e.name, payoutAmount: microsToUsdc(e.payoutMicros) })),
  webhookUrl: c.webhookUrl,
  webhookSecret: c.webhookUrl ? c.webhookSecret : null,
  createdByPlatformId: c.createdByPlatformId,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

/** webhookSecret only when the campaign has its own webhook URL (spec, "Events"). */
const secretOf = (c: Campaign) => (c.webhookUrl && c.webhookSecret ? { webhookSecret: c.webhookSecret } : {});

/** Platform.Campaign.Created / .Updated */
export const campaignChangedData = (c: Campaign) => ({
  campaignId: c.id,
  businessId: c.businessId,
  name: c.name,
  environment: c.environment,
  address: c.address,
  chain: c.chain,
  ...secretOf(c),
});

/** Platform.Campaign.Deleted (plus what the deletion returned to the business funding wallet) */
export const campaignDeletedData = (c: Campaign, returned: { amountMicros: bigint; transactionHash: string | null }) => ({
  campaignId: c.id,
  businessId: c.businessId,
  name: c.name,
  environment: c.environment,
  ...secretOf(c),
  returnedAmount: microsToUsdc(returned.amountMicros),
  transactionHash: returned.transactionHash,
});

/** Platform.Campaign.Started / .Stopped */
export const campaignLifecycleData = (c: Campaign) => ({
  campaignId: c.id,
  businessId: c.businessId,
  name: c.name,
  environment: c.environment,
  address: c.address,
  chain: c.chain,
});
