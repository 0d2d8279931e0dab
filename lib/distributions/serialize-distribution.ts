import type { Distribution, DistributionLineItem } from "../db/generated/client.ts";
import { ppmToPercent, type FeeLineItem, type FeeType } from "../fees/fees.ts";
import type { SplitMode } from "../split-templates/schemas.ts";
import type { DistributionStatus } from "./distribution-states.ts";
import type { DistributionResource } from "./schemas.ts";

export const MICROS_PER_CENT = 10_000n;

/** A fee line item as stored (JSON: bigints as strings). */
export type StoredFee = {
  label: string;
  feeType: FeeType;
  ppm: string;
  flatCents: string;
  recipientWallet: string | null;
  source: "service" | "platform";
  amountCents: string;
};

export const storeFee = (f: FeeLineItem): StoredFee => ({
  label: f.label,
  feeType: f.feeType,
  ppm: String(f.ppm),
  flatCents: String(f.flatCents),
  recipientWallet: f.recipientWallet,
  source: f.source,
  amountCents: String(f.amountCents),
});

export const storedFees = (d: Distribution): StoredFee[] => d.feeLineItems as StoredFee[];

export const serializeFee = (f: StoredFee) => ({
  label: f.label,
  percentage: ppmToPercent(BigInt(f.ppm)),
  flat: Number(f.flatCents),
  feeType: f.feeType,
  recipientWallet: f.recipientWallet,
  source: f.source,
  amountCents: Number(f.amountCents),
});

export const serializeDistribution = (d: Distribution & { lineItems: DistributionLineItem[] }): DistributionResource => ({
  _id: d.id,
  businessId: d.businessId,
  mode: d.mode as SplitMode,
  totalAmountCents: Number(d.totalAmountCents),
  status: d.status as DistributionStatus,
  payoutPath: d.payoutPath as "partner" | "fund_session",
  currency: "USD",
  lineItems: [...d.lineItems]
    .sort((a, b) => a.position - b.position)
    .map((l) => ({
      lineItemId: l.id,
      email: l.email,
      userRef: l.userRef,
      name: l.name,
      method: l.method as "direct_transfer" | "gift",
      percentage: l.ppm === null ? null : ppmToPercent(l.ppm),
      amountCents: Number(l.amountCents),
      status: l.status,
    })),
  totalFeeCents: Number(d.totalFeeCents),
  feeLineItems: storedFees(d).map(serializeFee),
  fundingRequiredCents: Number(d.totalAmountCents + d.totalFeeCents),
  fundedCents: Number(d.fundedMicros / MICROS_PER_CENT),
  templateId: d.templateId,
  memo: d.memo,
  createdByPlatformId: d.platformId,
  createdAt: d.createdAt.toISOString(),
  updatedAt: d.updatedAt.toISOString(),
});

/** The data of Platform.Distribution.Created. */
export const distributionCreatedData = (d: Distribution, recipientCount: number) => ({
  distributionId: d.id,
  businessId: d.businessId,
  totalAmountCents: Number(d.totalAmountCents),
  currency: d.currency,
  recipientCount,
  status: d.status,
  templateId: d.templateId,
  memo: d.memo,
});
