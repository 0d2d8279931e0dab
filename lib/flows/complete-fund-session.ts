// The payer completes a fund session: on the hosted fund page (the sandbox card in test) or through the test
// helper. One transaction holds the session's state change, the ledger journal, the session's payment fields
// and Platform.FundSession.Completed (and the route's idempotency record, when there is one):
//   campaign:      test USDC mint → the campaign's account           (lib/campaigns/fund-campaign.ts)
//   distribution:  fund-session clearing → the distribution's escrow  (lib/distributions/record-distribution-funding.ts;
//                  once fully funded, escrow → recipients, gifts, fees in the same transaction)
// The session row is locked and moved by guardedTransition (pending and not past expiresAt), so a session
// completes at most once however many completions race. Live sessions complete only with a Stripe payment
// (`payment`, from the webhook: lib/flows/settle-paid-fund-session.ts); a live campaign is funded from Stripe's
// card clearing account instead of the test USDC mint.
import type { DbContext } from "../core/context.ts";
import { now } from "../core/clock.ts";
import type { Environment } from "../core/environment.ts";
import { AppError } from "../core/errors.ts";
import { guardedTransition } from "../core/state-machine.ts";
import { inTransaction } from "../db/transaction.ts";
import { transactionHash } from "../ledger/address.ts";
import { DECLINED_MESSAGE, sandboxCardOutcome, type CardInput } from "../checkout/sandbox-card.ts";
import { fundCampaign } from "../campaigns/fund-campaign.ts";
import { recordDistributionFunding } from "../distributions/record-distribution-funding.ts";
import { emitEvent } from "../webhooks/emit-event.ts";
import { fundSessionNotFound } from "../fund-sessions/find-fund-session.ts";
import { isFundSessionKey } from "../fund-sessions/fund-session-key.ts";
import { fundSessionNotPending } from "../fund-sessions/fund-session-not-pending.ts";
import { fundSessionAmount } from "../fund-sessions/fund-session-amount.ts";
import { stripeCardClearing } from "../fund-sessions/fund-session-accounts.ts";
import { campaignAccount, USDC_ASSET } from "../ledger/accounts.ts";
import { transfer } from "../ledger/transfer.ts";
import { effectiveStatus, FUND_SESSION_STATES } from "../fund-sessions/fund-session-states.ts";
import { serializeFundSession } from "../fund-sessions/serialize-fund-session.ts";

export type CompleteFundSessionInput = {
  sessionKey: string;
  /** USDC, at most 2 decimals. Campaign: required (the payer's choice). Distribution: the amount due by default, at most that. */
  amountUsdc?: number | string;
  /** the hosted page's card (the sandbox card in test); the test helper pays without one */
  card?: CardInput;
  /** the test helper: only this platform's sessions in this environment (404 otherwise) */
  owner?: { platformId: string; environment: Environment };
  /** a live session's card payment that Stripe took (the webhook): required in live, where no sandbox card exists */
  payment?: { provider: "stripe"; externalId: string };
};

