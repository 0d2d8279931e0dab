import type { PlatformCampaignContext } from "../core/context.ts";
import { notFound } from "../core/errors.ts";
import { guardedTransition } from "../core/state-machine.ts";
import { inTransaction } from "../db/transaction.ts";
import { transactionHash } from "../ledger/address.ts";
import { emitEvent } from "../webhooks/emit-event.ts";
import { CAMPAIGN_DELETE, campaignNotDeletable } from "./campaign-states.ts";
import { withdrawBalance } from "./complete-campaign-operation.ts";
import { lockCampaign } from "./lock-campaign.ts";
import { campaignDeletedData } from "./serialize-platform-campaign.ts";

/**
 * Deletes a created or stopped campaign (a started one is 409 CAMPAIGN_NOT_STOPPED), with its row locked:
 * what is left on the campaign account goes back to the business funding wallet in one `campaign_withdraw`
 * journal (no USDC is stranded on a campaign nobody can reach), the status becomes `deleted` (404 on every
 * platform route from then on), its campaign keys are revoked (401) and Platform.Campaign.Deleted goes to
 * the platform's endpoint.
 */
export const deletePlatformCampaign = async (ctx: PlatformCampaignContext): Promise<void> => {
  const { campaignId } = ctx.scope;
  await inTransaction(ctx.db, async (tx) => {
    const campaign = await lockCampaign({ db: tx }, { campaignId, mode: "update" });
    if (campaign.status === "deleted") throw notFound("Campaign", "CAMPAIGN_NOT_FOUND");
    const deletedAt = new Date();
    await guardedTransition(CAMPAIGN_DELETE, "delete", {
      write: (from, to) => tx.campaign.updateMany({ where: { id: campaign.id, status: { in: [...from] } }, data: { status: to, deletedAt } }),
      current: async () => (await tx.campaign.findUnique({ where: { id: campaign.id }, select: { status: true } }))?.status ?? null,
      refuse: (state) => campaignNotDeletable(state ?? "gone"),
    });
    const moved = await withdrawBalance({ db: tx }, campaign);
    // its campaign keys die with it: a deleted campaign answers to no credential
    await tx.apiKey.updateMany({ where: { campaignId: campaign.id, revokedAt: null }, data: { status: "revoked", revokedAt: deletedAt } });
    await emitEvent(tx, {
      owner: { type: "platform", id: ctx.scope.platformId },
      environment: ctx.scope.environment,
      event: "Platform.Campaign.Deleted",
      objectType: "campaign",
      objectId: campaign.id,
      data: campaignDeletedData(campaign, { amountMicros: moved.amountMicros, transactionHash: moved.journalId ? transactionHash(moved.journalId) : null }),
    });
  });
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { CAMPAIGN_STATES_ERRORS } from "./campaign-states.ts";
import { COMPLETE_CAMPAIGN_OPERATION_ERRORS } from "./complete-campaign-operation.ts";
import { LOCK_CAMPAIGN_ERRORS } from "./lock-campaign.ts";
export const DELETE_PLATFORM_CAMPAIGN_ERRORS = [
  "CAMPAIGN_NOT_FOUND",
  ...CAMPAIGN_STATES_ERRORS,
  ...COMPLETE_CAMPAIGN_OPERATION_ERRORS,
  ...LOCK_CAMPAIGN_ERRORS,
] as const satisfies readonly ErrorCode[];
