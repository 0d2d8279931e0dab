import type { CampaignOperation } from "../db/generated/client.ts";
import { newId } from "../db/ids.ts";
import { inTransaction } from "../db/transaction.ts";
import type { CampaignContext } from "../core/context.ts";
import { conflict, unprocessable } from "../core/errors.ts";
import { enqueueJob } from "../jobs/enqueue.ts";
import { guardedTransition } from "../core/state-machine.ts";
import { CAMPAIGN_TRANSITIONS, nextCampaignState, type CampaignAction } from "./campaign-states.ts";
import { campaignTotals } from "./get-campaign.ts";
import { lockCampaign } from "./lock-campaign.ts";

export const COMPLETE_OPERATION_TASK = "campaigns:complete-operation";

const MESSAGES: Record<CampaignAction, string> = {
  start: "Campaign start accepted: events are accepted from now on. Campaign.Started is sent when the background job completes.",
  stop: "Campaign stop accepted: events are refused from now on. Campaign.Stopped is sent when the background job completes.",
  withdraw: "Withdrawal accepted: the remaining balance goes back to the business funding wallet. Campaign.Withdrawn is sent when it completes.",
};

const pendingWithdraw = (ctx: CampaignContext, campaignId: string) =>
  ctx.db.campaignOperation.findFirst({ where: { campaignId, kind: "withdraw", status: "pending" } });

/**
 * Start, stop or withdraw (202). In one transaction, with the campaign row locked: the state table allows
 * the change (409 otherwise), the status changes at once (so events are accepted or refused right after
 * the 202), and a pending CampaignOperation and its job are written. The job (completeCampaignOperation)
 * moves the money of a withdrawal and sends the webhook. A withdrawal needs a stopped campaign with a
 * balance and no withdrawal pending; a start is refused while a withdrawal is pending.
 */
export const requestCampaignOperation = async (
  ctx: CampaignContext,
  { action }: { action: CampaignAction },
): Promise<{ operation: CampaignOperation; message: string }> =>
  inTransaction(ctx.db, async (tx) => {
    const c = { ...ctx, db: tx };
    const campaign = await lockCampaign(c, { campaignId: ctx.scope.campaignId, mode: "update" });
    const next = nextCampaignState(campaign.status, action);
    if (action !== "stop" && (await pendingWithdraw(c, campaign.id)))
      throw conflict("CAMPAIGN_WITHDRAW_PENDING", "A withdrawal of this campaign is still in progress; wait for Campaign.Withdrawn, then try again.");
    if (action === "withdraw" && (await campaignTotals(c, { campaign })).balanceMicros <= 0n)
      throw unprocessable("NO_FUNDS_TO_WITHDRAW", "The campaign has no remaining funds to withdraw (availableToWithdraw is 0).");
    const now = new Date();
    if (next !== campaign.status)
      await guardedTransition(CAMPAIGN_TRANSITIONS, action, {
        write: (from, to) =>
          tx.campaign.updateMany({
            where: { id: campaign.id, status: { in: [...from] } },
            data: { status: to, ...(action === "start" ? { startedAt: now } : { stoppedAt: now }) },
          }),
        current: async () => (await tx.campaign.findUnique({ where: { id: campaign.id }, select: { status: true } }))?.status ?? null,
        refuse: (state) => CAMPAIGN_TRANSITIONS[action].refused(state ?? "gone"),
      });
    const operation = await tx.campaignOperation.create({ data: { id: newId(), campaignId: campaign.id, kind: action, createdAt: now } });
    await enqueueJob(tx, COMPLETE_OPERATION_TASK, { operationId: operation.id });
    return { operation, message: MESSAGES[action] };
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { CAMPAIGN_STATES_ERRORS } from "./campaign-states.ts";
import { LOCK_CAMPAIGN_ERRORS } from "./lock-campaign.ts";
export const REQUEST_CAMPAIGN_OPERATION_ERRORS = [
  "CAMPAIGN_WITHDRAW_PENDING",
  "NO_FUNDS_TO_WITHDRAW",
  ...CAMPAIGN_STATES_ERRORS,
  ...LOCK_CAMPAIGN_ERRORS,
] as const satisfies readonly ErrorCode[];
