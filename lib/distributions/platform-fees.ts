import { AppError, type ErrorDetail } from "../core/errors.ts";
import { percentToPpm, type FeeDefinition } from "../fees/fees.ts";
import type { FeeInput } from "./schemas.ts";

/** The platform's fees of a create body in exact units; a percentage with more than 4 decimals or above 100 is 400 INVALID_SPLIT naming it. */
export const platformFees = (fees: FeeInput[] = []): FeeDefinition[] => {
  const details: ErrorDetail[] = [];
  const out = fees.map((f, i) => {
    const ppm = percentToPpm(f.percentage);
    if (ppm === null) details.push({ field: `fees.${i}.percentage`, message: "must be from 0 to 100 with at most 4 decimals" });
    return {
      label: f.label,
      feeType: f.feeType,
      ppm: ppm ?? 0n,
      flatCents: BigInt(f.flat),
      recipientWallet: f.recipientWallet.toLowerCase(),
      source: "platform" as const,
    };
  });
  if (details.length) throw new AppError("INVALID_SPLIT", `Invalid fee: ${details.map((d) => `${d.field} ${d.message}`).join("; ")}.`, { details });
  return out;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const PLATFORM_FEES_ERRORS = ["INVALID_SPLIT"] as const satisfies readonly ErrorCode[];