export const completeFundSession = (ctx: DbContext, input: CompleteFundSessionInput) =>
  inTransaction(ctx.db, async (tx) => {
    if (!isFundSessionKey(input.sessionKey)) throw fundSessionNotFound(input.sessionKey);
    const seen = await tx.fundSession.findUnique({ where: { sessionKey: input.sessionKey } });
    if (!seen || (input.owner && (seen.platformId !== input.owner.platformId || seen.environment !== input.owner.environment)))
      throw fundSessionNotFound(input.sessionKey);
    // Lock order: the distribution, then the session (as cancelling a distribution does), so the two never deadlock.
    if (seen.distributionId) await tx.$queryRaw`SELECT 1 FROM "Distribution" WHERE "id" = ${seen.distributionId} FOR UPDATE`;
    await tx.$queryRaw`SELECT 1 FROM "FundSession" WHERE "id" = ${seen.id} FOR UPDATE`;
    const s = await tx.fundSession.findUniqueOrThrow({ where: { id: seen.id } });
    const at = now();
    const state = effectiveStatus(s, at);
    if (state !== "pending") throw fundSessionNotPending(state, "completed");
    const amountMicros = fundSessionAmount(s, input.amountUsdc);
    if (s.environment !== "test" && !input.payment)
      throw new AppError(
        "TEST_FUNDS_ONLY",
        "Live fund sessions are paid by card through Stripe on the fund page (the webhook completes them); nothing was charged.",
      );
    if (!input.payment && input.card && sandboxCardOutcome(input.card, at) === "declined")
      throw new AppError("CARD_DECLINED", DECLINED_MESSAGE, { details: [{ field: "number", message: DECLINED_MESSAGE }] });
    await guardedTransition(FUND_SESSION_STATES, "complete", {
      write: (from, to) =>
        tx.fundSession.updateMany({
          where: { id: s.id, status: { in: [...from] }, expiresAt: { gt: at } },
          data: { status: to, completedAt: at, paidMicros: amountMicros },
        }),
      current: async () => {
        const row = await tx.fundSession.findUnique({ where: { id: s.id } });
        return row ? effectiveStatus(row, at) : null;
      },
      refuse: (st) => fundSessionNotPending(st, "completed"),
    });
    let journalId: string;
    if (s.targetType === "campaign") {
      const campaign = await tx.campaign.findUnique({ where: { id: s.campaignId! }, select: { id: true, status: true, address: true } });
      if (!campaign || campaign.status === "deleted") throw new AppError("CAMPAIGN_NOT_FOUND", "The campaign of this fund session was deleted.");
      if (s.environment === "test")
        ({ journalId } = await fundCampaign({ db: tx }, { campaignId: s.campaignId!, environment: s.environment, businessId: s.businessId, amountMicros }));
      else
        ({ journalId } = await transfer(tx, {
          asset: USDC_ASSET,
          environment: s.environment,
          tenantId: s.businessId,
          type: "campaign_fund",
          reference: campaign.id,
          metadata: { campaignId: campaign.id, fundSessionId: s.id, paymentProvider: input.payment!.provider, externalId: input.payment!.externalId },
          from: stripeCardClearing(s.environment),
          to: campaignAccount(campaign),
          amount: amountMicros,
          description: `Card funding of campaign ${campaign.id} (fund session ${s.id})`,
          unitLabel: "USDC micro-units",
        }));
    } else {
      await recordDistributionFunding({ db: tx }, { distributionId: s.distributionId!, fundSessionId: s.id, amountMicros });
      const journal = await tx.ledgerJournal.findFirstOrThrow({
        where: { type: "distribution_funding", reference: s.id, tenantId: s.businessId },
        select: { id: true },
      });
      journalId = journal.id;
    }
    const updated = await tx.fundSession.update({ where: { id: s.id }, data: { journalId, transactionHash: transactionHash(journalId) } });
    const view = serializeFundSession(updated, at);
    await emitEvent(tx, {
      owner: { type: "platform", id: s.platformId },
      environment: s.environment,
      event: "Platform.FundSession.Completed",
      objectType: "fund_session",
      objectId: s.id,
      data: {
        sessionKey: s.sessionKey,
        targetType: s.targetType,
        campaignId: s.campaignId,
        distributionId: s.distributionId,
        businessId: s.businessId,
        status: "completed",
        amountUsdc: view.amountUsdc,
        transactionHash: view.transactionHash,
        completedAt: view.completedAt,
        metadata: view.metadata,
      },
    });
    return view;
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FUND_CAMPAIGN_ERRORS } from "../campaigns/fund-campaign.ts";
import { SANDBOX_CARD_ERRORS } from "../checkout/sandbox-card.ts";
import { RECORD_DISTRIBUTION_FUNDING_ERRORS } from "../distributions/record-distribution-funding.ts";
import { FIND_FUND_SESSION_ERRORS } from "../fund-sessions/find-fund-session.ts";
import { FUND_SESSION_AMOUNT_ERRORS } from "../fund-sessions/fund-session-amount.ts";
import { FUND_SESSION_NOT_PENDING_ERRORS } from "../fund-sessions/fund-session-not-pending.ts";
import { TRANSFER_ERRORS } from "../ledger/transfer.ts";
export const COMPLETE_FUND_SESSION_ERRORS = [
  "CAMPAIGN_NOT_FOUND",
  "CARD_DECLINED",
  "TEST_FUNDS_ONLY",
  ...FUND_CAMPAIGN_ERRORS,
  ...SANDBOX_CARD_ERRORS,
  ...RECORD_DISTRIBUTION_FUNDING_ERRORS,
  ...FIND_FUND_SESSION_ERRORS,
  ...FUND_SESSION_AMOUNT_ERRORS,
  ...FUND_SESSION_NOT_PENDING_ERRORS,
  ...TRANSFER_ERRORS,
] as const satisfies readonly ErrorCode[];
