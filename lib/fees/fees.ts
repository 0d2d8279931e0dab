// Distribution fee and split arithmetic, in integer cents (bigint). Pure: no database, no configuration.
// The rounding rules are written down in docs/fees.md and property-tested in fees.test.ts.
//
//   percentages travel as ppm (parts per million of the total): 2.5 % = 25 000 ppm, 100 % = 1 000 000 ppm
//   a fee       = flat (× recipientCount for per_payout_plus_percentage) + roundHalfUp(ppm × total / 10^6)
//   a split     = largest remainder: floor shares, then the left-over cents one each to the largest
//                 remainders (ties: the earlier recipient), so the parts always sum to the total exactly

export const FEE_TYPES = ["flat_rate_plus_percentage", "per_payout_plus_percentage"] as const;
export type FeeType = (typeof FEE_TYPES)[number];

/** 100 % in ppm. */
export const FULL_PPM = 1_000_000n;

/** A percentage (2.5 for 2.5 %) with at most 4 decimals, 0..100 → ppm; null when it has more decimals or is out of range. */
export const percentToPpm = (percentage: number): bigint | null => {
  if (!Number.isFinite(percentage) || percentage < 0 || percentage > 100) return null;
  const scaled = percentage * 10_000;
  const rounded = Math.round(scaled);
  if (Math.abs(scaled - rounded) > 1e-6) return null;
  return BigInt(rounded);
};

/** ppm → a percentage number for the API (exact for every 4-decimal percentage). */
export const ppmToPercent = (ppm: bigint): number => Number(ppm) / 10_000;

/** The largest dollar amount accepted anywhere in a distribution (10 billion). */
export const MAX_DOLLARS = 10_000_000_000;
/** The most a distribution (or a fixed split) may move, fees included, in cents: $10,000,000,000. */
export const MAX_TOTAL_CENTS = 1_000_000_000_000;

/** A dollar amount with at most 2 decimals → cents; null when it has fractions of a cent, is negative or not finite. */
export const dollarsToCents = (dollars: number): bigint | null => {
  if (!Number.isFinite(dollars) || dollars < 0 || dollars > MAX_DOLLARS) return null;
  const scaled = dollars * 100;
  const rounded = Math.round(scaled);
  // float noise of ×100 only (a few ulps), never a real fraction of a cent
  if (Math.abs(scaled - rounded) > Math.max(1e-7, Math.abs(scaled) * 8 * Number.EPSILON)) return null;
  return BigInt(rounded);
};

/** cents → dollars for the API (exact for every cent amount below 2^53). */
export const centsToDollars = (cents: bigint): number => Number(cents) / 100;

/** a × ppm / 10^6, rounded half up (a ≥ 0, ppm ≥ 0). */
export const ppmOf = (amountCents: bigint, ppm: bigint): bigint => (amountCents * ppm * 2n + FULL_PPM) / (2n * FULL_PPM);

/** A fee as defined (by the service or the platform), in exact units. */
export type FeeDefinition = {
  label: string;
  feeType: FeeType;
  /** parts per million of the distribution total */
  ppm: bigint;
  /** cents: once (flat_rate_plus_percentage) or per recipient (per_payout_plus_percentage) */
  flatCents: bigint;
  /** where the fee is paid; null for the service's own fee (paid to the service's fee account) */
  recipientWallet: string | null;
  source: "service" | "platform";
};

export type FeeLineItem = FeeDefinition & { amountCents: bigint };

/** The amount of one fee on a distribution of `totalCents` to `recipientCount` recipients. */
export const feeAmountCents = (fee: Pick<FeeDefinition, "feeType" | "ppm" | "flatCents">, totalCents: bigint, recipientCount: number): bigint => {
  const flat = fee.feeType === "per_payout_plus_percentage" ? fee.flatCents * BigInt(recipientCount) : fee.flatCents;
  return flat + ppmOf(totalCents, fee.ppm);
};

export type DistributionTotals = {
  feeLineItems: FeeLineItem[];
  totalFeeCents: bigint;
  /** what the business must fund: totalAmountCents + totalFeeCents */
  fundingRequiredCents: bigint;
};

/** The fee line items of a distribution (the service's fee first, then the platform's in the order sent) and its funding total. */
export const computeDistributionTotals = ({
  totalAmountCents,
  recipientCount,
  fees,
}: {
  totalAmountCents: bigint;
  recipientCount: number;
  fees: FeeDefinition[];
}): DistributionTotals => {
  const feeLineItems = fees.map((f) => ({ ...f, amountCents: feeAmountCents(f, totalAmountCents, recipientCount) }));
  const totalFeeCents = feeLineItems.reduce((s, f) => s + f.amountCents, 0n);
  return { feeLineItems, totalFeeCents, fundingRequiredCents: totalAmountCents + totalFeeCents };
};

/**
 * Splits `totalCents` by shares in ppm that sum to 10^6 (largest remainder): every part is the floor of its
 * exact share, and the cents left over go one each to the parts with the largest remainders (ties: the
 * earlier part). The parts sum to the total exactly and each differs from its exact share by less than a cent.
 */
export const splitByPpm = (totalCents: bigint, ppms: bigint[]): bigint[] => {
  const sum = ppms.reduce((s, p) => s + p, 0n);
  if (sum !== FULL_PPM) throw new Error(`shares must sum to ${FULL_PPM} ppm, got ${sum}`);
  if (totalCents < 0n) throw new Error("total must not be negative");
  const parts = ppms.map((p) => (totalCents * p) / FULL_PPM);
  const remainders = ppms.map((p, i) => ({ i, r: (totalCents * p) % FULL_PPM }));
  let left = totalCents - parts.reduce((s, p) => s + p, 0n);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0n) break;
    parts[i] += 1n;
    left -= 1n;
  }
  return parts;
};
