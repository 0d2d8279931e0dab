// The one USDC codec: micro-units (6 decimals, bigint) inside; decimal strings ("12.50") or decimal
// numbers (5.5) at the API edge. Amounts are parsed from their decimal text, never through float
// arithmetic, so 0.1 is exactly 100000 micros; more than 6 significant decimals is refused, not rounded.
// Core: imports nothing from lib/.
import { MAX_UNITS } from "./schemas.ts";

export const MICROS_PER_USDC = 1_000_000n;
/** One US cent in USDC micro-units: prices in cents pay 1:1 in USDC. */
export const MICROS_PER_CENT = 10_000n;

/** The default limit of one amount: MAX_UNITS micro-units (999999999.999999 USDC). */
export const MAX_USDC_MICROS = MAX_UNITS;
/** The limit of parseUsdc (wallet strings): 12 whole digits, 999999999999.999999 USDC. */
export const MAX_USDC_STRING_MICROS = 999_999_999_999_999_999n;

/** "12.50" for 12_500_000n: at least two decimals, at most six, trailing zeros past the second dropped. */
export const formatUsdc = (micros: bigint): string => {
  const sign = micros < 0n ? "-" : "";
  const abs = micros < 0n ? -micros : micros;
  const whole = abs / MICROS_PER_USDC;
  const frac = (abs % MICROS_PER_USDC).toString().padStart(6, "0").replace(/0+$/, "").padEnd(2, "0");
  return `${sign}${whole}.${frac}`;
};

/** The exact decimal number of a micro-unit amount: 5_500_000n → 5.5 (parsed from its decimal string, never divided as a float). */
export const microsToUsdc = (micros: bigint): number => {
  const sign = micros < 0n ? "-" : "";
  const abs = micros < 0n ? -micros : micros;
  return Number(`${sign}${abs / MICROS_PER_USDC}.${String(abs % MICROS_PER_USDC).padStart(6, "0")}`);
};

/** Why an amount was refused. */
export type UsdcRefusal = "malformed" | "too-precise" | "not-positive" | "too-large";

/**
 * The micro-units of a USDC amount (a number, or a decimal string, trimmed), or why it was refused.
 * The limits are the API's: `min` (1 micro-unit: positive, unless the API says otherwise) and `max`
 * (MAX_USDC_MICROS unless the API says otherwise). Exponents, signs, a lone "." and non-finite numbers
 * are malformed.
 */
export const decodeUsdc = (
  value: number | string,
  { min = 1n, max = MAX_USDC_MICROS }: { min?: bigint; max?: bigint } = {},
): { micros: bigint } | { refused: UsdcRefusal } => {
  const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : value.trim();
  const m = /^([0-9]+)(?:\.([0-9]+))?$/.exec(text);
  if (!m) return { refused: "malformed" };
  const frac = (m[2] ?? "").replace(/0+$/, "");
  if (frac.length > 6) return { refused: "too-precise" };
  const micros = BigInt(m[1]) * MICROS_PER_USDC + BigInt(frac.padEnd(6, "0") || "0");
  if (micros < min) return { refused: "not-positive" };
  if (micros > max) return { refused: "too-large" };
  return { micros };
};

/** The campaign API's messages for each refusal (the limit's is computed from `max`). */
const refusalMessage = (refused: UsdcRefusal, max: bigint): string =>
  ({
    malformed: "must be a positive USDC amount, for example 5 or 2.5",
    "too-precise": "must have at most 6 decimals (USDC has 6), for example 0.000001",
    "not-positive": "must be greater than 0",
    "too-large": `must be at most ${microsToUsdc(max)} USDC`,
  })[refused];

/** The micro-units of a positive USDC amount given as a number or a decimal string, or an error message. */
export const parseUsdcAmount = (value: number | string, { max = MAX_USDC_MICROS }: { max?: bigint } = {}): bigint | string => {
  const r = decodeUsdc(value, { max });
  return "micros" in r ? r.micros : refusalMessage(r.refused, max);
};

/**
 * The inverse of formatUsdc: micro-units of a non-negative decimal string with at most 6 decimals and
 * 12 whole digits ("12.5" → 12_500_000n); null when refused. Callers check positivity themselves.
 */
export const parseUsdc = (value: string): bigint | null => {
  const r = decodeUsdc(value, { min: 0n, max: MAX_USDC_STRING_MICROS });
  return "micros" in r ? r.micros : null;
};
