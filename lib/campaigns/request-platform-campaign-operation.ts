import type { PlatformCampaignContext } from "../core/context.ts";
import { inTransaction } from "../db/transaction.ts";
import { emitEvent } from "../webhooks/emit-event.ts";
import { requestCampaignOperation } from "./request-campaign-operation.ts";
import { campaignLifecycleData } from "./serialize-platform-campaign.ts";

const PLATFORM_EVENTS = { start: "Platform.Campaign.Started", stop: "Platform.Campaign.Stopped" } as const;

const MESSAGES = {
  start: "Campaign started: events are accepted from now on. The background job finishes the start and sends Campaign.Started to the campaign's own endpoint.",
  stop: "Campaign stopped: events are refused from now on. The background job finishes the stop and sends Campaign.Stopped to the campaign's own endpoint.",
} as const;

/**
 * PUT start / stop on a platform campaign: the campaign-key operation (state table, status changed at once,
 * background job; 409 per campaign-states.ts), plus Platform.Campaign.Started / .Stopped to the calling
 * platform's endpoint in the same transaction.
 */
export const requestPlatformCampaignOperation = async (ctx: PlatformCampaignContext, { action }: { action: "start" | "stop" }) =>
  inTransaction(ctx.db, async (tx) => {
    const { operation } = await requestCampaignOperation({ ...ctx, db: tx }, { action });
    const campaign = await tx.campaign.findUniqueOrThrow({ where: { id: operation.campaignId } });
    await emitEvent(tx, {
      owner: { type: "platform", id: ctx.scope.platformId },
      environment: ctx.scope.environment,
      event: PLATFORM_EVENTS[action],
      objectType: "campaign",
      objectId: campaign.id,
      data: campaignLifecycleData(campaign),
    });
    return { success: true as const, message: MESSAGES[action], operationId: operation.id };
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { REQUEST_CAMPAIGN_OPERATION_ERRORS } from "./request-campaign-operation.ts";
export const REQUEST_PLATFORM_CAMPAIGN_OPERATION_ERRORS = [...REQUEST_CAMPAIGN_OPERATION_ERRORS] as const satisfies readonly ErrorCode[];
