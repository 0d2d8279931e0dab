import { transactionHash } from "../ledger/address.ts";
import type { CampaignOperation } from "../db/generated/client.ts";
import { inTransaction, type TxContext } from "../db/transaction.ts";
import type { DbContext } from "../core/context.ts";
import type { Environment } from "../core/environment.ts";
import { businessFundingAccount, campaignAccount, USDC_ASSET } from "../ledger/accounts.ts";
import { transfer } from "../ledger/transfer.ts";
import { emitEvent } from "../webhooks/emit-event.ts";
import { CAMPAIGN_TRANSITIONS, OPERATION_EVENTS, type CampaignAction } from "./campaign-states.ts";
import { lockCampaign } from "./lock-campaign.ts";
import { microsToUsdc } from "../core/usdc.ts";

export const WITHDRAW_JOURNAL = "campaign_withdraw";

type Moved = { amountMicros: bigint; journalId: string | null; toAddress: string };

/**
 * Sends the campaign account's whole balance to the business funding wallet in one journal (none when it is 0),
 * in the caller's transaction (it locks the account row the caller's other writes depend on).
 */
export const withdrawBalance = async (
  { db: tx }: TxContext,
  campaign: { id: string; address: string; businessId: string; environment: Environment },
): Promise<Moved> => {
  const to = businessFundingAccount(campaign.businessId, campaign.environment);
  // Lock the account before reading it, so the amount is the balance the journal moves.
  const [row] = await tx.$queryRaw<{ balance: bigint }[]>`
    SELECT "balance" FROM "LedgerAccount" WHERE "asset" = ${USDC_ASSET} AND "environment" = ${campaign.environment}::"Environment" AND "kind" = 'campaign' AND "ownerRef" = ${campaign.id} FOR UPDATE`;
  const amountMicros = row?.balance ?? 0n;
  if (amountMicros <= 0n) return { amountMicros: 0n, journalId: null, toAddress: to.address };
  const posted = await transfer(tx, {
    asset: USDC_ASSET,
    environment: campaign.environment,
    tenantId: campaign.businessId,
    type: WITHDRAW_JOURNAL,
    reference: campaign.id,
    metadata: { campaignId: campaign.id },
    from: campaignAccount(campaign),
    to,
    amount: amountMicros,
    description: `Withdrawal of campaign ${campaign.id} to the business funding wallet`,
    unitLabel: "USDC micro-units",
  });
  return { amountMicros, journalId: posted.journalId, toAddress: to.address };
};

/**
 * The background half of start, stop and withdraw: marks the operation completed and emits its webhook
 * to the campaign's endpoint, in one transaction; a withdrawal also moves the money there. Safe to retry:
 * the operation row is locked and a completed one is left alone, so money moves and webhooks go once.
 */
export const completeCampaignOperation = async (ctx: DbContext, { operationId }: { operationId: string }): Promise<CampaignOperation | null> =>
  inTransaction(ctx.db, async (tx) => {
    const [ref] = await tx.$queryRaw<{ campaignId: string }[]>`SELECT "campaignId" FROM "CampaignOperation" WHERE "id" = ${operationId}`;
    if (!ref) return null;
    // campaign row, then operation row: the order the request that created it used
    const campaign = await lockCampaign({ ...ctx, db: tx }, { campaignId: ref.campaignId, mode: "update" });
    await tx.$queryRaw`SELECT "id" FROM "CampaignOperation" WHERE "id" = ${operationId} FOR UPDATE`;
    const op = await tx.campaignOperation.findUniqueOrThrow({ where: { id: operationId } });
    if (op.status !== "pending") return op;
    const action = op.kind as CampaignAction;
    const moved = action === "withdraw" ? await withdrawBalance({ db: tx }, campaign) : null;
    const completedAt = new Date();
    const done = await tx.campaignOperation.update({
      where: { id: op.id },
      data: { status: "completed", completedAt, ...(moved ? { amountMicros: moved.amountMicros, journalId: moved.journalId } : {}) },
    });
    await emitEvent(tx, {
      owner: { type: "campaign", id: campaign.id },
      environment: campaign.environment,
      event: OPERATION_EVENTS[action],
      objectType: "campaign",
      objectId: campaign.id,
      data: {
        campaignId: campaign.id,
        environment: campaign.environment,
        status: CAMPAIGN_TRANSITIONS[action].to,
        operationId: op.id,
        requestedAt: op.createdAt.toISOString(),
        completedAt: completedAt.toISOString(),
        ...(moved
          ? {
              amount: microsToUsdc(moved.amountMicros),
              currency: "USDC",
              fromAddress: campaign.address,
              toAddress: moved.toAddress,
              transactionHash: moved.journalId ? transactionHash(moved.journalId) : null,
            }
          : {}),
      },
    });
    return done;
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { CAMPAIGN_STATES_ERRORS } from "./campaign-states.ts";
import { LOCK_CAMPAIGN_ERRORS } from "./lock-campaign.ts";
import { TRANSFER_ERRORS } from "../ledger/transfer.ts";
export const COMPLETE_CAMPAIGN_OPERATION_ERRORS = [
  ...CAMPAIGN_STATES_ERRORS,
  ...LOCK_CAMPAIGN_ERRORS,
  ...TRANSFER_ERRORS,
] as const satisfies readonly ErrorCode[];
