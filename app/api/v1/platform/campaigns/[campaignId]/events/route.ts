// POST /v1/platform/campaigns/{campaignId}/events: record an event (or a tip) and pay the linked player
// from the campaign balance; Platform.Campaign.EventRecorded
import { route } from "@/lib/http/route";
import { recordPlatformCampaignEvent, RECORD_PLATFORM_CAMPAIGN_EVENT_ERRORS } from "@/lib/campaigns/record-platform-campaign-event";
import { PlatformCampaignParams } from "@/lib/campaigns/platform-schemas";
import { EventRecorded, RecordEventBody } from "@/lib/campaigns/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/platform/campaigns/{campaignId}/events",
  summary: "Record an event for a player linked to the campaign and pay it in USDC; payoutAmount alone is a one-time tip",
  description:
    "The campaign must be started and its balance must cover the payout (422 INSUFFICIENT_CAMPAIGN_FUNDS otherwise; nothing is paid). userRef is the campaign-level reference (pvu_…) of a player with an active link to this campaign. payoutAmount is a number of USDC (5 = 5 USDC).",
  tags: ["Platform campaigns"],
  auth: "platform",
  scope: "campaign:events:create",
  targetBusiness: "campaign",
  idempotency: "required",
  errors: RECORD_PLATFORM_CAMPAIGN_EVENT_ERRORS,
  params: PlatformCampaignParams,
  body: RecordEventBody,
  response: { status: 202, schema: EventRecorded },
  handler: async ({ ctx, body }) => recordPlatformCampaignEvent(ctx, body),
});
