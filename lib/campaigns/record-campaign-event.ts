import { transactionHash } from "../ledger/address.ts";
import { newId } from "../db/ids.ts";
import { inTransaction } from "../db/transaction.ts";
import type { CampaignContext } from "../core/context.ts";
import { AppError, conflict, notFound, unprocessable } from "../core/errors.ts";
import { campaignAccount, USDC_ASSET, walletAccount } from "../ledger/accounts.ts";
import { transfer } from "../ledger/transfer.ts";
import { resolveUserRef } from "../linking/resolve-user-ref.ts";
import { emitEvent } from "../webhooks/emit-event.ts";
import { ACCEPTS_EVENTS, type CampaignState } from "./campaign-states.ts";
import { lockCampaign } from "./lock-campaign.ts";
import type { RecordEventBody } from "./schemas.ts";
import { microsToUsdc } from "../core/usdc.ts";

export const PAYOUT_JOURNAL = "campaign_payout";
/** eventCode and eventName recorded for a payout sent without an eventCode */
export const TIP = { code: "tip", name: "One-time tip" } as const;

export type RecordedEvent = { transactionId: string; transactionHash: string; payoutMicros: bigint; eventCode: string };

const insufficient = async (ctx: CampaignContext, campaign: { id: string }, needed: bigint) => {
  const [row] = await ctx.db.$queryRaw<{ balance: bigint }[]>`
    SELECT coalesce(sum("balance"), 0)::bigint AS "balance" FROM "LedgerAccount"
    WHERE "asset" = ${USDC_ASSET} AND "environment" = ${ctx.scope.environment}::"Environment" AND "kind" = 'campaign' AND "ownerRef" = ${campaign.id}`;
  return unprocessable(
    "INSUFFICIENT_CAMPAIGN_FUNDS",
    `The campaign has ${microsToUsdc(row.balance)} USDC available and this payout needs ${microsToUsdc(needed)} USDC; nothing was paid. Fund the campaign or lower payoutAmount.`,
  );
};

/**
 * Records an event for a linked player of a started campaign and pays it: one 'campaign_payout' journal
 * from the campaign account to the player's custody wallet, its CampaignTransaction and its
 * Campaign.Event.Recorded webhook, in one transaction (and the idempotency record when a key is sent).
 * The payout is the definition's, or payoutAmount when given; payoutAmount alone is a one-time tip.
 * Nothing is paid when the campaign account cannot cover it (422). The campaign row is share-locked, so a
 * stop waits for payouts in flight and no payout lands after it.
 */
export const recordCampaignEvent = async (ctx: CampaignContext, body: RecordEventBody): Promise<RecordedEvent> =>
  inTransaction(ctx.db, async (tx) => {
    const c = { ...ctx, db: tx };
    const campaign = await lockCampaign(c, { campaignId: ctx.scope.campaignId, mode: "share" });
    if (!ACCEPTS_EVENTS.includes(campaign.status as CampaignState))
      throw conflict(
        "CAMPAIGN_NOT_STARTED",
        `Events are accepted only while the campaign is started; it is ${campaign.status}. Start it with PUT /v1/campaign/{id}/start.`,
      );
    const definition = body.eventCode
      ? await tx.campaignEventDefinition.findUnique({ where: { campaignId_code: { campaignId: campaign.id, code: body.eventCode } } })
      : null;
    if (body.eventCode && !definition)
      throw notFound(`Event code ${JSON.stringify(body.eventCode)} (GET /v1/campaign/{id}/events lists this campaign's codes)`, "EVENT_CODE_NOT_FOUND");
    const link = await resolveUserRef(
      { ...ctx, db: tx },
      { namespace: { type: "campaign", id: campaign.id }, environment: ctx.scope.environment, userRef: body.userRef },
    );
    const event = definition ?? TIP;
    const payoutMicros = body.payoutAmount ?? definition!.payoutMicros;
    if (payoutMicros <= 0n) throw unprocessable("EVENT_HAS_NO_PAYOUT", `Event ${JSON.stringify(event.code)} pays nothing; send payoutAmount.`);

    const transactionId = newId();
    const posted = await transfer(tx, {
      asset: USDC_ASSET,
      environment: ctx.scope.environment,
      tenantId: campaign.businessId,
      type: PAYOUT_JOURNAL,
      reference: transactionId,
      metadata: { campaignId: campaign.id, userRef: link.userRef, eventCode: event.code },
      from: campaignAccount(campaign),
      to: walletAccount(link.playerId, ctx.scope.environment),
      amount: payoutMicros,
      description: `Campaign ${campaign.id}: ${event.name} for ${link.userRef}`,
      unitLabel: "USDC micro-units",
    }).catch(async (err) => {
      throw err instanceof AppError && err.code === "INSUFFICIENT_FUNDS" ? await insufficient(c, campaign, payoutMicros) : err;
    });
    const hash = transactionHash(posted.journalId);
    const row = await tx.campaignTransaction.create({
      data: {
        id: transactionId,
        campaignId: campaign.id,
        userRef: link.userRef,
        playerId: link.playerId,
        eventCode: event.code,
        eventName: event.name,
        payoutMicros,
        journalId: posted.journalId,
        transactionHash: hash,
      },
    });
    await emitEvent(tx, {
      owner: { type: "campaign", id: campaign.id },
      environment: ctx.scope.environment,
      event: "Campaign.Event.Recorded",
      objectType: "campaign_transaction",
      objectId: row.id,
      data: {
        campaignId: campaign.id,
        environment: ctx.scope.environment,
        userRef: link.userRef,
        eventCode: event.code,
        eventName: event.name,
        payoutAmount: microsToUsdc(payoutMicros),
        transactionHash: hash,
        transactionId: row.id,
        createdAt: row.createdAt.toISOString(),
      },
    });
    return { transactionId: row.id, transactionHash: hash, payoutMicros, eventCode: event.code };
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { LOCK_CAMPAIGN_ERRORS } from "./lock-campaign.ts";
import { TRANSFER_ERRORS } from "../ledger/transfer.ts";
import { RESOLVE_USER_REF_ERRORS } from "../linking/resolve-user-ref.ts";
export const RECORD_CAMPAIGN_EVENT_ERRORS = [
  "CAMPAIGN_NOT_STARTED",
  "EVENT_CODE_NOT_FOUND",
  "EVENT_HAS_NO_PAYOUT",
  "INSUFFICIENT_CAMPAIGN_FUNDS",
  ...LOCK_CAMPAIGN_ERRORS,
  ...TRANSFER_ERRORS,
  ...RESOLVE_USER_REF_ERRORS,
] as const satisfies readonly ErrorCode[];
