import type { PlatformCampaignContext } from "../core/context.ts";
import { inTransaction } from "../db/transaction.ts";
import { microsToUsdc } from "../core/usdc.ts";
import { emitEvent } from "../webhooks/emit-event.ts";
import { recordCampaignEvent } from "./record-campaign-event.ts";
import type { RecordEventBody } from "./schemas.ts";

/**
 * POST events on a platform campaign: the campaign-key service records and pays it (started campaign, a
 * player with an active link to this campaign, the campaign balance covers it, else nothing is paid), and
 * Platform.Campaign.EventRecorded goes to the calling platform's endpoint in the same transaction.
 */
export const recordPlatformCampaignEvent = async (ctx: PlatformCampaignContext, body: RecordEventBody) =>
  inTransaction(ctx.db, async (tx) => {
    const paid = await recordCampaignEvent({ ...ctx, db: tx }, body);
    const row = await tx.campaignTransaction.findUniqueOrThrow({ where: { id: paid.transactionId } });
    const amount = microsToUsdc(paid.payoutMicros);
    await emitEvent(tx, {
      owner: { type: "platform", id: ctx.scope.platformId },
      environment: ctx.scope.environment,
      event: "Platform.Campaign.EventRecorded",
      objectType: "campaign_transaction",
      objectId: row.id,
      data: {
        campaignId: row.campaignId,
        businessId: ctx.scope.businessId,
        eventCode: row.eventCode,
        eventName: row.eventName,
        userRef: row.userRef,
        payoutAmount: amount,
        transactionId: row.id,
        transactionHash: row.transactionHash,
      },
    });
    const what = body.eventCode ? `Event ${row.eventCode} recorded` : "Tip sent";
    return {
      success: true as const,
      message: `${what}: ${amount} USDC paid to ${row.userRef}.`,
      transactionId: row.id,
      transactionHash: row.transactionHash,
      payoutAmount: amount,
    };
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { RECORD_CAMPAIGN_EVENT_ERRORS } from "./record-campaign-event.ts";
export const RECORD_PLATFORM_CAMPAIGN_EVENT_ERRORS = [...RECORD_CAMPAIGN_EVENT_ERRORS] as const satisfies readonly ErrorCode[];
