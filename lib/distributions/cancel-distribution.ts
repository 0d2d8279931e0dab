import { now } from "../core/clock.ts";
import type { TargetContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import { guardedTransition } from "../core/state-machine.ts";
import { inTransaction } from "../db/transaction.ts";
import { businessFundingAccount, USDC_ASSET } from "../ledger/accounts.ts";
import { transfer } from "../ledger/transfer.ts";
import { emitEvent } from "../webhooks/emit-event.ts";
import { distributionEscrow } from "./distribution-accounts.ts";
import { giftEscrow, partnerGiftFunding } from "../gifts/gift-accounts.ts";
import { postJournal } from "../ledger/post-journal.ts";
import { DISTRIBUTION_STATES } from "./distribution-states.ts";
import { findDistribution } from "./find-distribution.ts";
import { MICROS_PER_CENT, serializeDistribution } from "./serialize-distribution.ts";

/**
 * Cancels a draft or pending distribution (422 NOT_CANCELLABLE otherwise); only the platform that created it
 * may (403 DISTRIBUTION_NOT_CREATOR). What fund sessions already paid in goes back to the business's funding
 * wallet as one journal, in the transaction of the status change and platform.distribution.cancelled.
 */
export const cancelDistribution = (ctx: TargetContext, { id }: { id: string }) =>
  inTransaction(ctx.db, async (tx) => {
    const d = await findDistribution({ ...ctx, db: tx }, { id, lock: true });
    if (d.platformId !== ctx.scope.platformId)
      throw new AppError("DISTRIBUTION_NOT_CREATOR", "Only the platform that created this distribution may cancel it.");
    const at = now();
    await guardedTransition(DISTRIBUTION_STATES, "cancel", {
      write: (from, to) =>
        tx.distribution.updateMany({
          where: { id: d.id, status: { in: [...from] } },
          data: { status: to, cancelledAt: at, cancelledByKeyId: ctx.actor.keyId },
        }),
      current: async () => (await tx.distribution.findUnique({ where: { id: d.id }, select: { status: true } }))?.status ?? null,
      refuse: (state) => new AppError("NOT_CANCELLABLE", `The distribution is ${state}; only a draft or pending distribution can be cancelled.`),
    });
    // Gifts the platform already funded (partner path, some gifts marked funded) go back where they came from.
    const fundedGifts = d.lineItems.filter((l) => l.method === "gift" && l.status === "funded");
    if (fundedGifts.length) {
      const total = fundedGifts.reduce((s, l) => s + l.amountCents, 0n) * MICROS_PER_CENT;
      const description = `Distribution ${d.id} cancelled: funded gifts returned to the platform's funding`;
      await postJournal(tx, {
        asset: USDC_ASSET,
        environment: d.environment,
        tenantId: d.businessId,
        type: "gift_refund",
        reference: d.id,
        metadata: { distributionId: d.id, platformId: ctx.scope.platformId, keyId: ctx.actor.keyId },
        unitLabel: "USDC micro-units",
        postings: [
          ...fundedGifts.map((l) => ({ account: giftEscrow(l.id, d.environment), delta: -l.amountCents * MICROS_PER_CENT, description })),
          { account: partnerGiftFunding(d.environment), delta: total, description },
        ],
      });
    }
    await tx.distributionLineItem.updateMany({ where: { distributionId: d.id }, data: { status: "cancelled" } });
    // Pending fund sessions are revoked: their pages say so and they can no longer be paid (written here, not
    // through lib/fund-sessions, which imports this domain).
    await tx.fundSession.updateMany({ where: { distributionId: d.id, status: "pending" }, data: { status: "cancelled", cancelledAt: at } });
    let refundJournalId: string | null = null;
    if (d.fundedMicros > 0n) {
      const posted = await transfer(tx, {
        asset: USDC_ASSET,
        environment: d.environment,
        tenantId: d.businessId,
        type: "distribution_refund",
        reference: d.id,
        metadata: { distributionId: d.id, platformId: ctx.scope.platformId, keyId: ctx.actor.keyId },
        from: distributionEscrow(d.id, d.environment),
        to: businessFundingAccount(d.businessId, d.environment),
        amount: d.fundedMicros,
        description: `Distribution ${d.id} cancelled: funding returned`,
        unitLabel: "USDC micro-units",
      });
      refundJournalId = posted.journalId;
    }
    const updated = await tx.distribution.findUniqueOrThrow({ where: { id: d.id }, include: { lineItems: true } });
    await emitEvent(tx, {
      owner: { type: "platform", id: ctx.scope.platformId },
      environment: d.environment,
      event: "platform.distribution.cancelled",
      objectType: "distribution",
      objectId: d.id,
      data: {
        distributionId: d.id,
        businessId: d.businessId,
        status: "cancelled",
        previousStatus: d.status,
        refundedAmountCents: Number(d.fundedMicros / MICROS_PER_CENT),
        refundJournalId,
        cancelledAt: at.toISOString(),
      },
    });
    return serializeDistribution(updated);
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_DISTRIBUTION_ERRORS } from "./find-distribution.ts";
import { POST_JOURNAL_ERRORS } from "../ledger/post-journal.ts";
import { TRANSFER_ERRORS } from "../ledger/transfer.ts";
export const CANCEL_DISTRIBUTION_ERRORS = [
  "DISTRIBUTION_NOT_CREATOR",
  "NOT_CANCELLABLE",
  ...FIND_DISTRIBUTION_ERRORS,
  ...POST_JOURNAL_ERRORS,
  ...TRANSFER_ERRORS,
] as const satisfies readonly ErrorCode[];
