// Fund-session money arriving for a 'fund_session' distribution ("camp"'s completion flow calls this in its
// transaction). Every cent is a balanced USDC journal (1 cent = 10,000 micro-units) written with the row
// change and the outbox events:
//   clearing → distribution escrow                        (each fund session, once: keyed by fundSessionId)
//   escrow → custody wallets, gift escrows, fee accounts  (once, when fully funded; any excess → the business)
import type { DbContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import { guardedTransition } from "../core/state-machine.ts";
import { inTransaction } from "../db/transaction.ts";
import { businessFundingAccount, platformFeeAccount, USDC_ASSET, walletAccount } from "../ledger/accounts.ts";
import { transactionHash } from "../ledger/address.ts";
import { postJournal } from "../ledger/post-journal.ts";
import type { PostingInput } from "../ledger/types.ts";
import { feeRecipientAccount } from "../invoices/pay-invoice.ts";
import { emitEvent } from "../webhooks/emit-event.ts";
import { distributionEscrow, fundSessionClearing } from "./distribution-accounts.ts";
import { giftEscrow } from "../gifts/gift-accounts.ts";
import { hashClaimCode, newClaimCode } from "../gifts/claim-code.ts";
import { sendGiftEmail } from "../gifts/send-gift-email.ts";
import { DISTRIBUTION_STATES } from "./distribution-states.ts";
import { MICROS_PER_CENT, storedFees } from "./serialize-distribution.ts";

export type RecordFundingResult = { status: string; fundedMicros: bigint; fullyFunded: boolean; replayed: boolean };

export const recordDistributionFunding = (
  ctx: DbContext,
  input: { distributionId: string; fundSessionId: string; amountMicros: bigint },
): Promise<RecordFundingResult> =>
  inTransaction(ctx.db, async (tx) => {
    if (input.amountMicros <= 0n) throw new AppError("AMOUNT_OUT_OF_RANGE", "A funding amount must be above 0.");
    await tx.$queryRaw`SELECT 1 FROM "Distribution" WHERE "id" = ${input.distributionId} FOR UPDATE`;
    const d = await tx.distribution.findUnique({ where: { id: input.distributionId }, include: { lineItems: true } });
    if (!d) throw new AppError("DISTRIBUTION_NOT_FOUND", "The distribution was not found.");
    // One fund session funds once: a repeated call (a retried completion) changes nothing.
    const seen = await tx.ledgerJournal.findFirst({ where: { type: "distribution_funding", reference: input.fundSessionId, tenantId: d.businessId } });
    if (seen) return { status: d.status, fundedMicros: d.fundedMicros, fullyFunded: d.status === "funded", replayed: true };
    if (d.payoutPath !== "fund_session")
      throw new AppError("PAYOUT_PATH_MISMATCH", "This distribution's payoutPath is 'partner': it is not funded through fund sessions.");
    if (d.status !== "pending") throw new AppError("DISTRIBUTION_NOT_PENDING", `The distribution is ${d.status}; it takes no more funding.`);
    const scope = { asset: USDC_ASSET, environment: d.environment, tenantId: d.businessId, unitLabel: "USDC micro-units" };
    const escrow = distributionEscrow(d.id, d.environment);
    await postJournal(tx, {
      ...scope,
      type: "distribution_funding",
      reference: input.fundSessionId,
      metadata: { distributionId: d.id, fundSessionId: input.fundSessionId },
      postings: [
        { account: fundSessionClearing(d.environment), delta: -input.amountMicros, description: `Fund session ${input.fundSessionId}` },
        { account: escrow, delta: input.amountMicros, description: `Funding of distribution ${d.id}` },
      ],
    });
    const fundedMicros = d.fundedMicros + input.amountMicros;
    const requiredMicros = (d.totalAmountCents + d.totalFeeCents) * MICROS_PER_CENT;
    if (fundedMicros < requiredMicros) {
      await tx.distribution.update({ where: { id: d.id }, data: { fundedMicros } });
      return { status: d.status, fundedMicros, fullyFunded: false, replayed: false };
    }
    // Fully funded: pay every recipient and fee from escrow in one journal.
    await guardedTransition(DISTRIBUTION_STATES, "fund", {
      write: (from, to) =>
        tx.distribution.updateMany({ where: { id: d.id, status: { in: [...from] } }, data: { status: to, fundedMicros, fundedAt: new Date() } }),
      current: async () => (await tx.distribution.findUnique({ where: { id: d.id }, select: { status: true } }))?.status ?? null,
      refuse: (state) => new AppError("DISTRIBUTION_NOT_PENDING", `The distribution is ${state}; it takes no more funding.`),
    });
    const items = [...d.lineItems].sort((a, b) => a.position - b.position);
    const postings: PostingInput[] = [{ account: escrow, delta: -fundedMicros, description: `Payout of distribution ${d.id}` }];
    for (const l of items)
      postings.push({
        account: l.method === "direct_transfer" ? walletAccount(l.playerId!, d.environment) : giftEscrow(l.id, d.environment),
        delta: l.amountCents * MICROS_PER_CENT,
        description: l.method === "direct_transfer" ? `Distribution ${d.id}: direct transfer` : `Distribution ${d.id}: gift for ${l.email}`,
      });
    for (const f of storedFees(d).filter((f) => BigInt(f.amountCents) > 0n))
      postings.push({
        account: f.recipientWallet ? feeRecipientAccount(f.recipientWallet) : platformFeeAccount(d.environment),
        delta: BigInt(f.amountCents) * MICROS_PER_CENT,
        description: `Distribution ${d.id}: fee ${f.label}`,
      });
    if (fundedMicros > requiredMicros)
      postings.push({
        account: businessFundingAccount(d.businessId, d.environment),
        delta: fundedMicros - requiredMicros,
        description: `Distribution ${d.id}: funding beyond the amount due, returned`,
      });
    const payout = await postJournal(tx, { ...scope, type: "distribution_payout", reference: d.id, metadata: { distributionId: d.id }, postings });
    await tx.distributionLineItem.updateMany({ where: { distributionId: d.id, method: "direct_transfer" }, data: { status: "paid" } });
    const gifts = items.filter((l) => l.method === "gift");
    // Each gift gets its claim code now; only its hash is kept, the code goes out in the claim email.
    const business = await tx.business.findUniqueOrThrow({ where: { id: d.businessId }, select: { name: true } });
    for (const g of gifts) {
      const code = newClaimCode();
      await tx.distributionLineItem.update({ where: { id: g.id }, data: { status: "funded", claimCodeHash: hashClaimCode(code) } });
      await sendGiftEmail({ db: tx }, { to: g.email!, amountCents: g.amountCents, code, from: business.name });
    }
    if (gifts.length)
      await emitEvent(tx, {
        owner: { type: "platform", id: d.platformId },
        environment: d.environment,
        event: "Platform.Gifts.Funded",
        objectType: "distribution",
        objectId: d.id,
        data: {
          distributionId: d.id,
          businessId: d.businessId,
          giftCount: gifts.length,
          totalAmountCents: Number(gifts.reduce((s, l) => s + l.amountCents, 0n)),
          transactionHash: transactionHash(payout.journalId),
        },
      });
    return { status: "funded", fundedMicros, fullyFunded: true, replayed: false };
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { POST_JOURNAL_ERRORS } from "../ledger/post-journal.ts";
export const RECORD_DISTRIBUTION_FUNDING_ERRORS = [
  "AMOUNT_OUT_OF_RANGE",
  "DISTRIBUTION_NOT_FOUND",
  "DISTRIBUTION_NOT_PENDING",
  "PAYOUT_PATH_MISMATCH",
  ...POST_JOURNAL_ERRORS,
] as const satisfies readonly ErrorCode[];
