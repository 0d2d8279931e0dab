// POST /v1/campaign/{id}/events: record an event (or a tip) and pay the linked player; GET: the event definitions
import { route } from "@/lib/http/route";
import { listEventDefinitions } from "@/lib/campaigns/list-event-definitions";
import { recordCampaignEvent, RECORD_CAMPAIGN_EVENT_ERRORS } from "@/lib/campaigns/record-campaign-event";
import { CampaignParams, EventDefinitionList, EventRecorded, RecordEventBody } from "@/lib/campaigns/schemas";
import { microsToUsdc } from "@/lib/core/usdc";

export const POST = route({
  method: "POST",
  path: "/v1/campaign/{id}/events",
  summary: "Record an event for a linked user and pay its payout in USDC; payoutAmount alone is a one-time tip",
  tags: ["Campaign"],
  auth: "campaign",
  idempotency: "optional",
  errors: RECORD_CAMPAIGN_EVENT_ERRORS,
  successEnvelope: true,
  params: CampaignParams,
  body: RecordEventBody,
  response: { status: 202, schema: EventRecorded },
  handler: async ({ ctx, body }) => {
    const paid = await recordCampaignEvent(ctx, body);
    const amount = microsToUsdc(paid.payoutMicros);
    const what = body.eventCode ? `Event ${paid.eventCode} recorded` : "Tip sent";
    return {
      success: true,
      message: `${what}: ${amount} USDC paid to ${body.userRef}.`,
      transactionId: paid.transactionId,
      transactionHash: paid.transactionHash,
      payoutAmount: amount,
    };
  },
});

export const GET = route({
  method: "GET",
  path: "/v1/campaign/{id}/events",
  summary: "List the campaign's event definitions (payoutAmount in USDC)",
  tags: ["Campaign"],
  auth: "campaign",
  idempotency: "none",
  successEnvelope: true,
  params: CampaignParams,
  response: { status: 200, schema: EventDefinitionList },
  handler: async ({ ctx }) => ({ success: true, events: await listEventDefinitions(ctx) }),
});
