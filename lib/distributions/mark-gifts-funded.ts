import type { TargetContext } from "../core/context.ts";
import { AppError, type ErrorDetail } from "../core/errors.ts";
import { guardedTransition } from "../core/state-machine.ts";
import { inTransaction } from "../db/transaction.ts";
import { USDC_ASSET } from "../ledger/accounts.ts";
import { postJournal } from "../ledger/post-journal.ts";
import { emitEvent } from "../webhooks/emit-event.ts";
import { hashClaimCode } from "../gifts/claim-code.ts";
import { giftEscrow, partnerGiftFunding } from "../gifts/gift-accounts.ts";
import { sendGiftEmail } from "../gifts/send-gift-email.ts";
import { DISTRIBUTION_STATES } from "./distribution-states.ts";
import { findDistribution } from "./find-distribution.ts";
import type { MarkGiftsFundedBody } from "./schemas.ts";
import { recordFundingTransaction } from "./record-funding-transaction.ts";
import { MICROS_PER_CENT } from "./serialize-distribution.ts";

/**
 * 'partner' path: the platform funded the gifts itself and reports it. Each named gift becomes funded with its
 * claim code (only the hash is kept), its amount enters the gift's escrow in one journal, and its claim email
 * goes out; Platform.Gifts.Funded. Gifts already funded are skipped, so a retry pays nothing twice. When every
 * gift is funded the distribution is funded. 409 PAYOUT_PATH_MISMATCH on a 'fund_session' distribution.
 * transactionHash is the platform's claim, not verified on a chain: it is recorded, and a hash that funded
 * gifts in one call funds none in another (409 TRANSACTION_HASH_USED), in any distribution of the environment.
 */
export const markGiftsFunded = (ctx: TargetContext, body: MarkGiftsFundedBody) =>
  inTransaction(ctx.db, async (tx) => {
    const d = await findDistribution({ ...ctx, db: tx }, { id: body.distributionId, lock: true });
    if (d.payoutPath !== "partner")
      throw new AppError(
        "PAYOUT_PATH_MISMATCH",
        "This distribution's payoutPath is 'fund_session': the business funds it through a fund session, not mark-funded.",
      );
    if (d.status !== "pending" && d.status !== "funded")
      throw new AppError("DISTRIBUTION_NOT_PENDING", `The distribution is ${d.status}; its gifts cannot be funded.`);
    const details: ErrorDetail[] = [];
    const seen = new Set<string>();
    const codes = new Set<string>();
    const picked = body.giftData.map((g, i) => {
      const item = d.lineItems.find((l) => l.id === g.giftId && l.method === "gift");
      if (!item) details.push({ field: `giftData.${i}.giftId`, message: "is not a gift of this distribution" });
      if (seen.has(g.giftId)) details.push({ field: `giftData.${i}.giftId`, message: "is listed twice" });
      if (codes.has(g.claimCode.toLowerCase())) details.push({ field: `giftData.${i}.claimCode`, message: "is used twice; each gift needs its own code" });
      seen.add(g.giftId);
      codes.add(g.claimCode.toLowerCase());
      return { item, hash: hashClaimCode(g.claimCode), code: g.claimCode.toLowerCase() };
    });
    if (details.length) throw new AppError("VALIDATION_ERROR", `Invalid giftData: ${details.map((x) => `${x.field} ${x.message}`).join("; ")}.`, { details });
    const fresh = picked.filter((p) => p.item!.status === "pending");
    if (fresh.length) {
      const taken = await tx.distributionLineItem.findFirst({
        where: { claimCodeHash: { in: fresh.map((p) => p.hash) }, NOT: { id: { in: fresh.map((p) => p.item!.id) } } },
        select: { id: true },
      });
      if (taken) throw new AppError("CLAIM_CODE_TAKEN", "Another gift already uses one of these claim codes; generate a new code for each gift.");
    }
    const transactionHash = body.transactionHash.toLowerCase();
    if (fresh.length) await recordFundingTransaction({ ...ctx, db: tx }, { distributionId: d.id, environment: d.environment, transactionHash });
    let emailsSent = 0;
    let emailsFailed = 0;
    const totalCents = fresh.reduce((s, p) => s + p.item!.amountCents, 0n);
    if (fresh.length) {
      const description = `Gifts of distribution ${d.id} funded by the platform (${transactionHash})`;
      await postJournal(tx, {
        asset: USDC_ASSET,
        environment: d.environment,
        tenantId: d.businessId,
        type: "gift_funding",
        reference: d.id,
        metadata: { distributionId: d.id, transactionHash, platformId: ctx.scope.platformId, keyId: ctx.actor.keyId },
        unitLabel: "USDC micro-units",
        postings: [
          { account: partnerGiftFunding(d.environment), delta: -totalCents * MICROS_PER_CENT, description },
          ...fresh.map((p) => ({ account: giftEscrow(p.item!.id, d.environment), delta: p.item!.amountCents * MICROS_PER_CENT, description })),
        ],
      });
      const business = await tx.business.findUniqueOrThrow({ where: { id: d.businessId }, select: { name: true } });
      for (const p of fresh) {
        await tx.distributionLineItem.update({ where: { id: p.item!.id }, data: { status: "funded", claimCodeHash: p.hash } });
        if (await sendGiftEmail({ db: tx }, { to: p.item!.email!, amountCents: p.item!.amountCents, code: p.code, from: business.name })) emailsSent++;
        else emailsFailed++;
      }
      await emitEvent(tx, {
        owner: { type: "platform", id: ctx.scope.platformId },
        environment: d.environment,
        event: "Platform.Gifts.Funded",
        objectType: "distribution",
        objectId: d.id,
        data: {
          distributionId: d.id,
          businessId: d.businessId,
          giftCount: fresh.length,
          totalAmountCents: Number(totalCents),
          transactionHash,
        },
      });
    }
    const unfunded = await tx.distributionLineItem.count({ where: { distributionId: d.id, method: "gift", status: "pending" } });
    if (d.status === "pending" && unfunded === 0) {
      await guardedTransition(DISTRIBUTION_STATES, "fund", {
        write: (from, to) => tx.distribution.updateMany({ where: { id: d.id, status: { in: [...from] } }, data: { status: to, fundedAt: new Date() } }),
        current: async () => (await tx.distribution.findUnique({ where: { id: d.id }, select: { status: true } }))?.status ?? null,
        refuse: (state) => new AppError("DISTRIBUTION_NOT_PENDING", `The distribution is ${state}.`),
      });
      // On the partner path the platform pays the direct transfers itself.
      await tx.distributionLineItem.updateMany({ where: { distributionId: d.id, method: "direct_transfer", status: "pending" }, data: { status: "paid" } });
    }
    return { success: true as const, result: { updatedCount: fresh.length, emailsSent, emailsFailed, totalFundedCents: Number(totalCents) } };
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_DISTRIBUTION_ERRORS } from "./find-distribution.ts";
import { RECORD_FUNDING_TRANSACTION_ERRORS } from "./record-funding-transaction.ts";
import { POST_JOURNAL_ERRORS } from "../ledger/post-journal.ts";
export const MARK_GIFTS_FUNDED_ERRORS = [
  "CLAIM_CODE_TAKEN",
  "DISTRIBUTION_NOT_PENDING",
  "PAYOUT_PATH_MISMATCH",
  "VALIDATION_ERROR",
  ...FIND_DISTRIBUTION_ERRORS,
  ...RECORD_FUNDING_TRANSACTION_ERRORS,
  ...POST_JOURNAL_ERRORS,
] as const satisfies readonly ErrorCode[];
