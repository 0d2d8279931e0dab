import type { TargetContext } from "../core/context.ts";
import { computeDistributionTotals, ppmToPercent } from "../fees/fees.ts";
import { serviceFeeFor } from "../fees/service-fee.ts";

/**
 * The service's fees on the target business's distributions (empty: none configured). With totalAmountCents
 * and recipientCount, each fee's amount and the funding total, computed by the same function create uses.
 */
export const previewFees = async (ctx: TargetContext, q: { totalAmountCents?: number; recipientCount?: number }) => {
  const { businessId } = ctx.scope;
  const fee = await serviceFeeFor(ctx, { businessId });
  const fees = fee ? [fee] : [];
  const withAmounts = q.totalAmountCents !== undefined && q.recipientCount !== undefined;
  const totals = withAmounts ? computeDistributionTotals({ totalAmountCents: BigInt(q.totalAmountCents!), recipientCount: q.recipientCount!, fees }) : null;
  return {
    fees: fees.map((f, i) => ({
      label: f.label,
      percentage: ppmToPercent(f.ppm),
      flat: Number(f.flatCents),
      feeType: f.feeType,
      ...(totals ? { amountCents: Number(totals.feeLineItems[i]!.amountCents) } : {}),
    })),
    recipientPaysPercentage: false,
    recipientPaysPlatformFeePercentage: false,
    ...(totals ? { totalFeeCents: Number(totals.totalFeeCents), fundingRequiredCents: Number(totals.fundingRequiredCents) } : {}),
  };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const PREVIEW_FEES_ERRORS = [] as const satisfies readonly ErrorCode[];
