// The service's own fee on a distribution: a business's pricing row, else the global default from the
// configuration. It is always applied (a platform cannot opt out of it). docs/fees.md.
import { config, type Env } from "../config/env.ts";
import type { DbContext } from "../core/context.ts";
import { percentToPpm, type FeeDefinition, type FeeType } from "./fees.ts";

export const SERVICE_FEE_LABEL = "Coinop service fee";

/** The global default: DISTRIBUTION_FEE_PERCENTAGE (default "1"), DISTRIBUTION_FEE_FLAT_CENTS (default "0"). */
export const defaultServiceFee = (env: Partial<Pick<Env, "DISTRIBUTION_FEE_PERCENTAGE" | "DISTRIBUTION_FEE_FLAT_CENTS">> = config()): FeeDefinition => {
  const raw = env.DISTRIBUTION_FEE_PERCENTAGE ?? "1";
  const ppm = /^[0-9]{1,3}(\.[0-9]{1,4})?$/.test(raw.trim()) ? percentToPpm(Number(raw)) : null;
  if (ppm === null) throw new Error(`DISTRIBUTION_FEE_PERCENTAGE must be a percentage from 0 to 100 with at most 4 decimals, got ${JSON.stringify(raw)}`);
  const flat = env.DISTRIBUTION_FEE_FLAT_CENTS ?? "0";
  if (!/^[0-9]{1,9}$/.test(flat)) throw new Error(`DISTRIBUTION_FEE_FLAT_CENTS must be a whole number of cents, got ${JSON.stringify(flat)}`);
  return { label: SERVICE_FEE_LABEL, feeType: "flat_rate_plus_percentage", ppm, flatCents: BigInt(flat), recipientWallet: null, source: "service" };
};

/**
 * The service fee for a business: its DistributionPricing row (an operator sets it) or the default. A
 * fee of 0 % and 0 cents counts as "no service fee configured" (fee-preview then lists no fees).
 */
export const serviceFeeFor = async (ctx: DbContext, { businessId }: { businessId: string }): Promise<FeeDefinition | null> => {
  const row = await ctx.db.distributionPricing.findUnique({ where: { businessId } });
  const fee: FeeDefinition = row
    ? {
        label: row.label || SERVICE_FEE_LABEL,
        feeType: row.feeType as FeeType,
        ppm: row.ppm,
        flatCents: row.flatCents,
        recipientWallet: null,
        source: "service",
      }
    : defaultServiceFee();
  return fee.ppm === 0n && fee.flatCents === 0n ? null : fee;
};
