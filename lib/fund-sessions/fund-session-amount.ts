// What a payer may pay into a fund session: whole cents, positive, within the session's limits (a campaign: the
// payer's choice between the minimum and the maximum; a distribution: the amount due by default, at most that).
import { AppError } from "../core/errors.ts";
import { decodeUsdc, MICROS_PER_CENT, microsToUsdc } from "../core/usdc.ts";
import { MAX_CAMPAIGN_FUNDING_MICROS, MIN_CAMPAIGN_FUNDING_MICROS } from "./fund-session-rules.ts";

const amountError = (message: string) => new AppError("VALIDATION_ERROR", `amountUsdc ${message}.`, { details: [{ field: "amountUsdc", message }] });

const usd = (micros: bigint) => `${microsToUsdc(micros).toFixed(2)} USDC`;

/** The micro-units to pay (400 VALIDATION_ERROR naming amountUsdc otherwise). */
export const fundSessionAmount = (s: { targetType: string; requestedMicros: bigint | null }, amountUsdc: number | string | undefined): bigint => {
  const [min, max] = s.targetType === "campaign" ? [MIN_CAMPAIGN_FUNDING_MICROS, MAX_CAMPAIGN_FUNDING_MICROS] : [MICROS_PER_CENT, s.requestedMicros!];
  if (amountUsdc === undefined || amountUsdc === "") {
    if (s.targetType === "campaign") throw amountError("is required: the payer chooses how much to put into the campaign");
    return s.requestedMicros!;
  }
  const r = decodeUsdc(amountUsdc, { min: 0n, max: 10n ** 18n });
  if (!("micros" in r) || r.micros % MICROS_PER_CENT !== 0n) throw amountError("must be an amount in dollars with at most 2 decimals, for example 25 or 12.50");
  if (r.micros < min || r.micros > max)
    throw amountError(
      s.targetType === "campaign" ? `must be between ${usd(min)} and ${usd(max)}` : `must be more than 0 and at most the amount due, ${usd(max)}`,
    );
  return r.micros;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const FUND_SESSION_AMOUNT_ERRORS = ["VALIDATION_ERROR"] as const satisfies readonly ErrorCode[];
