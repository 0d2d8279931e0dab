import { unprocessable } from "../core/errors.ts";

const MAX_BIGINT = 9_223_372_036_854_775_807n;

/** units × the rate captured at request time, in base units (USDC micro-units). */
export const convertUnits = (units: bigint, baseUnitsPerVcUnit: string): bigint => {
  const converted = units * BigInt(baseUnitsPerVcUnit);
  if (converted > MAX_BIGINT)
    throw unprocessable("AMOUNT_OUT_OF_RANGE", `${units} units at ${baseUnitsPerVcUnit} base units each is more than a balance can hold.`);
  return converted;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const CONVERT_UNITS_ERRORS = ["AMOUNT_OUT_OF_RANGE"] as const satisfies readonly ErrorCode[];
