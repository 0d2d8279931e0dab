import type { TargetContext } from "../core/context.ts";
import { normalizeEmail, parseEmail } from "../core/email.ts";
import { newId } from "../db/ids.ts";
import { inTransaction } from "../db/transaction.ts";
import { emitEvent } from "../webhooks/emit-event.ts";
import { computeDistributionTotals } from "../fees/fees.ts";
import { serviceFeeFor } from "../fees/service-fee.ts";
import { CLAIM_CODE_PATTERN, claimUrl, hashClaimCode } from "../gifts/claim-code.ts";
import type { BulkGiftsBody } from "./schemas.ts";
import { distributionCreatedData, storeFee } from "./serialize-distribution.ts";

/**
 * Creates gifts from values the platform pre-computed (claim codes included), held by one new 'partner'
 * distribution (pending; the service's fee applies). Each refused recipient (bad email, amount not whole
 * positive cents, claim code not 64 hexadecimal characters or already used) is listed in errors; the rest are
 * created. The gifts are claimable once the platform marks them funded (gifts/mark-funded).
 */
export const bulkCreateGifts = (ctx: TargetContext, body: BulkGiftsBody) =>
  inTransaction(ctx.db, async (tx) => {
    const { businessId, grantId } = ctx.scope;
    const errors: { index: number; email: string; message: string }[] = [];
    const codes = body.recipients.map((r) => r.claimCode.trim().toLowerCase());
    const taken = new Set(
      (
        await tx.distributionLineItem.findMany({
          where: { claimCodeHash: { in: codes.filter((c) => CLAIM_CODE_PATTERN.test(c)).map(hashClaimCode) } },
          select: { claimCodeHash: true },
        })
      ).map((l) => l.claimCodeHash),
    );
    const seen = new Set<string>();
    const ok = body.recipients.flatMap((r, index) => {
      const email = parseEmail(r.email);
      const code = codes[index]!;
      const refuse = (message: string) => (errors.push({ index, email: r.email, message }), []);
      if (!email) return refuse("email must be a valid email address");
      if (!Number.isSafeInteger(r.amountCents) || r.amountCents <= 0 || r.amountCents > 1_000_000_000_000)
        return refuse("amountCents must be a whole number of cents above 0");
      if (!CLAIM_CODE_PATTERN.test(code)) return refuse("claimCode must be 64 hexadecimal characters");
      if (seen.has(code) || taken.has(hashClaimCode(code))) return refuse("claimCode is already used; each gift needs its own code");
      seen.add(code);
      return [{ email: normalizeEmail(email), name: r.name ?? "", amountCents: BigInt(r.amountCents), code }];
    });
    if (ok.length === 0)
      return { success: false, result: { distributionId: null, gifts: [], totalAmount: "0.00", successCount: 0, failedCount: errors.length, errors } };
    const totalAmountCents = ok.reduce((s, g) => s + g.amountCents, 0n);
    const serviceFee = await serviceFeeFor({ db: tx }, { businessId });
    const totals = computeDistributionTotals({ totalAmountCents, recipientCount: ok.length, fees: serviceFee ? [serviceFee] : [] });
    const d = await tx.distribution.create({
      data: {
        id: newId(),
        businessId,
        environment: ctx.scope.environment,
        platformId: ctx.scope.platformId,
        createdByKeyId: ctx.actor.keyId,
        grantId,
        mode: "fixed",
        status: "pending",
        payoutPath: "partner",
        totalAmountCents,
        totalFeeCents: totals.totalFeeCents,
        feeLineItems: totals.feeLineItems.map(storeFee),
        memo: body.memo ?? "",
        lineItems: {
          create: ok.map((g, i) => ({
            id: newId(),
            position: i,
            email: g.email,
            name: g.name,
            method: "gift",
            amountCents: g.amountCents,
            claimCodeHash: hashClaimCode(g.code),
          })),
        },
      },
      include: { lineItems: true },
    });
    await emitEvent(tx, {
      owner: { type: "platform", id: ctx.scope.platformId },
      environment: ctx.scope.environment,
      event: "Platform.Distribution.Created",
      objectType: "distribution",
      objectId: d.id,
      data: distributionCreatedData(d, ok.length),
    });
    const items = [...d.lineItems].sort((a, b) => a.position - b.position);
    return {
      success: true,
      result: {
        distributionId: d.id,
        gifts: items.map((l, i) => ({ giftId: l.id, email: l.email!, amountCents: Number(l.amountCents), claimUrl: claimUrl(ok[i]!.code) })),
        totalAmount: (Number(totalAmountCents) / 100).toFixed(2),
        successCount: ok.length,
        failedCount: errors.length,
        errors,
      },
    };
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const BULK_CREATE_GIFTS_ERRORS = [] as const satisfies readonly ErrorCode[];
