// Invoice arithmetic in integer cents (bigint): line amounts, fee amounts, totals. Dollars exist only at the API edge.
import { feeAmountCents as sharedFeeAmountCents, percentToPpm } from "../fees/fees.ts";

/** Dollars (a number with at most 2 decimals, already validated) → cents. */
export const toCents = (dollars: number): bigint => BigInt(Math.round(dollars * 100));
/** Cents → dollars for the API (exact for every cent amount below 2^53). */
export const toDollars = (cents: bigint): number => Number(cents) / 100;

/** Whether `n` has at most `places` decimals (within float noise). */
export const hasAtMostDecimals = (n: number, places: number): boolean => {
  const scaled = n * 10 ** places;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

/** a/b rounded half up, for a ≥ 0 and b > 0. */
const divRound = (a: bigint, b: bigint): bigint => (a * 2n + b) / (2n * b);

/** A quantity (≤ 4 decimals) times a rate in cents, rounded half up to the cent. */
export const lineAmountCents = (quantity: number, rateCents: bigint): bigint => divRound(BigInt(Math.round(quantity * 10_000)) * rateCents, 10_000n);

export type FeeDefinition = { label: string; percentage: number | null; flatCents: bigint; recipientWallet: string };

/**
 * flat + percentage × amount (percentage as 2.5 for 2.5%, ≤ 4 decimals), rounded half up to the cent: the
 * distributions' fee function (lib/fees, feeType flat_rate_plus_percentage), so both round alike.
 */
export const feeAmountCents = (fee: Pick<FeeDefinition, "percentage" | "flatCents">, amountCents: bigint): bigint =>
  sharedFeeAmountCents({ feeType: "flat_rate_plus_percentage", ppm: percentToPpm(fee.percentage ?? 0) ?? 0n, flatCents: fee.flatCents }, amountCents, 1);

export type ItemInput = { description: string; quantity: number; rate: number };
export type ComputedItem = { description: string; quantity: number; rateCents: bigint; amountCents: bigint };
export type ComputedFee = FeeDefinition & { amountCents: bigint };

export type InvoiceTotals = {
  items: ComputedItem[];
  fees: ComputedFee[];
  subtotalCents: bigint;
  taxCents: bigint;
  /** invoiceAmount: items + tax */
  totalCents: bigint;
  /** payerFee: the fees, paid by the receiver on top */
  feeCents: bigint;
  /** totalCharged */
  chargedCents: bigint;
};

/** Every amount of an invoice from its items, tax and fee definitions. */
export const computeInvoice = ({ items, taxCents, fees }: { items: ItemInput[]; taxCents: bigint; fees: FeeDefinition[] }): InvoiceTotals => {
  const computedItems = items.map((i) => {
    const rateCents = toCents(i.rate);
    return { description: i.description, quantity: i.quantity, rateCents, amountCents: lineAmountCents(i.quantity, rateCents) };
  });
  const subtotalCents = computedItems.reduce((s, i) => s + i.amountCents, 0n);
  const totalCents = subtotalCents + taxCents;
  const computedFees = fees.map((f) => ({ ...f, amountCents: feeAmountCents(f, totalCents) }));
  const feeCents = computedFees.reduce((s, f) => s + f.amountCents, 0n);
  return { items: computedItems, fees: computedFees, subtotalCents, taxCents, totalCents, feeCents, chargedCents: totalCents + feeCents };
};

/** The expected-total tolerance: 0.01 dollars (platform-api.md Limits). */
export const EXPECTED_TOTAL_TOLERANCE_CENTS = 1n;
